import type { Outcome } from '@hookwire/fold';
import type { CanonicalEvent } from '../events.js';
import type { DialectName } from '../handler-result.js';

/** What a one-shot bridge answers its host: an exit code and the exact stdout. */
export interface BridgeResponse {
  exitCode: number;
  stdout: string;
}

export interface RenderOutcomeOptions {
  /** Render an `allow` where the host would read it as a permission grant (Claude Code: it skips the host's own prompt). */
  passAllow: boolean;
}

/** A dialect is data (its event names) plus small pure functions. */
export interface Dialect {
  readonly name: DialectName;
  /** The dialect's name of each canonical event. */
  readonly events: Readonly<Record<CanonicalEvent, string>>;
  /** Renders a normalised payload for a hook of this dialect: compact JSON plus exactly one `\n`. */
  render(event: CanonicalEvent, payload: Record<string, unknown>, now?: Date): string;
  /** Writes a folded outcome back in the host's hook response form, for a bridge. */
  renderOutcome(event: CanonicalEvent, outcome: Outcome, options: RenderOutcomeOptions): BridgeResponse;
}
