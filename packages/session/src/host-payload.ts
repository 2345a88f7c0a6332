import { describeType, isRecord, readPayloadIn, type CanonicalEvent, type DialectName } from '@hookwire/contract';

/** A host's hook payload: the object, and its event when it is one hookwire knows in the host's dialect. */
export interface HostPayload {
  payload: Record<string, unknown>;
  event: CanonicalEvent | undefined;
  eventName: string | undefined;
}

/**
 * Reads a parsed hook payload as the host sent it. `event` is set only when the payload's event
 * (its `hook_event_name`, else `eventName`: the `--event` of hosts whose payload does not name
 * it, as Copilot CLI's camelCase payloads) is one the host dialect maps; other events and a
 * missing name leave it undefined. A value that is not an object is refused with what it was instead.
 */
export function readHostPayload(
  value: unknown,
  dialect: DialectName,
  eventName?: string,
): { ok: true; host: HostPayload } | { ok: false; received: string } {
  if (!isRecord(value)) return { ok: false, received: describeType(value) };
  const payload = value;
  const read = readPayloadIn(dialect, payload, eventName);
  const named = typeof payload.hook_event_name === 'string' ? payload.hook_event_name : eventName;
  return { ok: true, host: { payload, event: read?.event, eventName: read?.eventName ?? named } };
}
