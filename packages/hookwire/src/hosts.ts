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
  /**
   * How the settings list hooks: `grouped` (default; Claude Code: entries `{matcher, hooks:
   * [handler]}`), or `flat` (Copilot CLI, Cursor: the handlers themselves, under each event).
   */
  layout?: 'grouped' | 'flat';
  /** A handler's field for its command line (default `command`; Copilot CLI: `bash`) and for its timeout (default `timeout`; Copilot CLI: `timeoutSec`). */
  commandField?: string;
  timeoutField?: string;
  /** The members a settings file starts with when init creates it (Copilot CLI, Cursor: `version: 1`). */
  header?: Readonly<Record<string, unknown>>;
  /** Whether the bridge command names its event (`--event NAME`): for a host whose payload does not (Copilot CLI's camelCase events). */
  eventFlag?: boolean;
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

/**
 * A flat layout's events (Copilot CLI, Cursor): the dialect's first name for each event the host
 * has — Copilot CLI's camelCase ones, its own dialect (PascalCase names switch it to a Claude-like
 * payload) — with no matcher: the handler itself runs on every call, the bridge matches.
 */
function listFlatEvents(dialect: DialectName): { name: string; matcher: boolean }[] {
  return hostEvents(dialect).map(({ name }) => ({ name, matcher: false }));
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
  copilot: {
    dialect: 'copilot',
    projectDirVar: 'COPILOT_PROJECT_DIR',
    settingsPath: '.github/hooks/hookwire.json',
    events: listFlatEvents('copilot'),
    bridgeProgram: '"$COPILOT_PROJECT_DIR"/node_modules/.bin/hookwire',
    // The matcher of hookwire's own config is tested against Claude Code's tool names, whatever the host.
    shellTool: 'Bash',
    timeout: HOST_TIMEOUT_SEC,
    layout: 'flat',
    commandField: 'bash',
    timeoutField: 'timeoutSec',
    header: { version: 1 },
    eventFlag: true,
  },
  cursor: {
    dialect: 'cursor',
    projectDirVar: 'CURSOR_PROJECT_DIR',
    settingsPath: '.cursor/hooks.json',
    events: listFlatEvents('cursor'),
    bridgeProgram: '"$CURSOR_PROJECT_DIR"/node_modules/.bin/hookwire',
    shellTool: 'Bash',
    timeout: HOST_TIMEOUT_SEC,
    layout: 'flat',
    header: { version: 1 },
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
 * A host with no command hooks, whose hooks are plugins (OpenCode): init writes a plugin file that
 * loads hookwire's plugin package, in place of settings entries.
 */
export interface PluginHostProfile {
  /** The plugin file init writes, relative to the project directory. */
  pluginPath: string;
  /** The package the plugin file loads, which the project installs. */
  pluginPackage: string;
  /** The plugin file's text. */
  pluginText: string;
  /** The name hookwire's config matcher sees for the host's shell tool (the starter guard's matcher). */
  shellTool: string;
}

export const PLUGIN_HOSTS = {
  opencode: {
    pluginPath: '.opencode/plugin/hookwire.js',
    pluginPackage: '@hookwire/opencode',
    pluginText: "// Written by hookwire init --host opencode: runs the project's hookwire config (.hookwire.json) in OpenCode.\nexport { HookwirePlugin } from '@hookwire/opencode';\n",
    shellTool: 'Bash',
  },
} as const satisfies Record<string, PluginHostProfile>;

export type PluginHostName = keyof typeof PLUGIN_HOSTS;

/** Every `init --host` value: the hosts with settings, then the plugin hosts. */
export const INIT_HOST_NAMES = [...HOST_NAMES, ...(Object.keys(PLUGIN_HOSTS) as PluginHostName[])] as const;

export function isPluginHostName(name: string): name is PluginHostName {
  return Object.hasOwn(PLUGIN_HOSTS, name);
}

/**
 * The command line a host runs on an event: `<program> run --budget N` (the config is found by the
 * default lookup), with `--dialect` for a host other than Claude Code and `--event` where the host's
 * payload does not name its event.
 */
export function renderBridgeCommand(host: HostProfile, eventName?: string): string {
  const dialect = host.dialect === 'claude' ? '' : ` --dialect ${host.dialect}`;
  const event = host.eventFlag === true && eventName !== undefined ? ` --event ${eventName}` : '';
  return `${host.bridgeProgram} run${dialect}${event} --budget ${BRIDGE_BUDGET_SEC}`;
}
