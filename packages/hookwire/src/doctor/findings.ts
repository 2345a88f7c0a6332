/**
 * What `hookwire doctor` reports: findings grouped by host, each one line with a fix. The JSON
 * form (`--json`) is this shape, version 1; docs/doctor.md documents it.
 */

/** `ok`: checked and fine (✓). `problem`: hookwire is off, broken or doubled somewhere (✗, exit 1). `note`: worth knowing, changes nothing by itself (!). */
export type FindingStatus = 'ok' | 'problem' | 'note';

/** One line of the report. `check` is a stable identifier scripts can match on (docs/doctor.md lists them). */
export interface Finding {
  status: FindingStatus;
  check: string;
  message: string;
  /** One line saying what to do; set on every problem. */
  fix?: string;
  /** The file the finding is about, when it is about one. */
  file?: string;
}

/** A settings file of a host that runs the bridge, and on which of the host's events. */
export interface WiredFile {
  file: string;
  /** `project`, `local` (Claude Code's settings.local.json), `user` or `managed` (system-wide). */
  level: SettingsLevel;
  /** The host's event names that run the bridge in this file. */
  events: string[];
}

export type SettingsLevel = 'project' | 'local' | 'user' | 'managed';

export interface HostReport {
  /** The `init --host` name (`claude`, `gemini`, `codex`, `copilot`, `cursor`, `opencode`). */
  host: string;
  /** The host's settings files that exist (in the project, the user's home or system-wide). */
  files: string[];
  /** The files that run the bridge. */
  wired: WiredFile[];
  /** Events `hookwire init` would wire that no file here wires. */
  missingEvents: string[];
  findings: Finding[];
}

export interface ConfigLayer {
  file: string;
  /**
   * What named it: `org` (the organisation layer: `--org-config` on a host's bridge line,
   * `$HOOKWIRE_ORG_CONFIG`, or the bundle `bundle pull` cached), `--config`, `$HOOKWIRE_CONFIG`,
   * `user` (~/.config/hookwire/config.json) or `project` (.hookwire.json).
   */
  from: 'org' | 'flag' | 'env' | 'user' | 'project';
}

export interface DoctorReport {
  version: 1;
  projectDir: string;
  /** True exactly when no finding is a problem (exit 0). */
  ok: boolean;
  problems: number;
  notes: number;
  config: { layers: ConfigLayer[]; findings: Finding[] };
  hosts: HostReport[];
  /** What is about no one host (no host runs the bridge at all). */
  findings: Finding[];
}

export function ok(check: string, message: string, file?: string): Finding {
  return { status: 'ok', check, message, ...(file === undefined ? {} : { file }) };
}

export function problem(check: string, message: string, fix: string, file?: string): Finding {
  return { status: 'problem', check, message, fix, ...(file === undefined ? {} : { file }) };
}

export function note(check: string, message: string, fix?: string, file?: string): Finding {
  return { status: 'note', check, message, ...(fix === undefined ? {} : { fix }), ...(file === undefined ? {} : { file }) };
}
