import { readOption, skipOptions, type OptionSpec } from './skip-options.js';

/** What a wrapper program does with the rest of its command line. */
export interface Unwrapped {
  /** Index in the arguments (after the wrapper's name) where the wrapped command starts. */
  start: number;
  /** `VAR=value` arguments the wrapper sets (env, sudo). */
  assignments?: Record<string, string>;
  /** A shell line the wrapper runs instead of (or before) an argv: `env -S`, `flock -c`, `watch`. */
  line?: string;
  /** The wrapped command's arguments come from elsewhere (xargs). */
  dynamic?: boolean;
}

type Unwrap = (args: readonly string[]) => Unwrapped;

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

function takeAssignments(args: readonly string[], start: number): Unwrapped {
  const assignments: Record<string, string> = {};
  let index = start;
  while (index < args.length && ASSIGNMENT.test(args[index]!)) {
    const arg = args[index]!;
    const equals = arg.indexOf('=');
    assignments[arg.slice(0, equals)] = arg.slice(equals + 1);
    index += 1;
  }
  return { start: index, assignments };
}

function byOptions(spec: OptionSpec): Unwrap {
  return (args) => ({ start: skipOptions(args, 0, spec) });
}

const SUDO: OptionSpec = {
  shortWithValue: 'ugpChDrtUTR',
  longWithValue: ['user', 'group', 'host', 'prompt', 'close-from', 'chdir', 'role', 'type', 'other-user', 'command-timeout', 'chroot'],
};
const ENV: OptionSpec = { shortWithValue: 'uCSP', longWithValue: ['unset', 'chdir', 'split-string', 'default-signal', 'ignore-signal', 'block-signal'] };
const TIMEOUT: OptionSpec = { shortWithValue: 'ks', longWithValue: ['kill-after', 'signal'] };
const XARGS: OptionSpec = {
  shortWithValue: 'ILnPsdEa',
  longWithValue: ['max-lines', 'max-args', 'max-procs', 'max-chars', 'delimiter', 'eof', 'arg-file', 'process-slot-var'],
};
const FLOCK: OptionSpec = { shortWithValue: 'wEc', longWithValue: ['timeout', 'wait', 'conflict-exit-code', 'command'] };
const WATCH: OptionSpec = { shortWithValue: 'nq', longWithValue: ['interval', 'equexit'] };

function unwrapEnv(args: readonly string[]): Unwrapped {
  const split = readOption(args, 0, ENV, 'S', 'split-string');
  const after = takeAssignments(args, skipOptions(args, 0, ENV));
  if (split !== undefined) return { ...after, line: [split, ...args.slice(after.start)].join(' ') };
  return after;
}

function unwrapFlock(args: readonly string[]): Unwrapped {
  const first = skipOptions(args, 0, FLOCK);
  const command = readOption(args, 0, FLOCK, 'c', 'command') ?? readOption(args, first + 1, FLOCK, 'c', 'command');
  if (command !== undefined) return { start: args.length, line: command };
  return { start: skipOptions(args, first + 1, FLOCK) };
}

function unwrapWatch(args: readonly string[]): Unwrapped {
  const start = skipOptions(args, 0, WATCH);
  const exec = args.slice(0, start).some((arg) => arg === '-x' || arg === '--exec' || /^-[a-wyz]*x/.test(arg));
  return exec ? { start } : { start: args.length, line: args.slice(start).join(' ') };
}

/**
 * Programs that run another program given on their command line. `git -c x=y` is not one: git stays git.
 * Each gives where the wrapped command starts; the wrapper's own options are skipped.
 */
export const WRAPPERS: Readonly<Record<string, Unwrap>> = {
  sudo: (args) => takeAssignments(args, skipOptions(args, 0, SUDO)),
  doas: byOptions({ shortWithValue: 'uC' }),
  pkexec: byOptions({ longWithValue: ['user'] }),
  env: unwrapEnv,
  command: byOptions({}),
  builtin: byOptions({}),
  exec: byOptions({ shortWithValue: 'a' }),
  nohup: byOptions({}),
  time: byOptions({ shortWithValue: 'fo', longWithValue: ['format', 'output'] }),
  timeout: (args) => ({ start: Math.min(args.length, skipOptions(args, 0, TIMEOUT) + 1) }),
  nice: byOptions({ shortWithValue: 'n', longWithValue: ['adjustment'] }),
  xargs: (args) => ({ start: skipOptions(args, 0, XARGS), dynamic: true }),
  stdbuf: byOptions({ shortWithValue: 'ioe', longWithValue: ['input', 'output', 'error'] }),
  ionice: byOptions({ shortWithValue: 'cnpPu', longWithValue: ['class', 'classdata', 'pid', 'pgid', 'uid'] }),
  chroot: (args) => ({ start: Math.min(args.length, skipOptions(args, 0, { longWithValue: ['userspec', 'groups'] }) + 1) }),
  flock: unwrapFlock,
  setsid: byOptions({}),
  busybox: () => ({ start: 0 }),
  watch: unwrapWatch,
};
