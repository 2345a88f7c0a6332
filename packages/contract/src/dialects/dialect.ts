import type { CanonicalEvent } from '../events.js';
import type { DialectName } from '../handler-result.js';

/** A dialect is data (its event names) plus small pure functions. */
export interface Dialect {
  readonly name: DialectName;
  /** The dialect's name of each canonical event. */
  readonly events: Readonly<Record<CanonicalEvent, string>>;
  /** Renders a normalised payload for a hook of this dialect: compact JSON plus exactly one `\n`. */
  render(event: CanonicalEvent, payload: Record<string, unknown>, now?: Date): string;
}
