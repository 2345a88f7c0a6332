import type { CanonicalEvent } from '../../events.js';
import type { PayloadRead } from '../dialect.js';
import { resolveName } from '../event-names.js';
import { renameKeys } from '../own-keys.js';
import { ALIASES, EVENTS } from './events.js';

const NAMES = { events: EVENTS, aliases: ALIASES };

/** Letta Code's field names that are Claude Code's under another name. */
const TO_CANONICAL: Record<string, string> = {
  working_directory: 'cwd',
  tool_call_id: 'tool_use_id',
  tool_result: 'tool_response',
  error_message: 'error',
  assistant_message: 'last_assistant_message',
};
const TO_LETTA: Record<string, string> = Object.fromEntries(Object.entries(TO_CANONICAL).map(([letta, canonical]) => [canonical, letta]));

/** Reads Letta Code's payload (`event_type`, `working_directory`, ...) in Claude Code's field names; its tool names already are. */
export function readPayload(raw: Record<string, unknown>, eventName?: string): PayloadRead | undefined {
  const name = typeof raw.event_type === 'string' ? raw.event_type : eventName;
  const event = resolveName(NAMES, name);
  if (event === undefined) return undefined;
  return { event, eventName: EVENTS[event] ?? String(name), payload: renameKeys(raw, (key) => (key === 'event_type' ? undefined : TO_CANONICAL[key] ?? key)) };
}

/** Compact JSON as Letta Code sends it: `event_type` first, its field names; no trailing newline. */
export function render(event: CanonicalEvent, payload: Record<string, unknown>): string {
  const renamed = renameKeys(payload, (key) => (key === 'hook_event_name' || key === 'event_type' ? undefined : TO_LETTA[key] ?? key));
  return JSON.stringify({ event_type: EVENTS[event] ?? event, ...renamed });
}
