import { CANONICAL_EVENT_NAMES, type CanonicalEvent } from '../events.js';
import type { DialectName } from '../handler-result.js';
import { claude } from './claude.js';
import type { BridgeResponse, Dialect, RenderOutcomeOptions } from './dialect.js';
import type { Outcome } from '@hookwire/fold';
import { native } from './native.js';

/** Every dialect hookwire speaks, by name. Adding a dialect is one file and one line here. */
export const DIALECTS: Readonly<Record<DialectName, Dialect>> = { claude, native };

export const DIALECT_NAMES = Object.keys(DIALECTS) as readonly DialectName[];

export function isDialectName(name: unknown): name is DialectName {
  return typeof name === 'string' && Object.hasOwn(DIALECTS, name);
}

const BY_NAME = new Map<string, { canonical: CanonicalEvent; dialect: DialectName }>();
for (const dialect of Object.values(DIALECTS)) {
  for (const canonical of CANONICAL_EVENT_NAMES) {
    if (!BY_NAME.has(dialect.events[canonical])) BY_NAME.set(dialect.events[canonical], { canonical, dialect: dialect.name });
  }
}

/** Maps an event name in any dialect (or a canonical name, which is the native dialect's) to its canonical event. */
export function resolveEvent(name: unknown): { canonical: CanonicalEvent; dialect: DialectName } | undefined {
  return typeof name === 'string' ? BY_NAME.get(name) : undefined;
}

/** The name of a canonical event in a dialect. */
export function eventNameIn(dialect: DialectName, event: CanonicalEvent): string {
  return DIALECTS[dialect].events[event];
}

/** Renders a normalised payload for a hook of the given dialect: compact JSON plus exactly one `\n`. */
export function renderPayload(
  dialect: DialectName,
  event: CanonicalEvent,
  payload: Record<string, unknown>,
  now?: Date,
): string {
  return DIALECTS[dialect].render(event, payload, now);
}

/** Writes a folded outcome back in a host's hook response form (exit code and stdout), for a one-shot bridge. */
export function renderOutcome(
  dialect: DialectName,
  event: CanonicalEvent,
  outcome: Outcome,
  options: RenderOutcomeOptions = { passAllow: false },
): BridgeResponse {
  return DIALECTS[dialect].renderOutcome(event, outcome, options);
}

export type { BridgeResponse, Dialect, RenderOutcomeOptions };
