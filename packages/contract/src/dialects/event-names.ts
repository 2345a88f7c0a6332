import { CANONICAL_EVENT_NAMES, type CanonicalEvent } from '../events.js';

/** A dialect's event names both ways: its first name of each event, and every name it reads. */
export interface EventNames {
  readonly events: Readonly<Partial<Record<CanonicalEvent, string>>>;
  readonly aliases: Readonly<Record<string, CanonicalEvent>>;
}

/** The canonical event a dialect's name stands for; undefined for a name the dialect does not have. */
export function resolveName(names: EventNames, name: unknown): CanonicalEvent | undefined {
  if (typeof name !== 'string') return undefined;
  for (const event of CANONICAL_EVENT_NAMES) if (names.events[event] === name) return event;
  return Object.hasOwn(names.aliases, name) ? names.aliases[name] : undefined;
}

/** Every name of one canonical event in a dialect, its first name first. */
export function namesOf(names: EventNames, event: CanonicalEvent): string[] {
  const first = names.events[event];
  const more = Object.keys(names.aliases).filter((alias) => names.aliases[alias] === event);
  return first === undefined ? more : [first, ...more];
}

/** The event a payload names in `hook_event_name` (else `eventName`), in one dialect; undefined when it names none the dialect has. */
export function readEventName(names: EventNames, raw: Record<string, unknown>, eventName?: string): { event: CanonicalEvent; eventName: string } | undefined {
  const name = typeof raw.hook_event_name === 'string' ? raw.hook_event_name : eventName;
  const event = resolveName(names, name);
  return event === undefined ? undefined : { event, eventName: name! };
}
