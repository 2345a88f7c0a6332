import { describeReceived, isRecord } from '../describe-value.js';
import { resolveEventIn, type DialectName } from '../dialects/index.js';
import type { CanonicalEvent } from '../events.js';
import { checkCommandPath } from './command-path.js';
import { appendPointer, type DiagnosticList } from './diagnostics.js';
import { checkNonEmptyString, checkTimeoutSeconds } from './field-checks.js';
import { readField, readMatcher, suggest } from './fields.js';
import type { HookSpec, HookwireConfig } from './schema.js';
import { readSettings } from './settings.js';

/**
 * A host whose hooks file is a flat list of handlers per event, the matcher on the handler:
 * Copilot CLI's `.github/hooks/*.json` (`{version: 1, hooks: {preToolUse: [{type, bash, matcher,
 * timeoutSec, cwd, env}]}}`) and Cursor's `.cursor/hooks.json` (`{version: 1, hooks: {preToolUse:
 * [{command, matcher, timeout, failClosed, loop_limit}]}}`).
 */
export type FlatHost = 'copilot' | 'cursor';

const HOST_NAMES: Record<FlatHost, string> = { copilot: 'Copilot CLI', cursor: 'Cursor' };

/** The defaults of each host: Copilot runs a hook 30 s unless told otherwise. */
const DEFAULT_TIMEOUT: Record<FlatHost, number | undefined> = { copilot: 30, cursor: undefined };

const COPILOT_ONLY = new Set(['userPromptSubmitted', 'userPromptTransformed', 'agentStop', 'permissionRequest', 'notification', 'errorOccurred', 'preMcpToolCall']);
const CURSOR_ONLY = new Set(['beforeSubmitPrompt', 'stop', 'beforeShellExecution', 'beforeMCPExecution', 'beforeReadFile', 'afterShellExecution', 'afterMCPExecution', 'afterFileEdit', 'afterAgentResponse', 'afterAgentThought', 'beforeTabFileRead', 'afterTabFileEdit', 'workspaceOpen']);
const COPILOT_KEYS = ['bash', 'powershell', 'timeoutSec', 'exec'];
const CURSOR_KEYS = ['loop_limit', 'failClosed'];

/** Host events hookwire does not run: skipped with a warning. */
const OTHER_EVENTS: Record<FlatHost, ReadonlySet<string>> = {
  copilot: new Set(['userPromptTransformed', 'errorOccurred', 'ErrorOccurred', 'preMcpToolCall', 'postResult', 'prePRDescription']),
  cursor: new Set(['afterAgentResponse', 'afterAgentThought', 'beforeTabFileRead', 'afterTabFileEdit', 'workspaceOpen']),
};

/** Cursor's tool-kind events: a tool event for one kind of tool, which hookwire selects by that tool's Cursor name. */
const CURSOR_KIND_MATCHERS: Readonly<Record<string, string>> = {
  beforeShellExecution: 'Shell',
  afterShellExecution: 'Shell',
  beforeReadFile: 'Read',
  afterFileEdit: 'Write',
  beforeMCPExecution: 'MCP:.*|mcp__.*',
  afterMCPExecution: 'MCP:.*|mcp__.*',
};

function endsWithPath(source: string | undefined, pattern: RegExp): boolean {
  return source !== undefined && pattern.test(source.replaceAll('\\', '/'));
}

function handlersOf(hooks: Record<string, unknown>): Record<string, unknown>[] {
  return Object.values(hooks).flatMap((value) => (Array.isArray(value) ? value.filter(isRecord) : []));
}

/**
 * Whether a hooks object is a flat host's, and whose: by its path (`.github/hooks/*.json`,
 * `.cursor/hooks.json`), else by its content (a handler list without matcher groups, and an event
 * name or a handler key only one of the two hosts has). `ambiguous` when it is flat, says
 * `version`, and could be either.
 */
export function detectFlatHost(input: Record<string, unknown>, hooks: Record<string, unknown>, source: string | undefined): FlatHost | 'ambiguous' | undefined {
  if (endsWithPath(source, /(^|\/)\.cursor\/hooks\.json$/)) return 'cursor';
  if (endsWithPath(source, /(^|\/)\.github\/hooks\/[^/]+\.json$/)) return 'copilot';
  const handlers = handlersOf(hooks);
  // Handlers right under the event, no matcher groups: a Claude-shaped group has `hooks` and no command.
  const flat = handlers.length > 0 && handlers.every((handler) => handler.hooks === undefined) && handlers.some((h) => ['command', 'bash', 'powershell'].some((key) => h[key] !== undefined));
  if (!flat) return undefined;
  const keys = Object.keys(hooks);
  if (keys.some((key) => COPILOT_ONLY.has(key)) || handlers.some((h) => COPILOT_KEYS.some((key) => h[key] !== undefined))) return 'copilot';
  if (keys.some((key) => CURSOR_ONLY.has(key)) || handlers.some((h) => CURSOR_KEYS.some((key) => h[key] !== undefined))) return 'cursor';
  // Without `version` (both hosts write 1) it is more likely a Claude Code settings file missing its matcher groups, which that reader explains.
  return input.version === undefined ? undefined : 'ambiguous';
}

interface Resolved {
  canonical: CanonicalEvent;
  dialect: DialectName;
  /** A matcher the event itself implies (Cursor's tool-kind events). */
  kindMatcher?: string;
}

function resolveFlatEvent(host: FlatHost, name: string): Resolved | undefined {
  const canonical = resolveEventIn(host, name);
  if (canonical === undefined) return undefined;
  // Copilot's PascalCase names switch a hook to Claude Code's payload and answer form.
  if (host === 'copilot' && /^[A-Z]/.test(name)) return { canonical, dialect: 'claude' };
  const kindMatcher = host === 'cursor' ? CURSOR_KIND_MATCHERS[name] : undefined;
  return { canonical, dialect: host, ...(kindMatcher === undefined ? {} : { kindMatcher }) };
}

function readCommand(list: DiagnosticList, handler: Record<string, unknown>, pointer: string, host: FlatHost): string | undefined {
  const key = host === 'copilot' && handler.bash !== undefined ? 'bash' : 'command';
  if (host === 'copilot' && handler.bash === undefined && handler.command === undefined && handler.powershell !== undefined) {
    list.warning(appendPointer(pointer, 'powershell'), 'a powershell-only Copilot hook is not supported by hookwire; this hook is skipped (give it a bash command)');
    return undefined;
  }
  const command = readField(list, handler, key, pointer, checkNonEmptyString, { requiredFor: ` for ${HOST_NAMES[host]} command hooks${host === 'copilot' ? ' (bash or command)' : ''}`, label: key });
  if (command !== undefined) checkCommandPath(list, command, appendPointer(pointer, key));
  return command;
}

function readFlatHandler(list: DiagnosticList, handler: unknown, pointer: string, host: FlatHost, eventName: string, resolved: Resolved, id: string, source: string | undefined): HookSpec | undefined {
  if (!isRecord(handler)) {
    list.error(pointer, `hook must be an object { ${host === 'copilot' ? 'bash' : 'command'}, matcher?, ... }, received ${describeReceived(handler)}`);
    return undefined;
  }
  const errorsBefore = list.items.length;
  const type = handler.type ?? 'command';
  const event = { canonical: resolved.canonical, name: eventName };
  let matcher = readMatcher(list, handler.matcher, appendPointer(pointer, 'matcher'), event, resolved.dialect);
  if (resolved.kindMatcher !== undefined) {
    if (matcher !== undefined) {
      list.warning(appendPointer(pointer, 'matcher'), `on ${eventName} Cursor matches the command or file, hookwire matches the tool: this hook runs on every ${resolved.kindMatcher} call and should filter in its script`);
    }
    matcher = resolved.kindMatcher;
  }
  const spec: Partial<HookSpec> = {};
  if (type === 'command') {
    const command = readCommand(list, handler, pointer, host);
    if (command === undefined) return undefined;
    spec.type = 'command';
    spec.command = command;
  } else if (type === 'http' && host === 'copilot') {
    const url = readField(list, handler, 'url', pointer, checkNonEmptyString, { requiredFor: ' for http hooks' });
    if (url === undefined) return undefined;
    spec.type = 'http';
    spec.url = url;
  } else if (type === 'prompt' && host === 'cursor') {
    const prompt = readField(list, handler, 'prompt', pointer, checkNonEmptyString, { requiredFor: ' for prompt hooks' });
    if (prompt === undefined) return undefined;
    spec.type = 'prompt';
    spec.prompt = prompt;
  } else {
    list.warning(appendPointer(pointer, 'type'), `type ${describeReceived(type)} of a ${HOST_NAMES[host]} hook is not run by hookwire; this hook is skipped`);
    return undefined;
  }
  for (const key of ['cwd', 'env']) {
    if (handler[key] !== undefined) list.warning(appendPointer(pointer, key), `${key} is not supported by hookwire; the hook runs in the session's working directory with hookwire's environment`);
  }
  const timeoutKey = handler.timeoutSec !== undefined ? 'timeoutSec' : 'timeout';
  const timeout = readField(list, handler, timeoutKey, pointer, checkTimeoutSeconds) ?? DEFAULT_TIMEOUT[host];
  if (list.items.slice(errorsBefore).some((diagnostic) => diagnostic.severity === 'error')) return undefined;
  return {
    id,
    event: resolved.canonical,
    eventName,
    ...(matcher !== undefined && { matcher }),
    ...spec,
    type: spec.type!,
    dialect: resolved.dialect,
    ...(timeout !== undefined && { timeout }),
    ...(host === 'cursor' && handler.failClosed === true && { onError: 'block' as const }),
    pointer,
    ...(source !== undefined && { source }),
  };
}

/** Reads a Copilot CLI or Cursor hooks file; each hook runs in its host's dialect, timeouts in seconds as both hosts write them. */
export function readFlatHooks(list: DiagnosticList, input: Record<string, unknown>, hooks: Record<string, unknown>, source: string | undefined, host: FlatHost): HookwireConfig {
  const settings = readSettings(list, input);
  const specs: HookSpec[] = [];
  for (const [eventName, handlers] of Object.entries(hooks)) {
    const eventPointer = appendPointer('/hooks', eventName);
    const resolved = resolveFlatEvent(host, eventName);
    if (resolved === undefined) {
      if (OTHER_EVENTS[host].has(eventName)) list.warning(eventPointer, `${HOST_NAMES[host]} event ${JSON.stringify(eventName)} is not supported by hookwire; its hooks are skipped`);
      else {
        const known = [...COPILOT_ONLY, ...CURSOR_ONLY, 'preToolUse', 'postToolUse', 'sessionStart', 'sessionEnd', 'subagentStart', 'subagentStop', 'preCompact', 'postToolUseFailure'];
        const near = suggest(eventName, known);
        list.error(eventPointer, `event ${JSON.stringify(eventName)} is not a ${HOST_NAMES[host]} event hookwire handles${near === undefined ? '' : `; did you mean ${JSON.stringify(near)}?`}`);
      }
      continue;
    }
    if (!Array.isArray(handlers)) {
      list.error(eventPointer, `${eventName} must be an array of hooks, received ${describeReceived(handlers)}`);
      continue;
    }
    handlers.forEach((handler, index) => {
      const spec = readFlatHandler(list, handler, appendPointer(eventPointer, index), host, eventName, resolved, `${eventName}#${index + 1}`, source);
      if (spec !== undefined) specs.push(spec);
    });
  }
  return { ...settings, hooks: specs };
}

/** The error for a flat hooks file that could be either host's. */
export const AMBIGUOUS_FLAT_MESSAGE =
  'hooks is a flat list of handlers per event, the shape of both Copilot CLI (.github/hooks/*.json) and Cursor (.cursor/hooks.json), and nothing in it tells which: keep the file at its host\'s path, or convert it to hookwire\'s shape';
