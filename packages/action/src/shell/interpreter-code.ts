import type { InterpreterCode } from '../types.js';

interface CodeFlag {
  /** Options whose next argument is code, e.g. ['-c'] or ['-e', '--eval']. */
  flags: readonly string[];
  /** Short flags may be clustered with this letter last (`perl -pe CODE`, `ruby -ne CODE`). */
  clusterLetters?: string;
  /** The code is the argument after this subcommand (`deno eval CODE`). */
  subcommand?: string;
}

const PYTHON: CodeFlag = { flags: ['-c'], clusterLetters: 'c' };
const NODE: CodeFlag = { flags: ['-e', '--eval', '-p', '--print'] };

const INTERPRETERS: Record<string, CodeFlag> = {
  python: PYTHON,
  python2: PYTHON,
  python3: PYTHON,
  pypy: PYTHON,
  pypy3: PYTHON,
  node: NODE,
  nodejs: NODE,
  perl: { flags: ['-e', '-E'], clusterLetters: 'eE' },
  ruby: { flags: ['-e'], clusterLetters: 'e' },
  php: { flags: ['-r'] },
  deno: { flags: [], subcommand: 'eval' },
  bun: { flags: ['-e', '--eval', '-p', '--print'] },
  osascript: { flags: ['-e'] },
  lua: { flags: ['-e'] },
  Rscript: { flags: ['-e'] },
  pwsh: { flags: ['-c', '-command', '-Command'] },
  powershell: { flags: ['-c', '-command', '-Command'] },
};

function isCodeFlag(arg: string, spec: CodeFlag): boolean {
  if (spec.flags.includes(arg)) return true;
  const letters = spec.clusterLetters;
  return letters !== undefined && /^-[A-Za-z]+$/.test(arg) && letters.includes(arg[arg.length - 1]!);
}

/** The code given on the command line of an interpreter (`python3 -c CODE`, `perl -pe CODE`), joined when given more than once. */
export function readInterpreterCode(program: string, args: readonly string[]): InterpreterCode | undefined {
  const versioned = /^(python|pypy)\d+(\.\d+)?$/.test(program) ? 'python3' : program;
  const spec = Object.hasOwn(INTERPRETERS, versioned) ? INTERPRETERS[versioned] : undefined;
  if (spec === undefined) return undefined;
  if (spec.subcommand !== undefined) {
    const at = args.indexOf(spec.subcommand);
    return at !== -1 && at + 1 < args.length ? { interpreter: program, source: args[at + 1]! } : undefined;
  }
  const pieces: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (versioned === 'python3' && arg === '-m') break;
    const equals = arg.indexOf('=');
    if (arg.startsWith('--') && equals !== -1 && spec.flags.includes(arg.slice(0, equals))) {
      pieces.push(arg.slice(equals + 1));
    } else if (isCodeFlag(arg, spec) && index + 1 < args.length) {
      pieces.push(args[index + 1]!);
      index += 1;
    } else if (!arg.startsWith('-') && program !== 'perl') {
      // The first operand is a script file: the rest are its arguments, not options.
      break;
    }
  }
  return pieces.length === 0 ? undefined : { interpreter: program, source: pieces.join('\n') };
}
