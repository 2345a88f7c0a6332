import { CANONICAL_EVENT_NAMES, eventNameIn, eventTraits, hasEvent, type DialectName } from '@hookwire/contract';

/** What `hookwire init` and the config lookup need to know about one host: data, so a host is one more row. */
export interface HostProfile {
  /** The `--dialect` the bridge speaks for this host. */
  dialect: DialectName;
  /**
   * The environment variable the host sets to the project's root when it runs a hook; none for a
   * host that sets none (Codex: its hooks run in the session's directory).
   */
  projectDirVar?: string;
  /** The host's project settings file, relative to the project directory. */
  settingsPath: string;
  /** The host's name for each event hookwire handles, and whether that event's entries take a matcher. */
  events: readonly { name: string; matcher: boolean }[];
  /** The program the host runs per event: the project's installed bin, quoted, never a registry lookup. */
  bridgeProgram: string;
  /** The host's name of its shell tool: the starter guard's matcher. */
  shellTool: string;
  /** The host's own limit for the bridge, in its unit (Claude Code, Codex: seconds; Gemini CLI: milliseconds); above `--budget`. */
  timeout: number;
  /** What the user must still do before the host runs the hooks init wrote; `init` says it. */
  setupNote?: string;
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
  gemini: {
    dialect: 'gemini',
    projectDirVar: 'GEMINI_PROJECT_DIR',
    settingsPath: '.gemini/settings.json',
    events: hostEvents('gemini'),
    bridgeProgram: '"$GEMINI_PROJECT_DIR"/node_modules/.bin/hookwire',
    // A hookwire config's matchers see the canonical (Claude Code) tool names: Gemini CLI's
    // run_shell_command is `Bash` to a Claude-dialect hook, so the starter guard is the same everywhere.
    shellTool: 'Bash',
    timeout: HOST_TIMEOUT_SEC * 1000,
    setupNote:
      'Gemini CLI runs project hooks only in a trusted folder: trust this one when Gemini CLI asks (headless: GEMINI_CLI_TRUST_WORKSPACE=true); it lists project hooks it has not seen before once, as a warning',
  },
  codex: {
    dialect: 'codex',
    settingsPath: '.codex/hooks.json',
    events: hostEvents('codex'),
    // Codex sets no project variable and runs hooks in the session's directory, which may be below
    // the project root: the bridge starts at the git top level (else where it was started).
    bridgeProgram: 'cd "$(git rev-parse --show-toplevel 2>/dev/null || pwd)" && ./node_modules/.bin/hookwire',
    shellTool: 'Bash',
    timeout: HOST_TIMEOUT_SEC,
    setupNote:
      'Codex reads .codex/hooks.json only in a trusted project, and runs its hooks only once you trust them: start codex here and answer "Trust all and continue" when it says "Hooks need review" (or use /hooks); codex exec runs untrusted hooks only with --dangerously-bypass-hook-trust, and says nothing when it skips them. Editing .hookwire.json later changes no hook entry, so it needs no new review',
  },
} as const satisfies Record<string, HostProfile>;

export type HostName = keyof typeof HOSTS;

export const HOST_NAMES = Object.keys(HOSTS) as readonly HostName[];

export function isHostName(name: string): name is HostName {
  return Object.hasOwn(HOSTS, name);
}

/**
 * The command line a host runs on each event: `<program> run [--dialect D] --budget N` (the config is
 * found by the default lookup; `claude` is the default dialect, so Claude Code's line names none).
 */
export function renderBridgeCommand(host: HostProfile): string {
  const dialect = host.dialect === 'claude' ? '' : ` --dialect ${host.dialect}`;
  return `${host.bridgeProgram} run${dialect} --budget ${BRIDGE_BUDGET_SEC}`;
}
