import { homedir } from 'node:os';
import { isRecord, resolveEventIn } from '@hookwire/contract';
import { locateProjectDir } from '../config-location.js';
import { HOST_NAMES, HOSTS, INIT_HOST_NAMES, isManagedHostName, MANAGED_FILES, type HostName, type ManagedFileProfile } from '../hosts.js';
import { listBridgeEntries } from './bridge-entries.js';
import { checkConfigLayers, findOrgConfigOnLines } from './config-layers.js';
import { note, ok, problem, type DoctorReport, type Finding, type HostReport, type SettingsLevel, type WiredFile } from './findings.js';
import { listHostSettingsFiles, readSettingsFile, type DoctorPlaces } from './host-files.js';
import { checkLive } from './live-check.js';
import { checkExtensionHost } from './extension-hosts.js';
import { checkOpenCode } from './opencode.js';
import { checkSuppression } from './suppression.js';

/** The hosts that also read Claude Code's settings files (docs/hosts-setup.md, research on Copilot CLI 1.0.102): a Claude Code bridge there runs under them too. */
const READS_CLAUDE_SETTINGS: Partial<Record<HostName, readonly SettingsLevel[]>> = {
  cursor: ['project', 'local', 'user'],
  copilot: ['project', 'local'],
};

const LEVEL_ORDER: readonly SettingsLevel[] = ['project', 'local', 'user', 'managed'];

export interface DoctorOptions {
  explicitConfig?: readonly string[];
  env?: Record<string, string | undefined>;
  cwd?: string;
  home?: string;
  platform?: NodeJS.Platform;
}

interface ReadHost {
  report: HostReport;
  /** Every bridge entry, with its file and level. */
  entries: { file: string; level: SettingsLevel; event: string; command: string }[];
  /** The entries the host runs, for the live check and duplicates: under a managed-only lock, with a managed bridge, only the managed ones. */
  running: ReadHost['entries'];
  found: boolean;
}

function readHost(host: HostName, places: DoctorPlaces): ReadHost {
  const profile = HOSTS[host];
  const findings: Finding[] = [];
  const files: { file: { file: string; level: SettingsLevel }; settings: unknown }[] = [];
  for (const file of listHostSettingsFiles(host, places)) {
    const read = readSettingsFile(file.file);
    if (read === undefined) continue;
    if (!read.ok) {
      findings.push(problem('settings', `${file.file} cannot be read: ${read.message}`, `fix ${file.file}: the host reads no hook from it (or refuses to start)`, file.file));
      files.push({ file, settings: undefined });
      continue;
    }
    files.push({ file, settings: read.value });
  }
  const entries = files.flatMap(({ file, settings }) => listBridgeEntries(settings, profile).map((entry) => ({ ...entry, file: file.file, level: file.level })));
  const wired: WiredFile[] = [];
  for (const entry of entries) {
    const known = wired.find((w) => w.file === entry.file);
    if (known === undefined) wired.push({ file: entry.file, level: entry.level, events: [entry.event] });
    else if (!known.events.includes(entry.event)) known.events.push(entry.event);
  }
  const wiredEvents = new Set(entries.map((entry) => entry.event));
  const missingEvents = wired.length === 0 ? [] : profile.events.map((event) => event.name).filter((name) => !wiredEvents.has(name));
  const found = files.some(({ file }) => file.level !== 'managed') || wired.length > 0;
  if (found) {
    if (wired.length === 0) findings.unshift(note('wired', `${host} is set up here (${files.map(({ file }) => file.file).join(', ')}) but runs no hookwire bridge`, `hookwire init --host ${host}, if hookwire should guard ${host} sessions`));
    else {
      findings.unshift(ok('wired', `the bridge runs from ${wired.map((w) => `${w.file} (${w.level}, ${w.events.length} event${w.events.length === 1 ? '' : 's'})`).join(', ')}`));
      if (missingEvents.length > 0) findings.push(note('events', `no bridge on ${missingEvents.join(', ')}: hooks on ${missingEvents.length === 1 ? 'that event' : 'those events'} never run under ${host}`, `hookwire init --host ${host} adds them`));
      findings.push(...checkSuppression({ host, files, wired, places }, [...new Set(entries.map((entry) => entry.command))]));
    }
  }
  // Claude Code's allowManagedHooksOnly, Codex's allow_managed_hooks_only: the other levels' entries are skipped.
  const lockKey = isManagedHostName(host) ? (MANAGED_FILES[host] as ManagedFileProfile).lockKey : undefined;
  const locked = lockKey !== undefined && files.some(({ file, settings }) => file.level === 'managed' && isRecord(settings) && settings[lockKey] === true);
  const managed = entries.filter((entry) => entry.level === 'managed');
  const running = locked && managed.length > 0 ? managed : entries;
  return { report: { host, files: files.map(({ file }) => file.file), wired, missingEvents, findings }, entries, running, found };
}

/** The first few items of a list, then how many more. */
function listBriefly(items: readonly string[], shown = 3): string {
  return items.length <= shown ? items.join(', ') : `${items.slice(0, shown).join(', ')} and ${items.length - shown} more events`;
}

/** One event's bridge in more than one entry: the host runs each, so every hook runs that many times. */
function findDuplicates(host: string, entries: ReadHost['entries']): Finding[] {
  const byEvent = new Map<string, string[]>();
  for (const entry of entries) byEvent.set(entry.event, [...(byEvent.get(entry.event) ?? []), entry.file]);
  const doubled = [...byEvent].filter(([, files]) => files.length > 1);
  if (doubled.length === 0) return [];
  const files = [...new Set(doubled.flatMap(([, f]) => f))];
  return [
    problem(
      'duplicate',
      `the bridge is registered more than once on ${listBriefly(doubled.map(([event, f]) => `${event} (${f.length}×)`))}, in ${files.join(', ')}: ${host} runs every hook that many times`,
      files.length > 1 ? `keep the bridge in one of these files (hookwire init --host ${host} --uninstall --dir DIR removes init's entries from a project)` : `remove the extra entries from ${files[0]}`,
    ),
  ];
}

/** The entry the live check runs: the host's own tool:before bridge, from the most local file. */
function pickLiveEntry(host: HostName, entries: ReadHost['entries']): ReadHost['entries'][number] | undefined {
  const dialect = HOSTS[host].dialect;
  return entries
    .filter((entry) => resolveEventIn(dialect, entry.event) === 'tool:before')
    .sort((a, b) => LEVEL_ORDER.indexOf(a.level) - LEVEL_ORDER.indexOf(b.level))[0];
}

function count(report: Omit<DoctorReport, 'ok' | 'problems' | 'notes'>, status: string): number {
  const all = [...report.config.findings, ...report.hosts.flatMap((host) => host.findings), ...report.findings];
  return all.filter((finding) => finding.status === status).length;
}

/** Runs every check of `hookwire doctor` and returns the report (no output; the command prints it). */
export async function runDoctor(options: DoctorOptions = {}): Promise<DoctorReport> {
  const env = options.env ?? process.env;
  const home = options.home ?? homedir();
  const projectDir = locateProjectDir({ env, cwd: options.cwd ?? process.cwd() }).dir;
  const places: DoctorPlaces = { projectDir, home, env, managedRoot: env.HOOKWIRE_MANAGED_ROOT || '/', platform: options.platform ?? process.platform };
  const read = new Map(HOST_NAMES.map((host) => [host, readHost(host, places)] as const));
  // A managed install names the organisation layer on its bridge line (--org-config): the layer those hooks load.
  const orgOnLines = findOrgConfigOnLines([...read.values()].flatMap((state) => state.entries.map((entry) => entry.command)));
  const config = await checkConfigLayers({ ...(options.explicitConfig === undefined ? {} : { explicit: options.explicitConfig }), env, projectDir, home, orgOnLines });
  const hosts: HostReport[] = [];
  for (const [host, state] of read) {
    if (!state.found) continue;
    const { report, entries, running } = state;
    if (entries.length > 0) {
      report.findings.push(...findDuplicates(host, running));
      const claude = read.get('claude')!;
      const levels = READS_CLAUDE_SETTINGS[host];
      const shared = levels === undefined ? [] : [...new Set(claude.entries.filter((entry) => levels.includes(entry.level)).map((entry) => entry.file))];
      if (shared.length > 0) {
        report.findings.push(
          problem('duplicate', `${host} also runs the Claude Code bridge in ${shared.join(', ')}: with its own bridge, every hook runs twice in ${host}`, `keep one of the two: hookwire init --host ${host} --uninstall (${host} then runs the Claude Code entries), or remove the Claude Code bridge`),
        );
      }
      const live = pickLiveEntry(host, running);
      if (live === undefined) report.findings.push(note('live', `no bridge on ${host}'s tool-call event: nothing to run a live check on`));
      else {
        const profile = HOSTS[host];
        const hostEnv = { ...env, ...('projectDirVar' in profile ? { [profile.projectDirVar]: projectDir } : {}) };
        report.findings.push(...(await checkLive({ host, dialect: profile.dialect, command: live.command, file: live.file, projectDir, env: hostEnv, hasRulePack: config.hasRulePack })));
      }
    }
    hosts.push(report);
  }
  const opencode = checkOpenCode(places);
  if (opencode !== undefined) hosts.push(opencode);
  for (const host of ['pi', 'openclaw'] as const) {
    const extension = await checkExtensionHost(host, places, config.hasRulePack);
    if (extension !== undefined) hosts.push(extension);
  }
  const findings: Finding[] = [];
  if (!hosts.some((host) => host.wired.length > 0)) {
    findings.push(problem('wired', `no host runs hookwire here: no settings file in ${projectDir} or ${home} has a hookwire bridge`, `hookwire init --host ${INIT_HOST_NAMES.join('|')}`));
  }
  const report = { version: 1 as const, projectDir, config: { layers: config.layers, findings: config.findings }, hosts, findings };
  const problems = count(report, 'problem');
  return { version: 1, projectDir, ok: problems === 0, problems, notes: count(report, 'note'), config: report.config, hosts, findings };
}
