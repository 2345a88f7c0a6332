import { describeType, isRecord, resolveEvent, type CanonicalEvent, type DialectName } from '@hookwire/contract';

/** A host's hook payload: the object, and its event when it is one hookwire knows in the host's dialect. */
export interface HostPayload {
  payload: Record<string, unknown>;
  event: CanonicalEvent | undefined;
  eventName: string | undefined;
}

/**
 * Reads a parsed hook payload as the host sent it. `event` is set only when `hook_event_name` is
 * the host dialect's name of an event hookwire knows; other events (Claude Code's Notification,
 * PreCompact, ...) and a missing name leave it undefined. A value that is not an object is refused
 * with what it was instead.
 */
export function readHostPayload(value: unknown, dialect: DialectName): { ok: true; host: HostPayload } | { ok: false; received: string } {
  if (!isRecord(value)) return { ok: false, received: describeType(value) };
  const payload = value;
  const name = payload.hook_event_name;
  const eventName = typeof name === 'string' ? name : undefined;
  const resolved = resolveEvent(eventName);
  const event = resolved?.dialect === dialect ? resolved.canonical : undefined;
  return { ok: true, host: { payload, event, eventName } };
}
