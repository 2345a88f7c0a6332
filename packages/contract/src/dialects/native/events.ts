import { CANONICAL_EVENT_NAMES, type CanonicalEvent } from '../../events.js';

/** hookwire's own dialect names every event canonically. */
export const EVENTS = Object.fromEntries(CANONICAL_EVENT_NAMES.map((event) => [event, event])) as Readonly<Record<CanonicalEvent, string>>;

export const ALIASES: Readonly<Record<string, CanonicalEvent>> = {};
