import { parseArgs, type ParseArgsConfig } from 'node:util';
import { suggest, UsageError } from '@hookwire/contract';
import type { Logger } from '@hookwire/runtime';

export type FlagOptions = NonNullable<ParseArgsConfig['options']>;

/** The flags a command received, as `node:util` parseArgs reads them. */
export type FlagValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

/**
 * The audit flags, one table for every command that dispatches for a host (listen, run, serve), so
 * that they cannot drift apart: where the audit log goes (docs/audit-log.md) and whether its
 * records leave payloads out.
 */
export const AUDIT_FLAGS = {
  log: { type: 'string' },
  'log-omit-payloads': { type: 'boolean' },
} as const satisfies FlagOptions;

/**
 * The organisation layer's flag, one table for every command that loads a config for hooks to run
 * or be checked (run, listen, serve, check, dispatch): docs/config.md, "The organisation layer".
 */
export const ORG_CONFIG_FLAGS = {
  'org-config': { type: 'string' },
} as const satisfies FlagOptions;

/** How {@link ORG_CONFIG_FLAGS} read in a usage line. */
export const ORG_CONFIG_USAGE = '[--org-config FILE]';

/**
 * The polled policy bundle's flags, for the long-lived commands (serve, listen): docs/fleet.md,
 * "Serve and listen on a bundle". The bundle is then the organisation layer, in place of
 * `--org-config` and the cached bundle.
 */
export const BUNDLE_FLAGS = {
  bundle: { type: 'string' },
  'bundle-key': { type: 'string' },
  'bundle-poll': { type: 'string' },
} as const satisfies FlagOptions;

/** How {@link BUNDLE_FLAGS} read in a usage line. */
export const BUNDLE_USAGE = '[--bundle URL|PATH --bundle-key PUBLIC.pem [--bundle-poll SECONDS]]';

/** The bounds of `--bundle-poll`, in seconds: a tenth of a second (tests) to a day. */
export const BUNDLE_POLL_RANGE = { min: 0.1, max: 86_400 } as const;

/** What {@link BUNDLE_FLAGS} asked for, checked: undefined without `--bundle`. */
export interface BundleFlags {
  source: string;
  keyPath: string;
  pollSeconds?: number;
}

/** Reads {@link BUNDLE_FLAGS}; a flag without the others it needs, or a bad interval, is a usage error of `command`. */
export function readBundleFlags(values: FlagValues, command: Pick<Command, 'name' | 'usage'>): BundleFlags | undefined {
  const fail = (message: string): never => {
    throw new CommandUsageError(`hookwire ${command.name}: ${message}`, command.usage);
  };
  const text = (flag: string): string | undefined => {
    const value = values[flag];
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || value.trim() === '') return fail(`--${flag} needs a value`);
    return value;
  };
  const source = text('bundle');
  const keyPath = text('bundle-key');
  const poll = text('bundle-poll');
  if (source === undefined) {
    if (keyPath !== undefined || poll !== undefined) fail(`--${keyPath !== undefined ? 'bundle-key' : 'bundle-poll'} needs --bundle URL|PATH`);
    return undefined;
  }
  if (keyPath === undefined) return fail('--bundle needs --bundle-key PUBLIC.pem: a bundle is activated only with a valid signature by that key');
  if (typeof values['org-config'] === 'string') fail('--bundle and --org-config both name the organisation layer: give one');
  let pollSeconds: number | undefined;
  if (poll !== undefined) {
    pollSeconds = Number(poll);
    if (!Number.isFinite(pollSeconds) || pollSeconds < BUNDLE_POLL_RANGE.min || pollSeconds > BUNDLE_POLL_RANGE.max) {
      fail(`--bundle-poll must be a number of seconds from ${BUNDLE_POLL_RANGE.min} to ${BUNDLE_POLL_RANGE.max}, received ${JSON.stringify(poll)}`);
    }
  }
  return { source, keyPath, ...(pollSeconds === undefined ? {} : { pollSeconds }) };
}

/** How {@link AUDIT_FLAGS} read in a usage line. */
export const AUDIT_USAGE = '[--log FILE [--log-omit-payloads]]';

/** What every command gets besides its flags. */
export interface CommandContext {
  logger: Logger;
}

/** One `hookwire <name>` command: its own flags, its own usage, and what it does. */
export interface Command {
  name: string;
  /** The usage line(s), without the leading `Usage:`. */
  usage: string;
  /** One line for the global usage. */
  summary: string;
  options: FlagOptions;
  /**
   * Runs the command and returns its exit code. `problem` is set instead of throwing when the
   * command line could not be read, for commands that must answer anyway (`run`); other commands
   * never see it: their command-line mistakes are usage errors.
   */
  run(values: FlagValues, context: CommandContext & { argv: readonly string[]; args?: readonly string[]; problem?: string }): Promise<number>;
  /** True: the command takes arguments besides its flags (`hookwire test DIR ...`); they reach `run` as `args`. */
  takesArguments?: boolean;
  /** True: a command-line mistake is handed to `run` as `problem` instead of being a usage error. */
  answersMistakes?: boolean;
  /** A longer help text than the usage line, printed by `hookwire <command> --help`. */
  help?: () => Promise<string>;
  /**
   * True for the commands a host or a supervisor runs (listen, run, serve): what they log goes to
   * stderr as JSON lines. The others are for people: their problems are plain `hookwire <command>: ...` lines.
   */
  machine?: boolean;
}

/** A mistake in one command's command line (`HOOKWIRE_USAGE`): printed with that command's usage, exit 2. */
export class CommandUsageError extends UsageError {
  constructor(
    message: string,
    readonly usage: string,
    options: { cause?: unknown } = {},
  ) {
    super(message, options);
    this.name = 'CommandUsageError';
  }
}

/** node:util's parseArgs messages, in this CLI's words (`--port needs a value`, not `Option '--port <value>' argument missing`). */
function readableParseError(error: Error): string {
  const missing = /^Option '(-[^\s']+)(?:, (--[^\s']+))? <value>' argument missing/.exec(error.message);
  if (missing) return `${missing[2] ?? missing[1]} needs a value`;
  const ambiguous = /^Option '(--[^\s']+)' argument is ambiguous/.exec(error.message);
  if (ambiguous) return `${ambiguous[1]} needs a value: write ${ambiguous[1]}=VALUE for a value that starts with -`;
  const noValue = /^Option '(--[^\s']+)' does not take an argument/.exec(error.message);
  if (noValue) return `${noValue[1]} takes no value`;
  return error.message;
}

/** A logger for the commands people run: each problem one line, `hookwire <command>: message`, its fields after it. */
export function createPlainLogger(prefix: string, stream: { write(chunk: string): unknown } = process.stderr): Logger {
  const write = (message: string, fields?: Record<string, unknown>) => {
    const extra = fields === undefined || Object.keys(fields).length === 0 ? '' : ` (${Object.entries(fields).map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`).join('; ')})`;
    stream.write(`${prefix}: ${message}${extra}\n`);
  };
  return { warn: (message, fields) => write(`warning: ${message}`, fields), error: write };
}

function flagNameOf(arg: string): string {
  return arg.startsWith('--') ? arg.slice(2).split('=')[0]! : arg.slice(1, 2);
}

/**
 * Reads a command's flags strictly: a flag the command does not own is an error naming the
 * command (and, when another command owns it, that one). Positionals are accepted only by a
 * command that `takesArguments`, and returned as `args`.
 */
export function parseCommandFlags(command: Command, argv: readonly string[], owners: (flag: string) => string[]): { values: FlagValues; args: string[] } {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: { ...command.options, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
  } catch (error) {
    const code = (error as { code?: string }).code;
    const match = /'(-{1,2}[^'\s]+)'/.exec((error as Error).message);
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && match) {
      const flag = match[1]!;
      const others = owners(flagNameOf(flag)).filter((name) => name !== command.name);
      const near = flag.startsWith('--') ? suggest(flagNameOf(flag), Object.keys(command.options)) : undefined;
      const hint = others.length > 0 ? ` (it is a flag of hookwire ${others.join(', hookwire ')})` : near !== undefined ? `; did you mean --${near}?` : '';
      throw new CommandUsageError(`hookwire ${command.name}: unknown flag ${flag}${hint}`, command.usage, { cause: error });
    }
    throw new CommandUsageError(`hookwire ${command.name}: ${readableParseError(error as Error)}`, command.usage, { cause: error });
  }
  if (parsed.positionals.length > 0 && command.takesArguments !== true) {
    throw new CommandUsageError(`hookwire ${command.name}: unexpected argument ${JSON.stringify(parsed.positionals[0])}`, command.usage);
  }
  return { values: parsed.values as FlagValues, args: parsed.positionals };
}

/**
 * The value given to `--NAME` anywhere in an argv that could not be parsed (`--NAME VALUE` or
 * `--NAME=VALUE`; the last one wins), so a command can still honour it while reporting the mistake.
 */
export function findFlagValue(argv: readonly string[], name: string): string | undefined {
  let value: string | undefined;
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    if (arg === `--${name}`) {
      const next = argv[index + 1];
      if (next !== undefined && !next.startsWith('-')) value = next;
    } else if (arg.startsWith(`--${name}=`)) value = arg.slice(name.length + 3);
  }
  return value;
}

/** A flag value as a positive number, or a description of why it is not one. */
export function readPositiveNumber(flag: string, value: unknown): { ok: true; value: number | undefined } | { ok: false; message: string } {
  if (value === undefined) return { ok: true, value: undefined };
  const n = Number(value);
  if (typeof value !== 'string' || value.trim() === '' || !Number.isFinite(n) || n <= 0) {
    return { ok: false, message: `--${flag} must be a positive number, received ${JSON.stringify(value)}` };
  }
  return { ok: true, value: n };
}
