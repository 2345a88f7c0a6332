import { CANONICAL_EVENT_NAMES, eventNameIn, eventTraits, hasEvent, resolveEventIn, type CanonicalEvent, type DialectName } from '@hookwire/contract';
import { LEGACY_PI_EXTENSIONS, PI_EXTENSION } from './pi-extension.js';

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
  /**
   * For a host that sets no project variable (Codex): the command names the project by the
   * absolute path init saw, fixed when init writes it, since everything else that could find the
   * project (git's view of it, the session's folder) is the model's to move. When hookwire cannot
   * be run there (the project moved, hookwire is not installed), the command fails closed: exit 2
   * with a reason on events where that blocks, 1 elsewhere. `bridgeProgram` is then the path below it.
   */
  pinnedToProject?: boolean;
  /** Commands an earlier init wrote for this host (their start): still init's, so init replaces them and `--uninstall` removes them. */
  formerBridgePrograms?: readonly string[];
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
  /** The host's name, for people ("Claude Code"). */
  label: string;
  /**
   * The host's user-level settings, which it reads in every project (`init --user`): `file` in the
   * folder `$dirVar` names when it is set (its subfolder `dirVarSub` when given: Crush's
   * `$XDG_CONFIG_HOME/crush`), else in `~/<dir>`.
   */
  userSettings: { dir: string; dirVar?: string; dirVarSub?: string; file: string };
  /** What the user must still do before the host runs user-level hooks init wrote (`init --user`). */
  userSetupNote?: string;
  /** Paths in a project whose presence means it uses this host (`init --host all`); default the settings file's top folder. */
  markers?: readonly string[];
  /**
   * Other hosts' settings this host runs too (Cursor: Claude Code's `.claude/settings.json` and
   * `~/.claude/settings.json`; Copilot CLI: `.claude/settings.json`): a bridge in both runs every
   * hook twice there.
   */
  alsoRuns?: readonly { host: string; scope: 'project' | 'user' }[];
  /**
   * Set for a user-level install (`userHost`): the absolute path of the hookwire bin the command
   * runs, since no project's `node_modules` is the same for every project. When it cannot be run
   * there (hookwire moved, was upgraded to another path, or removed), the command fails closed
   * like a pinned project's (exit 2 with a reason where that blocks, 1 elsewhere).
   */
  userBin?: string;
  /**
   * Set for a managed install (`managedHost`): the system-wide hookwire the host's managed file runs,
   * by absolute paths (node and the bin: a `PATH` the project's settings set cannot swap either),
   * with the organisation layer named by `--org-config` and failures blocking (`--on-error block`).
   */
  managed?: { node: string; bin: string; orgConfig: string };
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
    label: 'Claude Code',
    userSettings: { dir: '.claude', dirVar: 'CLAUDE_CONFIG_DIR', file: 'settings.json' },
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
    label: 'GitHub Copilot CLI',
    userSettings: { dir: '.copilot', dirVar: 'COPILOT_HOME', file: 'hooks/hookwire.json' },
    markers: ['.github/hooks', '.github/copilot'],
    alsoRuns: [{ host: 'claude', scope: 'project' }],
    setupNote:
      'Copilot CLI loads repository hooks only in a trusted folder, and skips them silently in any other: trust this one when Copilot CLI asks (or start it with --trust-folder; COPILOT_ALLOW_ALL=true trusts every folder)',
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
    label: 'Cursor',
    userSettings: { dir: '.cursor', file: 'hooks.json' },
    alsoRuns: [{ host: 'claude', scope: 'project' }, { host: 'claude', scope: 'user' }],
    setupNote:
      'Cursor runs project hooks only in a trusted workspace, and skips them silently in any other: trust this folder when Cursor asks (Workspace Trust); Cursor also runs the hooks of .claude/settings.json and ~/.claude/settings.json, so keep the bridge in only one of them',
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
    label: 'Gemini CLI',
    userSettings: { dir: '.gemini', file: 'settings.json' },
    setupNote:
      'Gemini CLI runs project hooks only in a trusted folder: trust this one when Gemini CLI asks (headless: GEMINI_CLI_TRUST_WORKSPACE=true); it lists project hooks it has not seen before once, as a warning',
  },
  codex: {
    dialect: 'codex',
    settingsPath: '.codex/hooks.json',
    events: hostEvents('codex'),
    // Codex sets no project variable and runs hooks in the session's directory, which may be below
    // the project root and which the model can make look like another project (git config
    // core.worktree, git init): the command names the project by its absolute path (pinnedToProject).
    bridgeProgram: './node_modules/.bin/hookwire',
    pinnedToProject: true,
    formerBridgePrograms: ['cd "$(git rev-parse --show-toplevel 2>/dev/null || pwd)" && ./node_modules/.bin/hookwire'],
    shellTool: 'Bash',
    timeout: HOST_TIMEOUT_SEC,
    label: 'Codex',
    userSettings: { dir: '.codex', dirVar: 'CODEX_HOME', file: 'hooks.json' },
    userSetupNote:
      'Codex runs hooks of ~/.codex/hooks.json only once you trust them: start codex and answer "Trust all and continue" when it says "Hooks need review" (or use /hooks); codex exec says nothing when it skips them',
    setupNote:
      'Codex reads .codex/hooks.json only in a trusted project, and runs its hooks only once you trust them: start codex here and answer "Trust all and continue" when it says "Hooks need review" (or use /hooks); codex exec runs untrusted hooks only with --dangerously-bypass-hook-trust, and says nothing when it skips them. Editing .hookwire.json later changes no hook entry, so it needs no new review',
  },
  crush: {
    dialect: 'crush',
    projectDirVar: 'CRUSH_PROJECT_DIR',
    // Crush reads crush.json or .crush.json in the project; init writes the hidden one, beside a crush.json of the user's own.
    settingsPath: '.crush.json',
    events: listFlatEvents('crush'),
    bridgeProgram: '"$CRUSH_PROJECT_DIR"/node_modules/.bin/hookwire',
    shellTool: 'Bash',
    // Seconds; Crush's default is 30.
    timeout: HOST_TIMEOUT_SEC,
    layout: 'flat',
    label: 'Crush',
    // ~/.config/crush/crush.json, or crush/crush.json in $XDG_CONFIG_HOME when it is set.
    userSettings: { dir: '.config/crush', dirVar: 'XDG_CONFIG_HOME', dirVarSub: 'crush', file: 'crush.json' },
    markers: ['.crush.json', 'crush.json'],
    setupNote:
      'Crush runs hooks only for PreToolUse, and only on the top-level agent\'s tool calls (sub-agents are not hooked, though the call that starts one is)',
  },
  letta: {
    dialect: 'letta',
    settingsPath: '.letta/settings.json',
    events: hostEvents('letta'),
    // Letta Code sets no project variable and runs hooks in its working directory: the command
    // names the project by the absolute path init saw, and fails closed where exit 2 blocks (as for Codex).
    bridgeProgram: './node_modules/.bin/hookwire',
    pinnedToProject: true,
    shellTool: 'Bash',
    // Milliseconds (Letta Code's default is 60000).
    timeout: HOST_TIMEOUT_SEC * 1000,
    label: 'Letta Code',
    userSettings: { dir: '.letta', file: 'settings.json' },
    setupNote:
      'Letta Code reads only exit codes from hooks: a deny is exit 2 with the reason on stderr, context reaches the model only on UserPromptSubmit; it was not run in hookwire\'s tests (it does not install on the machines they use)',
  },
  qwen: {
    dialect: 'qwen',
    projectDirVar: 'QWEN_PROJECT_DIR',
    settingsPath: '.qwen/settings.json',
    events: hostEvents('qwen'),
    bridgeProgram: '"$QWEN_PROJECT_DIR"/node_modules/.bin/hookwire',
    shellTool: 'Bash',
    // Seconds, like Claude Code's (Qwen Code reads a value of 1000 or more as milliseconds).
    timeout: HOST_TIMEOUT_SEC,
    label: 'Qwen Code',
    userSettings: { dir: '.qwen', file: 'settings.json' },
    setupNote:
      'Qwen Code runs project hooks without a trust step unless security.folderTrust.enabled is on (then trust this folder); headless (-p) it refuses the shell by its own permission rules before any hook runs unless you pass --approval-mode yolo or allow the tool in its settings',
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
  /** The texts older inits wrote there: init replaces them with `pluginText`, `--uninstall` removes them. */
  legacyTexts?: readonly string[];
  /** The name hookwire's config matcher sees for the host's shell tool (the starter guard's matcher). */
  shellTool: string;
  /** Paths in a project whose presence means it uses this host (`init --host all`). */
  markers: readonly string[];
  /** The host's name, for people. */
  label: string;
  /** Why `init --user` does not set it up, and what to do instead. */
  userNote: string;
  /** Host config files that can load the plugin package by name too (OpenCode's `opencode.json` "plugin" list). */
  listedIn?: readonly string[];
  /** Files the plugin needs beside it (OpenClaw's manifest): written, kept and removed with it. */
  companions?: readonly { path: string; text: string }[];
  /** What the user must still do before the host loads the plugin; `init` says it. */
  setupNote?: string;
}

/**
 * The `ask` function of a hookwire extension file (pi's, OpenClaw's plugin): runs the project's
 * bridge (`bridge`, `project` defined before it) once for an event, with the event object and
 * `cwd` and `session_id` added on stdin, and resolves with its JSON answer, or `{failed}` saying
 * why it could not run.
 */
function renderAsk(dialect: string, cwd: string, sessionId: string): string {
  return `function ask(event, ctx) {
  return new Promise((done) => {
    const child = spawn(bridge, ['run', '--dialect', '${dialect}', '--budget', '${BRIDGE_BUDGET_SEC}'], { cwd: project, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('error', (error) => done({ failed: \`hookwire: cannot run \${bridge}: \${error.message}\` }));
    child.on('close', (code) => {
      if (code !== 0 && out.trim() === '') return done({ failed: \`hookwire: \${bridge} exited with \${code}: \${err.trim()}\` });
      try {
        done(out.trim() === '' ? {} : JSON.parse(out));
      } catch {
        done({ failed: \`hookwire: the bridge's answer is not JSON: \${out.trim()}\` });
      }
    });
    child.stdin.on('error', () => {});
    child.stdin.end(JSON.stringify({ ...event, cwd: ${cwd}, session_id: ${sessionId} }));
  });
}
`;
}


/**
 * The plugin `init --host openclaw` writes (`.openclaw/extensions/hookwire/index.js`, with its
 * manifest): OpenClaw's hooks are typed in-process handlers (`api.on`), so the plugin forwards each
 * event to the project's own bridge (`hookwire run --dialect openclaw`) and applies its answer. Its
 * handlers take the bridge's budget: OpenClaw's own default (15 s before a tool call, failing
 * closed) would cut a slow hook short.
 */
const OPENCLAW_PLUGIN = `// Written by hookwire init --host openclaw: runs the project's hookwire config (.hookwire.json) in
// OpenClaw, through the project's own hookwire bridge (hookwire run --dialect openclaw), on every tool
// call and result, prompt, stop and session event. A bridge that cannot run blocks tool calls (fail
// closed) and says why, on stderr.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

// OpenClaw runs a copy of this file from a folder of its own: the project is found from the
// plugin's folder as OpenClaw gives it (api.rootDir, .openclaw/extensions/hookwire), in register.
let project;
let bridge;
const budget = { timeoutMs: ${HOST_TIMEOUT_SEC * 1000} };

${renderAsk('openclaw', 'project', 'ctx.sessionId')}
function tell(text) {
  if (text !== undefined && text !== '') process.stderr.write(\`\${text}\\n\`);
}

export default {
  id: 'hookwire',
  name: 'hookwire',
  description: "Runs the project's hookwire config (.hookwire.json) on OpenClaw's hooks.",
  register(api) {
    project = resolve(api.rootDir, '..', '..', '..');
    bridge = join(project, 'node_modules', '.bin', 'hookwire');
    api.on('before_tool_call', async (event, ctx) => {
      const answer = await ask({ type: 'before_tool_call', toolName: event.toolName, params: event.params, toolCallId: event.toolCallId }, ctx);
      tell(answer.failed ?? answer.message);
      if (answer.failed !== undefined) return { block: true, blockReason: answer.failed };
      if (answer.block === true) return { block: true, blockReason: answer.reason };
      return undefined;
    }, budget);
    api.on('after_tool_call', async (event, ctx) => {
      const answer = await ask({ type: 'after_tool_call', toolName: event.toolName, params: event.params, toolCallId: event.toolCallId, result: event.result, error: event.error }, ctx);
      tell(answer.failed ?? answer.message);
    }, budget);
    // A prompt is asked about once, before the prompt is built (context goes in there); a block is
    // applied by before_agent_run, the hook that can stop the run before the model reads the prompt.
    const refused = new Map();
    api.on('before_prompt_build', async (event, ctx) => {
      const answer = await ask({ type: 'before_prompt_build', prompt: event.prompt }, ctx);
      tell(answer.failed ?? answer.message);
      if (answer.block === true) refused.set(ctx.sessionId, answer.reason);
      if (typeof answer.context === 'string') return { appendContext: answer.context };
      return undefined;
    }, budget);
    api.on('before_agent_run', (event, ctx) => {
      if (!refused.has(ctx.sessionId)) return undefined;
      const reason = refused.get(ctx.sessionId);
      refused.delete(ctx.sessionId);
      return { outcome: 'block', reason, message: reason };
    });
    api.on('before_agent_finalize', async (event, ctx) => {
      const answer = await ask({ type: 'before_agent_finalize', lastAssistantMessage: event.lastAssistantMessage, stopHookActive: event.stopHookActive }, ctx);
      tell(answer.failed ?? answer.message);
      if (answer.block === true) return { action: 'revise', reason: answer.reason };
      return undefined;
    }, budget);
    for (const name of ['session_start', 'session_end']) {
      api.on(name, async (event, ctx) => {
        const answer = await ask({ type: name, reason: event.reason }, ctx);
        tell(answer.failed ?? answer.message);
      }, budget);
    }
  },
};
`;

/** The manifest OpenClaw requires beside a plugin's entry: its id, and no settings of its own. */
const OPENCLAW_MANIFEST = `${JSON.stringify({ id: 'hookwire', name: 'hookwire', configSchema: { type: 'object', additionalProperties: false } }, null, 2)}\n`;

export const PLUGIN_HOSTS = {
  opencode: {
    pluginPath: '.opencode/plugin/hookwire.js',
    pluginPackage: '@hookwire/opencode',
    pluginText: "// Written by hookwire init --host opencode: runs the project's hookwire config (.hookwire.json) in OpenCode.\nexport { HookwirePlugin } from '@hookwire/opencode';\n",
    shellTool: 'Bash',
    markers: ['.opencode', 'opencode.json', 'opencode.jsonc'],
    label: 'OpenCode',
    userNote: 'its hooks are a plugin package, which a user folder does not install; list @hookwire/opencode in the "plugin" list of your global OpenCode config yourself (docs/hosts-setup.md)',
    listedIn: ['opencode.json', 'opencode.jsonc'],
  },
  pi: {
    // pi loads a project's extensions from .pi/extensions/ (TypeScript through its own loader).
    pluginPath: '.pi/extensions/hookwire.ts',
    pluginPackage: 'hookwire',
    pluginText: PI_EXTENSION,
    legacyTexts: LEGACY_PI_EXTENSIONS,
    shellTool: 'Bash',
    markers: ['.pi'],
    label: 'pi',
    userNote: "its hooks are an extension file in the project (.pi/extensions/hookwire.ts) that loads the project's own hookwire; run hookwire init --host pi in each project (docs/hosts-setup.md)",
  },
  openclaw: {
    // OpenClaw discovers plugin folders in <workspace>/.openclaw/extensions/ (each with its manifest).
    pluginPath: '.openclaw/extensions/hookwire/index.js',
    pluginPackage: 'hookwire',
    pluginText: OPENCLAW_PLUGIN,
    companions: [{ path: '.openclaw/extensions/hookwire/openclaw.plugin.json', text: OPENCLAW_MANIFEST }],
    shellTool: 'Bash',
    markers: ['.openclaw'],
    label: 'OpenClaw',
    setupNote:
      'OpenClaw loads .openclaw/extensions/hookwire/ only when this project is the agent\'s workspace (agents.defaults.workspace in ~/.openclaw/openclaw.json) and the plugin is enabled there: plugins.entries.hookwire = {"enabled": true, "hooks": {"allowConversationAccess": true}} (workspace plugins are off by default; prompt and stop hooks need conversation access); run it with openclaw agent --local or the Gateway (openclaw agent exec loads no plugins)',
    userNote: "its hooks are a plugin folder in the agent's workspace (.openclaw/extensions/hookwire/) that loads the project's own hookwire; run hookwire init --host openclaw in that project (docs/hosts-setup.md)",
  },
} as const satisfies Record<string, PluginHostProfile>;

export type PluginHostName = keyof typeof PLUGIN_HOSTS;

/**
 * A host whose hooks are files, one executable per event (Cline CLI): init writes one small script
 * per event, which runs the project's bridge from the project root it finds from its own path.
 */
export interface HookFileHostProfile {
  /** The folder of the hook files, relative to the project directory. */
  hooksDir: string;
  /** The `--dialect` the scripts run the bridge in. */
  dialect: DialectName;
  /** The folders between a hook file and the project root, for the script's `cd`. */
  depth: number;
  /** The name hookwire's config matcher sees for the host's shell tool (the starter guard's matcher). */
  shellTool: string;
  /** What the user must still know; `init` says it. */
  setupNote?: string;
  /** Paths in a project whose presence means it uses this host (`init --host all`). */
  markers: readonly string[];
  /** The host's name, for people. */
  label: string;
  /** Why `init --user` does not set it up, and what to do instead. */
  userNote: string;
}

export const HOOK_FILE_HOSTS = {
  cline: {
    hooksDir: '.clinerules/hooks',
    dialect: 'cline',
    depth: 2,
    shellTool: 'Bash',
    setupNote: 'Cline reads the hook files in .clinerules/hooks/ of the workspace it runs in; a deny there cancels the whole run (Cline\'s only way to refuse), and Cline shows hook messages nowhere',
    markers: ['.clinerules'],
    label: 'Cline',
    userNote: "its hooks are executables in the project's .clinerules/hooks/ that run the project's own hookwire; run hookwire init --host cline in each project (docs/hosts-setup.md)",
  },
} as const satisfies Record<string, HookFileHostProfile>;

export type HookFileHostName = keyof typeof HOOK_FILE_HOSTS;

export function isHookFileHostName(name: string): name is HookFileHostName {
  return Object.hasOwn(HOOK_FILE_HOSTS, name);
}

/** The hook files init writes for a hook-file host: one per event the dialect has, named as the host names it, and each one's text. */
export function renderHookFiles(host: HookFileHostProfile): { file: string; text: string }[] {
  const up = Array.from({ length: host.depth }, () => '..').join('/');
  return hostEvents(host.dialect).map(({ name }) => ({
    file: `${host.hooksDir}/${name}`,
    text: `#!/bin/sh\n# Written by hookwire init --host ${host.dialect}: runs the project's hookwire config (.hookwire.json) on ${name}.\ncd "$(dirname "$0")/${up}" && exec ./node_modules/.bin/hookwire run --dialect ${host.dialect} --budget ${BRIDGE_BUDGET_SEC}\n`,
  }));
}

/** Every `init --host` value: the hosts with settings, then the plugin hosts, then the hook-file hosts. */
export const INIT_HOST_NAMES = [...HOST_NAMES, ...(Object.keys(PLUGIN_HOSTS) as PluginHostName[]), ...(Object.keys(HOOK_FILE_HOSTS) as HookFileHostName[])] as const;

export function isPluginHostName(name: string): name is PluginHostName {
  return Object.hasOwn(PLUGIN_HOSTS, name);
}

/** Events on which a host's exit 2 blocks the action: where a bridge that cannot run must fail closed. */
const FAIL_CLOSED_EVENTS: ReadonlySet<CanonicalEvent> = new Set(['tool:before', 'prompt:submit', 'permission:request']);

/** A word for `sh`: single-quoted, each `'` written as `'\''`. */
function quoteForShell(word: string): string {
  return `'${word.replaceAll("'", "'\\''")}'`;
}

/** The start of every command init writes for a host pinned to its project (see `pinnedToProject`). */
const PINNED_START = /^d='(?:[^']|'\\'')*'; if cd "\$d"; then \.\/node_modules\/\.bin\/hookwire run /;

/**
 * The start of every command a user-level init writes (see `userBin`), whatever bin it names: the
 * bin's quoted path in `b`, tested, then run by the same path written out (so that anything reading
 * the command for `hookwire ... run`, as `hookwire check` and `doctor` do, sees the bridge).
 */
const USER_START = /^b=('(?:[^']|'\\'')*'); if \[ -x "\$b" \]; then \1 run /;

/**
 * The start of every command a managed init writes (see `managed`), whatever node, bin and
 * organisation config it names: both paths quoted and tested, then run by the same paths written
 * out, with `NODE_OPTIONS` emptied (a host's project settings can set it, and `--require` would run
 * the project's code inside the bridge).
 */
const MANAGED_START = /^n=('(?:[^']|'\\'')*'); b=('(?:[^']|'\\'')*'); if \[ -x "\$n" \] && \[ -f "\$b" \]; then NODE_OPTIONS= \1 \2 run /;

/** Whether `command` is one a managed init wrote (for any host). */
export function isManagedBridgeCommand(command: string): boolean {
  return MANAGED_START.test(command);
}

/** Whether `command` is one a user-level init wrote (for any host, naming any bin). */
export function isUserBridgeCommand(command: string): boolean {
  return USER_START.test(command);
}

/** Whether `command` is `<start> run`, with or without more words. */
function runsFrom(command: string, start: string): boolean {
  return command === `${start} run` || command.startsWith(`${start} run `);
}

/** Whether `command` is one init wrote for `host` (this version's or an earlier one's), whatever project or bin it names. */
export function isInitBridgeCommand(command: string, host: HostProfile): boolean {
  if (host.managed !== undefined) return MANAGED_START.test(command);
  if (host.userBin !== undefined) return USER_START.test(command);
  if (host.pinnedToProject === true ? PINNED_START.test(command) : runsFrom(command, host.bridgeProgram)) return true;
  return (host.formerBridgePrograms ?? []).some((start) => runsFrom(command, start));
}

/**
 * A command that runs `run` after `test` passes (the project folder can be entered, the bin is
 * there), and turns a failure to start it (sh's 126 or 127, or `test` failing) into exit 2 with
 * `why` on events where the host blocks on 2 (1 elsewhere): a guard is never silently skipped.
 */
function failClosedCommand(host: HostProfile, eventName: string | undefined, assign: string, test: string, run: string, why: string): string {
  const canonical = eventName === undefined ? undefined : resolveEventIn(host.dialect, eventName);
  const failure = canonical === undefined || FAIL_CLOSED_EVENTS.has(canonical) ? 2 : 1;
  return `${assign}; if ${test}; then ${run}; s=$?; else s=127; fi; case $s in 126|127) echo "${why}" >&2; exit ${failure};; esac; exit $s`;
}

/**
 * The command line a host runs on an event: `<program> run --budget N` (the config is found by the
 * default lookup), with `--dialect` for a host other than Claude Code and `--event` where the host's
 * payload does not name its event. A host pinned to its project (Codex) gets it wrapped: run from
 * `projectDir`, and a failure to run it there (exit 126 or 127 of sh, a folder that is gone) is
 * exit 2 with a reason where that blocks, so a guard is never silently skipped. A user-level
 * install (`userBin`) runs that bin by its absolute path, wrapped the same way.
 */
export function renderBridgeCommand(host: HostProfile, eventName?: string, projectDir?: string): string {
  const dialect = host.dialect === 'claude' ? '' : ` --dialect ${host.dialect}`;
  const event = host.eventFlag === true && eventName !== undefined ? ` --event ${eventName}` : '';
  const args = `run${dialect}${event} --budget ${BRIDGE_BUDGET_SEC}`;
  if (host.managed !== undefined) {
    const { node, bin, orgConfig } = host.managed;
    const why = `hookwire: cannot run $b with $n (hookwire or node moved, or was removed): install it again, then run hookwire init --managed --host ${host.dialect}`;
    const run = `NODE_OPTIONS= ${quoteForShell(node)} ${quoteForShell(bin)} ${args} --org-config ${quoteForShell(orgConfig)} --on-error block`;
    return failClosedCommand(host, eventName, `n=${quoteForShell(node)}; b=${quoteForShell(bin)}`, '[ -x "$n" ] && [ -f "$b" ]', run, why);
  }
  if (host.userBin !== undefined) {
    const why = `hookwire: cannot run $b (hookwire moved, was upgraded to another path, or was removed): install it again, then run hookwire init --user --host ${host.dialect}`;
    const bin = quoteForShell(host.userBin);
    return failClosedCommand(host, eventName, `b=${bin}`, '[ -x "$b" ]', `${bin} ${args}`, why);
  }
  const run = `${host.bridgeProgram} ${args}`;
  if (host.pinnedToProject !== true) return run;
  if (projectDir === undefined) throw new Error(`the ${host.dialect} bridge command names the project's absolute path: projectDir is required`);
  const why = `hookwire: cannot run $d/node_modules/.bin/hookwire (the project moved, or hookwire is not installed there): install it, or run hookwire init --host ${host.dialect} in the project again`;
  return failClosedCommand(host, eventName, `d=${quoteForShell(projectDir)}`, 'cd "$d"', run, why);
}

/**
 * A host's user-level profile (`init --user`): its user settings file (relative to `home`, or
 * absolute when `$dirVar` names the folder) and a command that runs `bin`, the absolute path of an
 * installed hookwire, in place of a project's `node_modules/.bin/hookwire`.
 */
export function userHost(host: HostProfile, bin: string, env: Record<string, string | undefined>): HostProfile {
  const settingsPath = `${userSettingsDir(host, env)}/${host.userSettings.file}`;
  return { ...host, settingsPath, bridgeProgram: quoteForShell(bin), pinnedToProject: false, formerBridgePrograms: [], userBin: bin };
}

/** A host's managed (system-wide) file, which `hookwire init --managed` writes; its paths are relative to the root (`/`, or `--root DIR`). */
export interface ManagedFileProfile {
  /** On Linux, and on macOS. */
  linux: string;
  darwin: string;
  format: 'json' | 'toml';
  /** The top-level setting that keeps every hook outside the managed files from running, where the host has one. */
  lockKey?: string;
  /** What the file does and what it locks, for people (init's note). */
  locks: string;
}

export const MANAGED_FILES = {
  claude: {
    linux: 'etc/claude-code/managed-settings.json',
    darwin: 'Library/Application Support/ClaudeCode/managed-settings.json',
    format: 'json',
    lockKey: 'allowManagedHooksOnly',
    locks: 'Claude Code reads it first in every project, and with allowManagedHooksOnly runs no hook of the user\'s, a project\'s or a plugin\'s settings (only managed ones)',
  },
  codex: {
    linux: 'etc/codex/requirements.toml',
    darwin: 'etc/codex/requirements.toml',
    format: 'toml',
    lockKey: 'allow_managed_hooks_only',
    locks: 'Codex runs its managed hooks without a trust review, and with allow_managed_hooks_only skips every user, project and session hook (cloud or MDM requirements, where an organisation has them, are merged above this file)',
  },
  cursor: {
    linux: 'etc/cursor/hooks.json',
    darwin: 'Library/Application Support/Cursor/hooks.json',
    format: 'json',
    locks: 'Cursor runs these hooks in every workspace, before the team\'s, project\'s and user\'s (which still run too: Cursor has no managed-only switch)',
  },
  gemini: {
    linux: 'etc/gemini-cli/settings.json',
    darwin: 'Library/Application Support/GeminiCli/settings.json',
    format: 'json',
    locks: 'Gemini CLI\'s system settings override the user\'s and the project\'s, and their hooks run in every folder; project hooks still run too (Gemini CLI has no managed-only switch)',
  },
} as const satisfies Partial<Record<HostName, ManagedFileProfile>>;

export type ManagedHostName = keyof typeof MANAGED_FILES;

export const MANAGED_HOST_NAMES = Object.keys(MANAGED_FILES) as readonly ManagedHostName[];

export function isManagedHostName(name: string): name is ManagedHostName {
  return Object.hasOwn(MANAGED_FILES, name);
}

/**
 * A host's managed profile (`init --managed`): its managed file (`settingsPath`, relative to the
 * root), and a command that runs the system-wide `node` and hookwire `bin` by absolute paths with
 * the organisation layer `orgConfig`, failing closed when either is gone.
 */
export function managedHost(name: ManagedHostName, platform: NodeJS.Platform, managed: { node: string; bin: string; orgConfig: string }): HostProfile {
  const host: HostProfile = HOSTS[name];
  const file: ManagedFileProfile = MANAGED_FILES[name];
  return { ...host, settingsPath: platform === 'darwin' ? file.darwin : file.linux, pinnedToProject: false, formerBridgePrograms: [], managed };
}

/** A host's user settings folder: the one `$dirVar` names (absolute), else `dir` (relative to the home folder). */
function userSettingsDir(host: HostProfile, env: Record<string, string | undefined>): string {
  const { dir, dirVar, dirVarSub } = host.userSettings;
  const named = dirVar === undefined ? undefined : env[dirVar];
  if (named === undefined || named === '') return dir;
  return named.replace(/\/+$/, '') + (dirVarSub === undefined ? '' : `/${dirVarSub}`);
}

/** The paths whose presence means a project (or, `user`, a home) uses a host: what `init --host all` looks for. */
export function hostMarkers(name: HostName | PluginHostName | HookFileHostName, user: boolean, env: Record<string, string | undefined>): string[] {
  if (isPluginHostName(name)) return user ? [] : [...PLUGIN_HOSTS[name].markers];
  if (isHookFileHostName(name)) return user ? [] : [...HOOK_FILE_HOSTS[name].markers];
  const host: HostProfile = HOSTS[name];
  if (user) return [userSettingsDir(host, env)];
  return [...(host.markers ?? [host.settingsPath.split('/')[0]!])];
}
