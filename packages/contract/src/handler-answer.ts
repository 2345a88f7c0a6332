import type { Decision } from '@hookwire/fold';

/** Why a handler produced no usable answer. These are the infrastructure failures that onError governs. */
export type FailureClass = 'timeout' | 'spawn' | 'http' | 'parse' | 'unconfigured' | 'canceled' | 'payload';

/** `payload`: the dispatched payload could not be shown to the hook whole (nested deeper than MAX_PAYLOAD_DEPTH); the hook did not run. */
export const FAILURE_CLASSES: readonly FailureClass[] = ['timeout', 'spawn', 'http', 'parse', 'unconfigured', 'canceled', 'payload'];

export interface Failure {
  class: FailureClass;
  message: string;
}

/**
 * One handler's own result: the decision fields it gave (aliases resolved), contexts and messages,
 * warnings recorded while reading it, and, for an infrastructure failure, `failure`.
 * Keys are absent rather than empty, except `warnings`, which is always present.
 */
export interface HandlerResult {
  decision?: Decision;
  reason?: string;
  continue?: boolean;
  stopReason?: string;
  additionalContext?: string[];
  systemMessage?: string[];
  /** Parsed from `hookSpecificOutput.updatedInput`; recorded, never applied. */
  updatedInput?: Record<string, unknown>;
  warnings: string[];
  failure?: Failure;
}

/** How a command or proxy handler ended, as the response contract reads it. */
export type ProcessEnd =
  | { type: 'exit'; code: number }
  | { type: 'failed'; failure: Failure };
