import type { CanonicalEvent } from '../../events.js';
import type { PayloadRead } from '../dialect.js';
import { readEventName } from '../event-names.js';
import { copyRecord, renameKeys, setOwn } from '../own-keys.js';
import { toCanonicalTool, toHostTool, withTool } from '../tools.js';
import { ALIASES, EVENTS } from './events.js';
import { TOOLS } from './tools.js';

const NAMES = { events: EVENTS, aliases: ALIASES };

/** The fields every Gemini CLI payload starts with, in its order. */
const FIRST = ['session_id', 'transcript_path', 'cwd', 'hook_event_name', 'timestamp'];

/** Gemini's AfterAgent `prompt_response` is Claude Code's `last_assistant_message`. */
const TO_CANONICAL: Record<string, string> = { prompt_response: 'last_assistant_message' };
const TO_GEMINI: Record<string, string> = { last_assistant_message: 'prompt_response' };

/** Reads Gemini CLI's payload: its event names, its tool names and inputs mapped to Claude Code's; everything else kept. */
export function readPayload(raw: Record<string, unknown>, eventName?: string): PayloadRead | undefined {
  const named = readEventName(NAMES, raw, eventName);
  if (named === undefined) return undefined;
  const renamed = renameKeys(raw, (key) => TO_CANONICAL[key] ?? key);
  return { ...named, payload: withTool(renamed, (call) => toCanonicalTool(TOOLS, call)) };
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
