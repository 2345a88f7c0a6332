import { describeReceived, isRecord } from '../describe-value.js';
import { appendPointer, type DiagnosticList } from './diagnostics.js';
import { checkCommandPath } from './command-path.js';
import {
  quoteList,
  readField,
  readHeaders,
  readMatcher,
  readStringList,
  suggest,
  unsupportedEventMessage,
  type ResolvedEvent,
} from './fields.js';
import { runsTheBridge } from './bridge-command.js';
import { CLAUDE_HANDLER_TYPES, MAX_TIMEOUT_SECONDS, type ON_FAILURE_VALUES } from './config-names.js';
import { checkHttpUrl, checkNonEmptyString, checkMode, checkOnFailure, checkTimeoutMilliseconds, checkTimeoutSeconds } from './field-checks.js';
import type { HookSpec, HookType, HookwireConfig, OnError } from './schema.js';
import { readSettings } from './settings.js';
import { GROUPED_HOSTS, type GroupedHost } from './grouped-hosts.js';

const ON_FAILURE_TO_ON_ERROR: Record<(typeof ON_FAILURE_VALUES)[number], OnError> = { continue: 'warn', block: 'block' };

type ClaudeHandlerType = (typeof CLAUDE_HANDLER_TYPES)[number];

function isClaudeHandlerType(value: unknown): value is ClaudeHandlerType {
  return typeof value === 'string' && (CLAUDE_HANDLER_TYPES as readonly string[]).includes(value);
}

interface HandlerContext {
  id: string;
  event: ResolvedEvent;
  matcher: string | undefined;
  source: string | undefined;
  host: GroupedHost;
}

function readHandlerFields(
  list: DiagnosticList,
  handler: Record<string, unknown>,
  pointer: string,
  type: ClaudeHandlerType,
): Partial<HookSpec> {
  const requiredFor = ` for ${type} hooks`;
  switch (type) {
    case 'command': {
      const command = readField(list, handler, 'command', pointer, checkNonEmptyString, { requiredFor });
      if (command !== undefined) {
        checkCommandPath(list, command, appendPointer(pointer, 'command'));
        if (runsTheBridge(command)) {
          list.error(
            appendPointer(pointer, 'command'),
            'this command runs the hookwire bridge (hookwire run), so this file is host settings that run hookwire, not a hookwire config: the bridge would only run itself. Give --config the file your hooks are in (for example .hookwire.json)',
          );
        }
      }
      return { ...(command !== undefined && { command }) };
    }
    case 'http': {
      const url = readField(list, handler, 'url', pointer, checkHttpUrl, { requiredFor });
      const headers =
        handler.headers === undefined ? undefined : readHeaders(list, handler.headers, appendPointer(pointer, 'headers'), 'headers');
      const allowedEnvVars =
        handler.allowedEnvVars === undefined
          ? undefined
          : readStringList(list, handler.allowedEnvVars, appendPointer(pointer, 'allowedEnvVars'), 'allowedEnvVars');
      return {
        ...(url !== undefined && { url }),
        ...(headers !== undefined && { headers }),
        ...(allowedEnvVars !== undefined && { allowedEnvVars }),
      };
    }
    case 'prompt':
    case 'agent': {
      const prompt = readField(list, handler, 'prompt', pointer, checkNonEmptyString, { requiredFor });
      const model = readField(list, handler, 'model', pointer, checkNonEmptyString);
      return { ...(prompt !== undefined && { prompt }), ...(model !== undefined && { model }) };
    }
  }
}

// Warns about Claude Code handler settings hookwire runs differently.
function warnUnsupported(list: DiagnosticList, handler: Record<string, unknown>, pointer: string, type: ClaudeHandlerType): void {
  if (type === 'command') {
    for (const key of ['async', 'asyncRewake']) {
      if (handler[key] === true) {
        list.warning(appendPointer(pointer, key), `${key} is not supported by hookwire; the hook runs synchronously and its answer counts`);
      }
    }
    if (handler.shell === 'powershell') {
      list.warning(appendPointer(pointer, 'shell'), 'shell "powershell" is not supported by hookwire; the command runs in the default shell');
    }
  }
  if (handler.if !== undefined) {
    list.warning(appendPointer(pointer, 'if'), 'if is not evaluated by hookwire; the hook runs whenever its matcher matches');
  }
}

function readClaudeHandler(list: DiagnosticList, handler: unknown, pointer: string, context: HandlerContext): HookSpec | undefined {
  if (!isRecord(handler)) {
    list.error(pointer, `hook must be an object { type, ... }, received ${describeReceived(handler)}`);
    return undefined;
  }
  const typePath = appendPointer(pointer, 'type');
  const type = handler.type;
  if (type === 'mcp_tool') {
    list.warning(typePath, 'type "mcp_tool" is not supported by hookwire; this hook is skipped');
    return undefined;
  }
  if (type === 'command' && handler.args !== undefined) {
    list.warning(
      appendPointer(pointer, 'args'),
      'args (the exec form) is not supported by hookwire; this hook is skipped (write the command and its arguments as one shell string in command)',
    );
    return undefined;
  }
  const errorsBefore = list.items.length;
  if (type === undefined) list.error(typePath, `type is required: one of ${quoteList(CLAUDE_HANDLER_TYPES)}`);
  else if (!isClaudeHandlerType(type)) {
    list.error(typePath, `type must be one of ${quoteList(CLAUDE_HANDLER_TYPES)} ("mcp_tool" hooks are skipped), received ${describeReceived(type)}`);
  }
  const fields = isClaudeHandlerType(type) ? readHandlerFields(list, handler, pointer, type) : {};
  const timeout = readTimeout(list, handler, pointer, context.host);
  const onFailure = readField(list, handler, 'onFailure', pointer, checkOnFailure);
  const mode = readField(list, handler, 'mode', pointer, checkMode);
  if (isClaudeHandlerType(type)) warnUnsupported(list, handler, pointer, type);
  const failed = list.items.slice(errorsBefore).some((diagnostic) => diagnostic.severity === 'error');
  if (failed || !isClaudeHandlerType(type)) return undefined;
  return {
    id: context.id,
    event: context.event.canonical,
    eventName: context.event.name,
    ...(context.matcher !== undefined && { matcher: context.matcher }),
    type: type satisfies HookType,
    ...fields,
    dialect: context.host.dialect,
    ...(timeout !== undefined && { timeout }),
    ...(onFailure !== undefined && { onError: ON_FAILURE_TO_ON_ERROR[onFailure] }),
    ...(mode !== undefined && { mode }),
    pointer,
    ...(context.source !== undefined && { source: context.source }),
  };
}

// A hook's timeout in seconds: Gemini CLI writes milliseconds, the other hosts seconds.
function readTimeout(list: DiagnosticList, handler: Record<string, unknown>, pointer: string, host: GroupedHost): number | undefined {
  if (host.timeoutUnit === 'seconds') return readField(list, handler, 'timeout', pointer, checkTimeoutSeconds);
  const value = handler.timeout;
  if (value === undefined) return undefined;
  const ms = checkTimeoutMilliseconds(value);
  if (ms === undefined) {
    list.error(appendPointer(pointer, 'timeout'), `timeout must be a positive number of milliseconds (${host.host} counts in milliseconds) no larger than ${MAX_TIMEOUT_SECONDS * 1000}, received ${describeReceived(value)}`);
    return undefined;
  }
  return ms / 1000;
}

// Claude Code's settings shape (`hooks` maps event names to matcher groups), also Gemini CLI's and
// Codex's. Keys other than `hooks` and hookwire's own settings are the host's and are ignored
// without a word; events and handler types hookwire does not run are skipped with a warning. Each
// hook runs in the host's dialect.
export function readClaudeSettings(
  list: DiagnosticList,
  input: Record<string, unknown>,
  hooks: Record<string, unknown>,
  source: string | undefined,
  host: GroupedHost = GROUPED_HOSTS.claude,
): HookwireConfig {
  const settings = readSettings(list, input);
  const specs: HookSpec[] = [];
  for (const [eventName, groups] of Object.entries(hooks)) {
    const eventPointer = appendPointer('/hooks', eventName);
    const canonical = host.resolve(eventName);
    if (canonical === undefined) {
      // A real host event hookwire does not handle is only skipped; any other name is a mistake, as in the native shape.
      if (host.otherEvents.includes(eventName)) list.warning(eventPointer, unsupportedEventMessage(eventName, 'its hooks are skipped'));
      else {
        const near = suggest(eventName, host.eventNames);
        const hint = near !== undefined ? `; did you mean ${JSON.stringify(near)}?` : ` (supported: ${host.eventNames.join(', ')})`;
        list.error(eventPointer, `event ${JSON.stringify(eventName)} is neither an event hookwire handles nor a ${host.host} event${hint}`);
      }
      continue;
    }
    const event: ResolvedEvent = { canonical, name: eventName };
    if (!Array.isArray(groups)) {
      list.error(eventPointer, `${eventName} must be an array of matcher groups { matcher?, hooks: [...] }, received ${describeReceived(groups)}`);
      continue;
    }
    let count = 0;
    for (let groupIndex = 0; groupIndex < groups.length; groupIndex++) {
      const group: unknown = groups[groupIndex];
      const groupPointer = appendPointer(eventPointer, groupIndex);
      if (!isRecord(group)) {
        list.error(groupPointer, `matcher group must be an object { matcher?, hooks: [...] }, received ${describeReceived(group)}`);
        continue;
      }
      const matcher = readMatcher(list, group.matcher, appendPointer(groupPointer, 'matcher'), event, host.dialect);
      const handlersPointer = appendPointer(groupPointer, 'hooks');
      if (!Array.isArray(group.hooks)) {
        list.error(
          handlersPointer,
          group.hooks === undefined
            ? 'hooks is required in a matcher group: an array of hooks { type, ... }'
            : `hooks must be an array of hooks { type, ... }, received ${describeReceived(group.hooks)}`,
        );
        continue;
      }
      for (let index = 0; index < group.hooks.length; index++) {
        count++;
        const context = { id: `${eventName}#${count}`, event, matcher, source, host };
        const spec = readClaudeHandler(list, group.hooks[index], appendPointer(handlersPointer, index), context);
        if (spec !== undefined) specs.push(spec);
      }
    }
  }
  return { ...settings, hooks: specs };
}
