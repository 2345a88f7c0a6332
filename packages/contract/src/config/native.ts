import { describeReceived, isRecord } from '../describe-value.js';
import { appendPointer, type DiagnosticList } from './diagnostics.js';
import {
  quoteList,
  readEvent,
  readField,
  readHeaders,
  readMatcher,
  readStringList,
  reportUnknownKeys,
  suggest,
} from './fields.js';
import { readSettings, SETTINGS_KEYS } from './settings.js';
import { checkCommandPath } from './command-path.js';
import { DIALECTS, hasEvent, isDialectName } from '../dialects/index.js';
import { HOOK_TYPES, NATIVE_TYPE_FIELDS, RULE_PACK_EVENTS } from './config-names.js';
import { readRuleFields } from './rule-fields.js';
import {
  checkDialectName,
  checkHttpUrl,
  checkMode,
  checkNonEmptyString,
  checkOnError,
  checkTimeoutSeconds,
  type FieldCheck,
} from './field-checks.js';
import type { HookSpec, HookType, HookwireConfig } from './schema.js';

const COMMON_KEYS = ['id', 'event', 'matcher', 'type', 'dialect', 'timeout', 'onError', 'mode'];

// The keys each hook type adds to the common ones, in schema order.
const TYPE_KEYS = Object.fromEntries(HOOK_TYPES.map((type) => [type, Object.keys(NATIVE_TYPE_FIELDS[type])])) as Record<
  HookType,
  string[]
>;

const ALL_TYPE_KEYS = [...new Set(Object.values(TYPE_KEYS).flat())];

const TOP_LEVEL_KEYS = ['$schema', ...SETTINGS_KEYS, 'hooks'];

function isHookType(value: unknown): value is HookType {
  return typeof value === 'string' && (HOOK_TYPES as readonly string[]).includes(value);
}

function isRequired(type: HookType, key: string): boolean {
  return (NATIVE_TYPE_FIELDS[type] as Record<string, boolean | undefined>)[key] === true;
}

// The check of a type-specific field read by readField: url is a URL, the others non-empty strings
// (headers and allowedEnvVars have readers of their own).
function fieldCheck(key: string): FieldCheck<string> {
  return key === 'url' ? checkHttpUrl : checkNonEmptyString;
}

interface HookContext {
  pointer: string;
  // The generated id of each hook that gives none, by index.
  generatedIds: (string | undefined)[];
  index: number;
  // Ids given so far, with the pointer of the hook that gave them.
  givenIds: Map<string, string>;
  // Generated ids of hooks that give none, with their hook's pointer.
  generatedOwners: Map<string, string>;
  source: string | undefined;
}

function readTypeFields(
  list: DiagnosticList,
  hook: Record<string, unknown>,
  pointer: string,
  type: HookType | undefined,
): Partial<HookSpec> {
  const fields: Record<string, unknown> = {};
  if (type === 'rule') {
    const rule = readRuleFields(list, hook, pointer);
    return rule === undefined ? {} : { rule };
  }
  const keys = type === undefined ? ALL_TYPE_KEYS.filter((key) => hook[key] !== undefined) : TYPE_KEYS[type];
  for (const key of keys) {
    const path = appendPointer(pointer, key);
    let value: unknown;
    if (key === 'headers') value = hook.headers === undefined ? undefined : readHeaders(list, hook.headers, path, 'headers');
    else if (key === 'allowedEnvVars') {
      value = hook.allowedEnvVars === undefined ? undefined : readStringList(list, hook.allowedEnvVars, path, 'allowedEnvVars');
    } else {
      const requiredFor = type !== undefined && isRequired(type, key) ? ` for ${type} hooks` : undefined;
      value = readField(list, hook, key, pointer, fieldCheck(key), { ...(requiredFor !== undefined && { requiredFor }) });
      if (key === 'command' && typeof value === 'string') checkCommandPath(list, value, path);
    }
    if (value !== undefined) fields[key] = value;
  }
  if (type === 'subagent' && hook.prompt === undefined && hook.name === undefined) {
    list.error(pointer, 'a subagent hook needs a prompt or a name (the agent to delegate to), received neither');
  }
  return fields as Partial<HookSpec>;
}

function checkGivenId(list: DiagnosticList, id: string, path: string, context: HookContext): void {
  const given = context.givenIds.get(id);
  const generated = context.generatedOwners.get(id);
  if (given !== undefined) list.error(path, `id ${JSON.stringify(id)} is already used by the hook at ${given}; ids must be unique`);
  else if (generated !== undefined) {
    list.error(path, `id ${JSON.stringify(id)} is already the generated id of the hook at ${generated}; choose another id`);
  } else context.givenIds.set(id, context.pointer);
}

function readNativeHook(list: DiagnosticList, hook: unknown, context: HookContext): HookSpec | HookSpec[] | undefined {
  const { pointer } = context;
  if (!isRecord(hook)) {
    list.error(pointer, `hook must be an object { event, type, ... }, received ${describeReceived(hook)}`);
    return undefined;
  }
  const errorsBefore = list.items.length;
  const id = readField(list, hook, 'id', pointer, checkNonEmptyString);
  if (id !== undefined) checkGivenId(list, id, appendPointer(pointer, 'id'), context);
  // A rule hook naming a pack and no event runs on every event the packs look at.
  const everyPackEvent = hook.type === 'rule' && hook.event === undefined && hook.pack !== undefined;
  const event = everyPackEvent ? undefined : readEvent(list, hook.event, appendPointer(pointer, 'event'));
  const matcher = readMatcher(list, hook.matcher, appendPointer(pointer, 'matcher'), event, isDialectName(hook.dialect) ? hook.dialect : 'claude');
  let type: HookType | undefined;
  if (hook.type === undefined) list.error(appendPointer(pointer, 'type'), `type is required: one of ${quoteList(HOOK_TYPES)}`);
  else if (isHookType(hook.type)) type = hook.type;
  else list.error(appendPointer(pointer, 'type'), `type must be one of ${quoteList(HOOK_TYPES)}, received ${describeReceived(hook.type)}`);
  const fields = readTypeFields(list, hook, pointer, type);
  const dialect = readField(list, hook, 'dialect', pointer, checkDialectName);
  const timeout = readField(list, hook, 'timeout', pointer, checkTimeoutSeconds);
  const onError = readField(list, hook, 'onError', pointer, checkOnError);
  const mode = readField(list, hook, 'mode', pointer, checkMode);
  if (dialect !== undefined && event !== undefined && !hasEvent(dialect, event.canonical)) {
    list.error(
      appendPointer(pointer, 'dialect'),
      `a ${dialect} hook cannot be on ${event.name}: ${DIALECTS[dialect].host} has no ${event.canonical} event, so the hook would have no event name to read (use a dialect that has it, e.g. "claude")`,
    );
  }

  const known = type === undefined ? [...COMMON_KEYS, ...ALL_TYPE_KEYS] : [...COMMON_KEYS, ...TYPE_KEYS[type]];
  const unknown: Record<string, unknown> = {};
  for (const key of Object.keys(hook)) {
    if (known.includes(key)) continue;
    if (ALL_TYPE_KEYS.includes(key)) list.warning(appendPointer(pointer, key), `${key} is not used by ${type} hooks and is ignored`);
    else unknown[key] = hook[key];
  }
  reportUnknownKeys(list, unknown, pointer, known, { severity: 'error' });

  const failed = list.items.slice(errorsBefore).some((diagnostic) => diagnostic.severity === 'error');
  const generatedId = context.generatedIds[context.index];
  const hookId = id ?? generatedId;
  if (failed || type === undefined || hookId === undefined || (event === undefined && !everyPackEvent)) return undefined;
  const specOn = (canonical: HookSpec['event'], eventName: string): HookSpec => ({
    id: hookId,
    event: canonical,
    eventName,
    ...(matcher !== undefined && { matcher }),
    type,
    ...fields,
    dialect: dialect ?? 'claude',
    ...(timeout !== undefined && { timeout }),
    ...(onError !== undefined && { onError }),
    ...(mode !== undefined && { mode }),
    pointer,
    ...(context.source !== undefined && { source: context.source }),
  });
  return event === undefined ? RULE_PACK_EVENTS.map((canonical) => specOn(canonical, canonical)) : specOn(event.canonical, event.name);
}

// Generated ids `<event as written>#<n>` for hooks that give no `id`, n counting that event name's hooks from 1.
function generateIds(hooks: readonly unknown[]): (string | undefined)[] {
  const counts = new Map<string, number>();
  return hooks.map((hook) => {
    if (!isRecord(hook)) return undefined;
    const key = typeof hook.event === 'string' ? hook.event : hook.type === 'rule' && hook.event === undefined ? 'rule' : undefined;
    if (key === undefined) return undefined;
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    return hook.id === undefined ? `${key}#${n}` : undefined;
  });
}

/**
 * Unknown keys are errors in hookwire's own shape. A file without `hooks` and without any of
 * hookwire's own keys may be a host's settings file with no hooks yet (Claude Code's
 * `permissions`, `env`, `model`): its keys are the host's, warnings as in the host's shape — except
 * one a typo away from `hooks`, which would leave every hook out.
 */
function unknownKeySeverity(input: Record<string, unknown>): 'error' | 'warning' {
  const keys = Object.keys(input);
  if (input.hooks !== undefined || keys.some((key) => TOP_LEVEL_KEYS.includes(key))) return 'error';
  return keys.some((key) => suggest(key, ['hooks']) !== undefined) ? 'error' : 'warning';
}

// hookwire's own config shape (`hooks` is an array). Unknown keys are errors, with a did-you-mean.
export function readNativeConfig(
  list: DiagnosticList,
  input: Record<string, unknown>,
  hooks: readonly unknown[],
  source: string | undefined,
): HookwireConfig {
  if (input.$schema !== undefined && typeof input.$schema !== 'string') {
    list.warning('/$schema', `$schema must be a string (the URL or path of the JSON Schema), received ${describeReceived(input.$schema)}; ignored`);
  }
  const severity = unknownKeySeverity(input);
  const settings = readSettings(list, input, severity);
  reportUnknownKeys(list, input, '', TOP_LEVEL_KEYS, { severity });
  const generatedIds = generateIds(hooks);
  const generatedOwners = new Map<string, string>();
  generatedIds.forEach((id, index) => {
    if (id !== undefined) generatedOwners.set(id, appendPointer('/hooks', index));
  });
  const givenIds = new Map<string, string>();
  const specs: HookSpec[] = [];
  for (let index = 0; index < hooks.length; index++) {
    const pointer = appendPointer('/hooks', index);
    const spec = readNativeHook(list, hooks[index], { pointer, generatedIds, index, givenIds, generatedOwners, source });
    if (Array.isArray(spec)) specs.push(...spec);
    else if (spec !== undefined) specs.push(spec);
  }
  return { ...settings, hooks: specs };
}
