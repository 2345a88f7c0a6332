import type { CanonicalEvent } from '../../events.js';
import type { PayloadRead } from '../dialect.js';
import { readEventName } from '../event-names.js';
import { ALIASES, EVENTS } from './events.js';

/** Codex's payload is Claude Code's shape (plus `turn_id` and `model`): read as it is. */
export function readPayload(raw: Record<string, unknown>, eventName?: string): PayloadRead | undefined {
  const named = readEventName({ events: EVENTS, aliases: ALIASES }, raw, eventName);
  return named === undefined ? undefined : { ...named, payload: raw };
}

/** Compact JSON with Claude Code's event names, as Codex sends it: no trailing newline. */
export function render(event: CanonicalEvent, payload: Record<string, unknown>): string {
  return JSON.stringify({ ...payload, hook_event_name: EVENTS[event] ?? event });
}
