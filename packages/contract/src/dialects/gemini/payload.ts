import type { CanonicalEvent } from '../../events.js';
import type { PayloadRead } from '../dialect.js';
import { readEventName } from '../event-names.js';
import { copyRecord, renameKeys, setOwn } from '../own-keys.js';
import { absolutePath } from '../patch.js';
import { toCanonicalTool, toHostTool, withTool, type ToolCall } from '../tools.js';
import { ALIASES, EVENTS } from './events.js';
import { TOOLS } from './tools.js';

const NAMES = { events: EVENTS, aliases: ALIASES };

/** The fields every Gemini CLI payload starts with, in its order. */
const FIRST = ['session_id', 'transcript_path', 'cwd', 'hook_event_name', 'timestamp'];

/** Gemini's AfterAgent `prompt_response` is Claude Code's `last_assistant_message`. */
const TO_CANONICAL: Record<string, string> = { prompt_response: 'last_assistant_message' };
const TO_GEMINI: Record<string, string> = { last_assistant_message: 'prompt_response' };

/** The file tools whose `file_path` Gemini CLI passes as the model gave it, often relative (it resolves it against the project). */
const FILE_TOOLS = new Set(['Read', 'Write', 'Edit']);

/** A file tool's `file_path` made absolute against the payload's `cwd`, as Claude Code gives it and Gemini CLI resolves it. */
function withAbsolutePath(call: ToolCall, cwd: unknown): ToolCall {
  if (!FILE_TOOLS.has(call.name) || typeof call.input !== 'object' || call.input === null) return call;
  const input = call.input as Record<string, unknown>;
  if (typeof input.file_path !== 'string' || input.file_path === '') return call;
  const resolved = absolutePath(input.file_path, cwd);
  if (resolved === input.file_path) return call;
  const out = copyRecord(input);
  out.file_path = resolved;
  return { name: call.name, input: out };
}

/**
 * Reads Gemini CLI's payload: its event names, its tool names and inputs mapped to Claude Code's
 * (a relative `file_path` made absolute, as Claude Code's always is); everything else kept.
 */
export function readPayload(raw: Record<string, unknown>, eventName?: string): PayloadRead | undefined {
  const named = readEventName(NAMES, raw, eventName);
  if (named === undefined) return undefined;
  const renamed = renameKeys(raw, (key) => TO_CANONICAL[key] ?? key);
  return { ...named, payload: withTool(renamed, (call) => withAbsolutePath(toCanonicalTool(TOOLS, call), raw.cwd)) };
}

/** Compact JSON as Gemini CLI sends it: its base fields first, an ISO timestamp, its names; no trailing newline. */
export function render(event: CanonicalEvent, payload: Record<string, unknown>, now: Date = new Date()): string {
  const mapped = withTool(renameKeys(payload, (key) => TO_GEMINI[key] ?? key), (call) => toHostTool(TOOLS, call));
  const out: Record<string, unknown> = {};
  const given = copyRecord(mapped);
  given.hook_event_name = EVENTS[event] ?? event;
  if (typeof given.timestamp !== 'string') given.timestamp = now.toISOString();
  for (const key of FIRST) setOwn(out, key, given[key]);
  for (const key of Object.keys(given)) if (!FIRST.includes(key)) setOwn(out, key, given[key]);
  return JSON.stringify(out);
}
