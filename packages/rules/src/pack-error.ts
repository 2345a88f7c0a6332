export type PackErrorCode = 'HOOKWIRE_PACK_NOT_FOUND' | 'HOOKWIRE_PACK_INVALID';

/** A pack that cannot be found or read; `code` is stable, `cause` keeps the underlying error. */
export class PackError extends Error {
  readonly code: PackErrorCode;

  constructor(code: PackErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PackError';
    this.code = code;
  }
}
