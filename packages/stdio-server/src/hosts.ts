import { CANONICAL_EVENT_NAMES, eventNameIn, eventTraits, hasEvent, type DialectName } from '@hookwire/contract';

/** What `hookwire init` and the config lookup need to know about one host: data, so a host is one more row. */
export interface HostProfile {
  /** The `--dialect` the bridge speaks for this host. */
  dialect: DialectName;
  /** The environment variable the host sets to the project's root when it runs a hook. */
  projectDirVar: string;
  /** The host's project settings file, relative to the project directory. */
  settingsPath: string;
  /** The host's name for each event hookwire handles, and whether that event's entries take a matcher. */
  events: readonly { name: string; matcher: boolean }[];
  /** The program the host runs per event: the project's installed bin, quoted, never a registry lookup. */
  bridgeProgram: string;
  /** The host's name of its shell tool: the starter guard's matcher. */
  shellTool: string;
  /** The host's own limit for the bridge, in its unit (Claude Code: seconds); above `--budget`. */
  timeout: number;
}

/** The bridge's own bound (seconds), below the host timeout so that hookwire, not the host, decides what a slow hook means. */
export const BRIDGE_BUDGET_SEC = 110;
export const HOST_TIMEOUT_SEC = 120;

/**
 * The events a host's settings register the bridge on, derived from its dialect: every event the
 * host has, each with a matcher (`*`) exactly when the event has a subject to match.
 */
export function hostEvents(dialect: DialectName): { name: string; matcher: boolean }[] {
  return CANONICAL_EVENT_NAMES.filter((event) => hasEvent(dialect, event)).map((event) => ({
    name: eventNameIn(dialect, event),
    matcher: eventTraits(event).subject !== 'none',
  }));
}

export const HOSTS = {
  claude: {
    dialect: 'claude',
    projectDirVar: 'CLAUDE_PROJECT_DIR',
    settingsPath: '.claude/settings.json',
    events: hostEvents('claude'),
    bridgeProgram: '"$CLAUDE_PROJECT_DIR"/node_modules/.bin/hookwire',
    shellTool: 'Bash',
    timeout: HOST_TIMEOUT_SEC,
  },
} as const satisfies Record<string, HostProfile>;

export type HostName = keyof typeof HOSTS;

export const HOST_NAMES = Object.keys(HOSTS) as readonly HostName[];

export function isHostName(name: string): name is HostName {
  return Object.hasOwn(HOSTS, name);
}

/** The command line a host runs on each event: `<program> run --budget N` (the config is found by the default lookup). */
export function renderBridgeCommand(host: HostProfile): string {
  return `${host.bridgeProgram} run --budget ${BRIDGE_BUDGET_SEC}`;
}
