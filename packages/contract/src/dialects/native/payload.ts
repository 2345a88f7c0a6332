import type { CanonicalEvent } from '../../events.js';
import type { PayloadRead } from '../dialect.js';
import { resolveName } from '../event-names.js';
import { ALIASES, EVENTS } from './events.js';

/** A native payload names its event in `event` (or `hook_event_name`); its fields are the canonical ones. */
export function readPayload(raw: Record<string, unknown>, eventName?: string): PayloadRead | undefined {
  const names = { events: EVENTS, aliases: ALIASES };
  const name = [raw.event, raw.hook_event_name, eventName].find((candidate) => resolveName(names, candidate) !== undefined) as string | undefined;
  const event = resolveName(names, name);
  return event === undefined ? undefined : { event, eventName: name!, payload: raw };
}

/** An envelope with `event` and an ISO timestamp first, then the payload, compact JSON plus one `\n`. */
export function render(event: CanonicalEvent, payload: Record<string, unknown>, now: Date = new Date()): string {
  const ts = now.toISOString();
  const envelope: Record<string, unknown> = { event, ts, ...payload, hook_event_name: event };
  envelope.event = event;
  envelope.ts = ts;
  return `${JSON.stringify(envelope)}\n`;
}
