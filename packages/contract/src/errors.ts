import type { Diagnostic } from './config/diagnostics.js';

/**
 * Every stable `code` an error escaping a hookwire package carries (docs/errors.md). Match on
 * `code`, never on a message or a class name.
 */
export type HookwireErrorCode =
  | ConfigErrorCode
  | DispatchErrorCode
  | OptionErrorCode
  | UsageErrorCode;

export type ConfigErrorCode = 'HOOKWIRE_CONFIG_INVALID' | 'HOOKWIRE_CONFIG_UNREADABLE' | 'HOOKWIRE_CONFIG_NOT_FOUND';
export type DispatchErrorCode = 'HOOKWIRE_UNKNOWN_EVENT' | 'HOOKWIRE_BAD_PAYLOAD' | 'HOOKWIRE_CANCELED' | 'HOOKWIRE_CLOSED';
export type OptionErrorCode = 'HOOKWIRE_OPTION_INVALID' | 'HOOKWIRE_EXEC_HTTP_INVALID_OPTIONS' | 'HOOKWIRE_EXEC_ORACLE_INVALID_OPTIONS';
export type UsageErrorCode = 'HOOKWIRE_USAGE';

/** The base of every error a hookwire package lets escape: a stable `code`, and the cause wrapped. */
export class HookwireError<Code extends HookwireErrorCode = HookwireErrorCode> extends Error {
  readonly code: Code;

  constructor(code: Code, message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'HookwireError';
    this.code = code;
  }
}

/** A config the runtime refuses to start on; its error diagnostics say why, each with its file. */
export class ConfigError extends HookwireError<ConfigErrorCode> {
  readonly diagnostics: readonly Diagnostic[];

  constructor(code: ConfigErrorCode, message: string, diagnostics: readonly Diagnostic[], options: { cause?: unknown } = {}) {
    super(code, message, options);
    this.name = 'ConfigError';
    this.diagnostics = diagnostics;
  }
}

/** A dispatch that could not be started or finished: unknown event, bad payload, canceled, matching failed, runtime closed. */
export class DispatchError extends HookwireError<DispatchErrorCode> {
  constructor(code: DispatchErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(code, message, options);
    this.name = 'DispatchError';
  }
}

/** An invalid option given to a factory (`createShellExecutor`, `createHttpExecutor`, ...). */
export class OptionError extends HookwireError<OptionErrorCode> {
  constructor(code: OptionErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(code, message, options);
    this.name = 'OptionError';
  }
}

/** A mistake in the `hookwire` command line: printed with the usage, exit 2. */
export class UsageError extends HookwireError<UsageErrorCode> {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super('HOOKWIRE_USAGE', message, options);
    this.name = 'UsageError';
  }
}
