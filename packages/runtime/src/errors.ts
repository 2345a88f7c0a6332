/** Stable codes of the errors that escape the runtime. */
export type HookwireErrorCode =
  | 'HOOKWIRE_CONFIG_INVALID'
  | 'HOOKWIRE_CONFIG_UNREADABLE'
  | 'HOOKWIRE_UNKNOWN_EVENT'
  | 'HOOKWIRE_BAD_PAYLOAD'
  | 'HOOKWIRE_CANCELED'
  | 'HOOKWIRE_MATCH_FAILED'
  | 'HOOKWIRE_CLOSED';

/** An error that escapes the runtime: it carries a stable `code` and wraps its cause. */
export class HookwireError extends Error {
  readonly code: HookwireErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: HookwireErrorCode, message: string, options: { cause?: unknown; details?: Record<string, unknown> } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'HookwireError';
    this.code = code;
    this.details = options.details;
  }
}
