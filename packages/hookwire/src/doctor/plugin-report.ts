import { ok, problem, type Finding, type HostReport, type SettingsLevel, type WiredFile } from './findings.js';

/** One way a plugin host loads hookwire: a plugin (extension) file, or an entry of a host config list naming it. */
export interface PluginRegistration {
  file: string;
  level: SettingsLevel;
}

/**
 * The report of a plugin host (OpenCode, pi, OpenClaw): hooks are in-process plugins there, so
 * "wired" means hookwire's plugin is loaded, and loaded more than once runs every hook that many
 * times. `findings` (what the host's own checks found) follow the wired and duplicate lines.
 */
export function reportPluginHost(options: {
  host: string;
  /** What is loaded, for people: "@hookwire/opencode", "the hookwire extension". */
  what: string;
  /** The host's files that exist, besides the registrations' own. */
  files: readonly string[];
  registrations: readonly PluginRegistration[];
  /** Said when the host is set up here without hookwire. */
  absent: string;
  /** How to keep one, when it is loaded more than once; undefined when the host's own check says it. */
  duplicateFix: string | undefined;
  findings: readonly Finding[];
}): HostReport {
  const { host, what, registrations } = options;
  const files = [...new Set([...options.files, ...registrations.map((r) => r.file)])];
  if (registrations.length === 0) return { host, files, wired: [], missingEvents: [], findings: [ok('wired', options.absent), ...options.findings] };
  const found: Finding[] = [ok('wired', `${what} is loaded by ${registrations.map((r) => `${r.file} (${r.level})`).join(', ')}`)];
  if (registrations.length > 1 && options.duplicateFix !== undefined) {
    found.push(problem('duplicate', `${what} is loaded ${registrations.length} times (${registrations.map((r) => r.file).join(', ')}): ${host} runs every hook that many times`, options.duplicateFix));
  }
  const wired: WiredFile[] = [...new Map(registrations.map((r) => [r.file, { file: r.file, level: r.level, events: [] as string[] }])).values()];
  return { host, files, wired, missingEvents: [], findings: [...found, ...options.findings] };
}
