import { isRecord } from '../../describe-value.js';
import type { CanonicalEvent } from '../../events.js';
import { parseJson } from '../claude/answer.js';
import type { PayloadRead } from '../dialect.js';
import { resolveName } from '../event-names.js';
import { copyRecord, renameKeys, setOwn } from '../own-keys.js';
import { toCanonicalTool, toHostTool, withTool } from '../tools.js';
import { ALIASES, EVENTS, isPascalName } from './events.js';
import { TOOLS } from './tools.js';

const NAMES = { events: EVENTS, aliases: ALIASES };

/** camelCase keys whose canonical name is not their snake_case spelling. */
const TO_CANONICAL: Readonly<Record<string, string>> = { toolArgs: 'tool_input', toolInput: 'tool_input', toolResult: 'tool_response' };

/** Keys Copilot sends in snake_case even in its camelCase mode. */
const KEEP = new Set(['stop_hook_active']);

function toSnake(key: string): string {
  if (Object.hasOwn(TO_CANONICAL, key)) return TO_CANONICAL[key]!;
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

function toCamel(key: string): string {
  return KEEP.has(key) ? key : key.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/** A timestamp as the canonical ISO string: Copilot's camelCase mode sends epoch milliseconds. */
function isoOf(value: unknown): unknown {
  if (typeof value !== 'number' || !Number.isFinite(value)) return value;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/**
 * Reads a Copilot CLI payload. A PascalCase payload (it names its event in `hook_event_name`) is
 * Claude Code's form already. A camelCase payload does not name its event (`--event` does; a
 * permissionRequest says `hookName`): its keys become snake_case, `toolArgs` (an object, or a
 * JSON string from older versions) becomes `tool_input`, its tool names Claude Code's, and its
 * epoch-millisecond `timestamp` an ISO string.
 */
export function readPayload(raw: Record<string, unknown>, eventName?: string): PayloadRead | undefined {
  if (typeof raw.hook_event_name === 'string') {
    const event = resolveName(NAMES, raw.hook_event_name);
    return event === undefined ? undefined : { event, eventName: raw.hook_event_name, payload: raw };
  }
  const name = eventName ?? (typeof raw.hookName === 'string' ? raw.hookName : undefined);
  const event = resolveName(NAMES, name);
  if (event === undefined) return undefined;
  const snake = renameKeys(raw, toSnake);
  if (typeof snake.tool_input === 'string') {
    const parsed = parseJson(snake.tool_input);
    if (isRecord(parsed)) snake.tool_input = parsed;
  }
  if (Object.hasOwn(snake, 'timestamp')) snake.timestamp = isoOf(snake.timestamp);
  const payload = isPascalName(name) ? snake : withTool(snake, (call) => toCanonicalTool(TOOLS, call));
  return { event, eventName: name!, payload };
}

/** The fields Copilot's camelCase payloads start with, in its order. */
const FIRST = ['sessionId', 'timestamp', 'cwd'];

/**
 * A canonical payload for a copilot hook, in Copilot CLI's camelCase form: camelCase keys,
 * `toolArgs` (`toolInput` on permissionRequest), its tool names, an epoch-millisecond timestamp,
 * no `hook_event_name` (a permissionRequest names itself in `hookName`); no trailing newline.
 */
export function render(event: CanonicalEvent, payload: Record<string, unknown>, now: Date = new Date()): string {
  const mapped = withTool(payload, (call) => toHostTool(TOOLS, call));
  const given = copyRecord(mapped);
  delete given.hook_event_name;
  const parsed = typeof given.timestamp === 'string' ? Date.parse(given.timestamp) : Number.NaN;
  given.timestamp = typeof given.timestamp === 'number' ? given.timestamp : Number.isNaN(parsed) ? now.getTime() : parsed;
  const camel = renameKeys(given, (key) => {
    if (key === 'tool_input') return event === 'permission:request' ? 'toolInput' : 'toolArgs';
    if (key === 'tool_response') return 'toolResult';
    return toCamel(key);
  });
  const out: Record<string, unknown> = {};
  if (event === 'permission:request') setOwn(out, 'hookName', EVENTS[event]);
  for (const key of FIRST) if (Object.hasOwn(camel, key)) setOwn(out, key, camel[key]);
  for (const key of Object.keys(camel)) if (!FIRST.includes(key) && !Object.hasOwn(out, key)) setOwn(out, key, camel[key]);
  return JSON.stringify(out);
}
