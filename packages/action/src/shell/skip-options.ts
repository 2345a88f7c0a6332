/** Which options of a program take a value: short letters, and long names (without `--`). */
export interface OptionSpec {
  shortWithValue?: string;
  longWithValue?: readonly string[];
}

/**
 * The index of the first operand of `args` read from `start`: skips `-x`, `-xVALUE`, `-x VALUE`,
 * `--long=VALUE`, `--long VALUE` (when the spec says it takes one) and a closing `--`.
 */
export function skipOptions(args: readonly string[], start: number, spec: OptionSpec): number {
  let index = start;
  while (index < args.length) {
    const arg = args[index]!;
    if (arg === '--') return index + 1;
    if (!arg.startsWith('-') || arg === '-') return index;
    if (arg.startsWith('--')) {
      const name = arg.slice(2);
      index += !name.includes('=') && spec.longWithValue?.includes(name) === true ? 2 : 1;
      continue;
    }
    index += 1;
    for (let at = 1; at < arg.length; at += 1) {
      if (spec.shortWithValue?.includes(arg[at]!) === true) {
        if (at === arg.length - 1) index += 1;
        break;
      }
    }
  }
  return index;
}

/** The value of an option (`-x V`, `-xV`, `--long V`, `--long=V`) among the options before the first operand. */
export function readOption(args: readonly string[], start: number, spec: OptionSpec, short: string, long?: string): string | undefined {
  let index = start;
  while (index < args.length) {
    const arg = args[index]!;
    if (arg === '--' || !arg.startsWith('-') || arg === '-') return undefined;
    if (arg.startsWith('--')) {
      const [name, inline] = splitLong(arg.slice(2));
      if (long !== undefined && name === long) return inline ?? args[index + 1];
      index += inline === undefined && spec.longWithValue?.includes(name) === true ? 2 : 1;
      continue;
    }
    index += 1;
    for (let at = 1; at < arg.length; at += 1) {
      const letter = arg[at]!;
      if (letter === short) return at === arg.length - 1 ? args[index] : arg.slice(at + 1);
      if (spec.shortWithValue?.includes(letter) === true) {
        if (at === arg.length - 1) index += 1;
        break;
      }
    }
  }
  return undefined;
}

function splitLong(text: string): [string, string | undefined] {
  const equals = text.indexOf('=');
  return equals === -1 ? [text, undefined] : [text.slice(0, equals), text.slice(equals + 1)];
}
