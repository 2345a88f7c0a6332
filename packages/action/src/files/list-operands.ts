import type { OptionSpec } from '../shell/skip-options.js';

/** The operands of a command line (GNU style: options may come between them; `--` ends options). */
export function listOperands(args: readonly string[], spec: OptionSpec = {}): string[] {
  const operands: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (arg === '--') {
      operands.push(...args.slice(index + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      operands.push(arg);
      continue;
    }
    if (arg.startsWith('--')) {
      if (!arg.includes('=') && spec.longWithValue?.includes(arg.slice(2)) === true) index += 1;
      continue;
    }
    for (let at = 1; at < arg.length; at += 1) {
      if (spec.shortWithValue?.includes(arg[at]!) === true) {
        if (at === arg.length - 1) index += 1;
        break;
      }
    }
  }
  return operands;
}

/** The value of `-x V`, `-xV`, `--long V` or `--long=V` anywhere in the arguments (the last one given). */
export function findOptionValue(args: readonly string[], short: string | undefined, long: string | undefined): string | undefined {
  let found: string | undefined;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (arg === '--') break;
    if (long !== undefined && arg === `--${long}`) found = args[index + 1];
    else if (long !== undefined && arg.startsWith(`--${long}=`)) found = arg.slice(long.length + 3);
    else if (short !== undefined && arg === `-${short}`) found = args[index + 1];
    else if (short !== undefined && arg.startsWith(`-${short}`) && !arg.startsWith('--')) found = arg.slice(2);
  }
  return found;
}

/** True if a short flag letter appears in any option cluster, or the long option is given. */
export function hasFlag(args: readonly string[], letters: string, long?: string): boolean {
  return args.some((arg) => (long !== undefined && (arg === `--${long}` || arg.startsWith(`--${long}=`))) || (/^-[A-Za-z]+$/.test(arg) && [...letters].some((letter) => arg.includes(letter))));
}
