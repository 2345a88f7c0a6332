import type { CanonicalEvent } from '../../events.js';
import type { PayloadRead } from '../dialect.js';
import { readEventName } from '../event-names.js';
import { ALIASES, EVENTS } from './events.js';

/** Claude Code's payload is the canonical one: read as it is, the event from `hook_event_name`. */
export function readPayload(raw: Record<string, unknown>, eventName?: string): PayloadRead | undefined {
  const named = readEventName({ events: EVENTS, aliases: ALIASES }, raw, eventName);
  return named === undefined ? undefined : { ...named, payload: raw };
}

/** Compact JSON with Claude Code's event name, and one `\n` (as Claude Code sends it). */
export function render(event: CanonicalEvent, payload: Record<string, unknown>): string {
  return `${JSON.stringify({ ...payload, hook_event_name: EVENTS[event] })}\n`;
}
