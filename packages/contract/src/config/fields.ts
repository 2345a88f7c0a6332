import { describeReceived, isRecord } from '../describe-value.js';
import { appendPointer, type DiagnosticList } from './diagnostics.js';
import { CONFIG_EVENT_NAMES, MAX_TIMEOUT_SECONDS, ON_ERROR_VALUES } from './config-names.js';
import type { FieldCheck } from './field-checks.js';
import { CANONICAL_EVENT_NAMES, eventTraits, type CanonicalEvent } from '../events.js';
import { DIALECT_NAMES, eventNameIn, resolveEvent, type DialectName } from '../dialects/index.js';
import { compileMatcher } from '../matcher.js';
import { findNestedQuantifier } from '../nested-quantifier.js';
import { findToolCaseMismatch, isClaudeCodeEvent } from './host-names.js';

/** The dialects whose matchers name Claude Code's tools (the others' lower-case `bash` is right). */
const CLAUDE_TOOL_NAMES: ReadonlySet<DialectName> = new Set(['claude', 'native', 'codex']);

const HANDLED_CLAUDE_EVENTS = CONFIG_EVENT_NAMES.filter((name) => resolveEvent(name)?.dialect === 'claude');

/** The warning for a real Claude Code event hookwire does not handle, in either config shape. */
export function unsupportedEventMessage(name: string, skipped: string): string {
  return `event ${JSON.stringify(name)} is not supported by hookwire; ${skipped} (supported: ${HANDLED_CLAUDE_EVENTS.join(', ')})`;
}

// `"a", "b" or "c"`
export function quoteList(items: readonly string[]): string {
  const quoted = items.map((item) => JSON.stringify(item));
  return quoted.length <= 1 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
}

const TIMEOUT_EXPECTED = (value: unknown) =>
  typeof value === 'number' && value > MAX_TIMEOUT_SECONDS
    ? `a number of seconds no larger than ${MAX_TIMEOUT_SECONDS} (about 24 days)`
    : 'a positive number of seconds';

// What each field must be, in words, for messages; some depend on the value received.
const EXPECTED = new Map<string, string | ((value: unknown) => string)>([
  ['$schema', 'a string'],
  ['id', 'a non-empty string'],
  ['command', 'a non-empty string (a shell command)'],
  ['url', 'an http or https URL'],
  ['baseUrl', 'an http or https URL'],
  ['prompt', 'a non-empty string'],
  ['model', 'a non-empty string'],
  ['name', 'a non-empty string'],
  ['dialect', quoteList(DIALECT_NAMES)],
  ['timeout', TIMEOUT_EXPECTED],
  ['timeoutSec', TIMEOUT_EXPECTED],
  ['onError', quoteList(ON_ERROR_VALUES)],
  ['onFailure', '"continue" or "block"'],
  ['mode', '"enforce" or "observe"'],
  ['parallel', 'true or false'],
  ['auditLog', 'true, false, an absolute path or one under the home folder ("~/logs/audit.jsonl"), or { "path": ..., "payloads": true|false }'],
  ['apiKeyEnv', 'the name of an environment variable (letters, digits and _)'],
]);

function expectedOf(key: string, value?: unknown): string {
  const expected = EXPECTED.get(key) ?? 'a valid value';
  return typeof expected === 'function' ? expected(value) : expected;
}

interface ReadOptions {
  // The field's name in messages; default the key.
  label?: string;
  // Present: the field is required, and this is said after "is required" (`" for command hooks"`).
  requiredFor?: string;
}

// Reads one field of an object, checked by its field check; a missing or bad value is an error diagnostic.
export function readField<T>(
  list: DiagnosticList,
  record: Record<string, unknown>,
  key: string,
  pointer: string,
  check: FieldCheck<T>,
  options: ReadOptions = {},
): T | undefined {
  const label = options.label ?? key;
  const value = record[key];
  const path = appendPointer(pointer, key);
  if (value === undefined) {
    if (options.requiredFor !== undefined) list.error(path, `${label} is required${options.requiredFor}: ${expectedOf(key)}`);
    return undefined;
  }
  const checked = check(value);
  if (checked !== undefined) return checked;
  list.error(path, `${label} must be ${expectedOf(key, value)}, received ${describeReceived(value)}`);
  return undefined;
}

const MAX_SUGGESTION_INPUT = 64;

function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** The closest candidate within two edits (ignoring case), if any: the one did-you-mean of config keys, event names, commands and flags. */
export function suggest(name: string, candidates: readonly string[]): string | undefined {
  if (name.length > MAX_SUGGESTION_INPUT) return undefined;
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of candidates) {
    const d = distance(name.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance && d < Math.max(name.length, 2)) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/**
 * Reports each key of `record` not in `known`, suggesting a near known key. In hookwire's own shape
 * (`severity: 'error'`) an unknown key refuses the config: a typo in an optional key (`onEror`)
 * would otherwise change what a hook does without a word. Hosts' shapes stay as lenient as the
 * hosts are (`'warning'`: the key is ignored).
 */
export function reportUnknownKeys(
  list: DiagnosticList,
  record: Record<string, unknown>,
  pointer: string,
  known: readonly string[],
  options: { severity: 'error' | 'warning'; prefix?: string },
): void {
  const prefix = options.prefix ?? '';
  for (const key of Object.keys(record)) {
    if (known.includes(key)) continue;
    const near = suggest(key, known);
    const hint = near !== undefined ? `did you mean ${JSON.stringify(near)}?` : `known keys: ${known.join(', ')}`;
    if (options.severity === 'error') list.error(appendPointer(pointer, key), `unknown key ${JSON.stringify(prefix + key)}; ${hint}`);
    else list.warning(appendPointer(pointer, key), `unknown key ${JSON.stringify(prefix + key)} is ignored; ${hint}`);
  }
}

// `headers`: an object whose values are strings; each bad value is its own error.
export function readHeaders(
  list: DiagnosticList,
  value: unknown,
  pointer: string,
  label: string,
): Record<string, string> | undefined {
  if (!isRecord(value)) {
    list.error(pointer, `${label} must be an object mapping header names to strings, received ${describeReceived(value)}`);
    return undefined;
  }
  let ok = true;
  const entries: [string, string][] = [];
  for (const [name, header] of Object.entries(value)) {
    if (typeof header === 'string') entries.push([name, header]);
    else {
      ok = false;
      list.error(appendPointer(pointer, name), `${label}.${name} must be a string, received ${describeReceived(header)}`);
    }
  }
  return ok ? Object.fromEntries(entries) : undefined;
}

// `allowedEnvVars`: an array of strings; each bad element is its own error.
export function readStringList(list: DiagnosticList, value: unknown, pointer: string, label: string): string[] | undefined {
  if (!Array.isArray(value)) {
    list.error(pointer, `${label} must be an array of environment variable names (strings), received ${describeReceived(value)}`);
    return undefined;
  }
  let ok = true;
  const items: string[] = [];
  for (let index = 0; index < value.length; index++) {
    const item: unknown = value[index];
    if (typeof item === 'string') items.push(item);
    else {
      ok = false;
      list.error(appendPointer(pointer, index), `${label}[${index}] must be a string, received ${describeReceived(item)}`);
    }
  }
  return ok ? items : undefined;
}

export interface ResolvedEvent {
  canonical: CanonicalEvent;
  // As written.
  name: string;
}

// Resolves an event name written in a config; an unknown or missing name is an error diagnostic.
/** The event names a message lists: the canonical ones and Claude Code's; every other host's names are in docs/hosts.md. */
const LISTED_EVENT_NAMES = [...CANONICAL_EVENT_NAMES, ...CANONICAL_EVENT_NAMES.map((event) => eventNameIn('claude', event))].join(', ');

export function readEvent(list: DiagnosticList, value: unknown, pointer: string): ResolvedEvent | undefined {
  const known = `${LISTED_EVENT_NAMES}, or another host's name of one of them (docs/hosts.md)`;
  if (value === undefined) {
    list.error(pointer, `event is required: one of ${known}`);
    return undefined;
  }
  const resolved = resolveEvent(value);
  if (resolved !== undefined) return { canonical: resolved.canonical, name: value as string };
  if (isClaudeCodeEvent(value)) {
    list.warning(pointer, unsupportedEventMessage(value as string, 'this hook is skipped'));
    return undefined;
  }
  const near = typeof value === 'string' ? suggest(value, CONFIG_EVENT_NAMES) : undefined;
  const hint = near !== undefined ? `; did you mean ${JSON.stringify(near)}?` : '';
  list.error(pointer, `event must be one of ${known}, received ${describeReceived(value)}${hint}`);
  return undefined;
}

// A matcher is a string whose regular expression, if it is one, compiles. A specific matcher on an
// event without a subject is a warning (it is ignored); so is a name list that names nothing.
export function readMatcher(
  list: DiagnosticList,
  value: unknown,
  pointer: string,
  event: ResolvedEvent | undefined,
  dialect: DialectName = 'claude',
): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') {
    list.error(pointer, `matcher must be a string (a tool name, names separated by | or ",", or a regular expression), received ${describeReceived(value)}`);
    return undefined;
  }
  const compiled = compileMatcher(value);
  if (!compiled.ok) {
    list.error(
      pointer,
      compiled.needsBacktracking
        ? `matcher ${describeReceived(value)}: ${compiled.error}; write it without (names separated by |, or one hook per case)`
        : `matcher must be a valid regular expression, received ${describeReceived(value)} (${compiled.error})`,
    );
    return undefined;
  }
  if (compiled.kind === 'all') return value;
  const nested = compiled.kind === 'regex' ? findNestedQuantifier(value) : undefined;
  if (nested !== undefined) {
    list.warning(
      pointer,
      `matcher ${describeReceived(value)} has a nested quantifier (${nested}), a catastrophic-backtracking shape: hookwire matches it in linear time, but a backtracking engine (Claude Code's own matcher) can take exponential time on a crafted subject; write it without the nested repetition`,
    );
  }
  if (event !== undefined && eventTraits(event.canonical).subject === 'none') {
    list.warning(pointer, `matcher is ignored on ${event.name}: the event has no subject, so every hook of it runs`);
  } else if (compiled.kind === 'names' && compiled.names.length === 0) {
    list.warning(pointer, `matcher ${describeReceived(value)} names no subject and matches nothing; use "*" or leave it out to match everything`);
  } else if (compiled.kind === 'names' && CLAUDE_TOOL_NAMES.has(dialect) && (event === undefined || eventTraits(event.canonical).subject === 'tool')) {
    for (const name of compiled.names) {
      const tool = findToolCaseMismatch(name);
      if (tool !== undefined) {
        list.warning(pointer, `matcher names ${JSON.stringify(name)}, which differs from the tool ${JSON.stringify(tool)} only by case; matchers compare case-sensitively, so it never matches ${tool}`);
      }
    }
  }
  return value;
}
