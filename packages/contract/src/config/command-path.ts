import type { DiagnosticList } from './diagnostics.js';

const INTERPRETERS = new Set(['sh', 'bash', 'zsh', 'dash', 'node', 'python', 'python3', 'ruby', 'perl', 'bun', 'deno', 'tsx', 'pwsh']);
const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash']);
// Flags after which an interpreter's next word is code (or a module, or stdin), not a script file: `node -e`, `python -c`/`-m`, `perl -E`, `sh -c`.
const INLINE_CODE_FLAGS = new Set(['-e', '-c', '-p', '--eval', '--print', '-E', '-m', '-']);
const ENV_ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

// The shell words at the start of a command, quotes removed: a small reading, enough to spot a path.
function leadingWords(command: string, count: number): string[] {
  const words: string[] = [];
  let index = 0;
  while (words.length < count) {
    while (index < command.length && /\s/.test(command[index]!)) index++;
    if (index >= command.length) break;
    let word = '';
    while (index < command.length && !/\s/.test(command[index]!)) {
      const char = command[index]!;
      if (char === '"' || char === "'") {
        const end = command.indexOf(char, index + 1);
        const stop = end === -1 ? command.length : end;
        word += command.slice(index + 1, stop);
        index = stop + 1;
      } else {
        word += char;
        index++;
      }
    }
    words.push(word);
  }
  return words;
}

function isRelativePath(word: string): boolean {
  if (/^\.\.?[/\\]/.test(word)) return true;
  if (/^[/~$%]/.test(word) || /^[A-Za-z]:[/\\]/.test(word) || word.includes('://')) return false;
  return word.includes('/');
}

// The path relative to the working directory a command runs first (or hands to an interpreter), if any.
export function findRelativeCommandPath(command: string): string | undefined {
  const words = leadingWords(command, 8);
  let index = 0;
  while (index < words.length && ENV_ASSIGNMENT.test(words[index]!)) index++;
  const program = words[index];
  if (program === undefined) return undefined;
  if (isRelativePath(program)) return program;
  if (!INTERPRETERS.has(program.split('/').at(-1)!)) return undefined;
  const options = words.slice(index + 1);
  const scriptAt = options.findIndex((word) => !word.startsWith('-'));
  // `node -e CODE`, `python -c CODE`: the word after the flag is code, not a file; a shell's `-c CODE` is a command line.
  if (options.slice(0, scriptAt === -1 ? options.length : scriptAt).some((word) => INLINE_CODE_FLAGS.has(word))) {
    return SHELLS.has(program.split('/').at(-1)!) && scriptAt !== -1 ? findRelativeCommandPath(options[scriptAt]!) : undefined;
  }
  const script = scriptAt === -1 ? undefined : options[scriptAt];
  return script !== undefined && isRelativePath(script) ? script : undefined;
}

/** What a command runs first, as far as a simple reading can tell: the program, and the script an interpreter is given. */
export interface CommandTarget {
  program: string;
  /** Present when the program is an interpreter given a script file (not `-c`/`-e` code). */
  script?: string;
}

// Shell syntax in a word that this reading does not follow; `${NAME}` is only a variable.
function hasShellSyntax(word: string): boolean {
  return /[`<>|;&(){}*?]/.test(word.replace(/\$\{[A-Za-z_][A-Za-z0-9_]*\}/g, ''));
}


/**
 * The program a command runs first (after leading VAR=value words) and, for an interpreter, its
 * script; undefined when the command starts with shell syntax this reading does not follow
 * (subshells, groups, redirections, substitutions).
 */
export function findCommandTarget(command: string): CommandTarget | undefined {
  if (/^\s*[({!<>`]/.test(command)) return undefined;
  const words = leadingWords(command, 8);
  let index = 0;
  while (index < words.length && ENV_ASSIGNMENT.test(words[index]!)) index++;
  const program = words[index];
  if (program === undefined || program === '' || hasShellSyntax(program)) return undefined;
  if (!INTERPRETERS.has(program.split('/').at(-1)!)) return { program };
  const args = words.slice(index + 1);
  if (args.some((word) => INLINE_CODE_FLAGS.has(word))) return { program };
  const script = args.find((word) => !word.startsWith('-'));
  return script === undefined || hasShellSyntax(script) ? { program } : { program, script };
}

// Warns when a command runs a path relative to the working directory, which the payload's cwd decides.
export function checkCommandPath(list: DiagnosticList, command: string, pointer: string, label = 'command'): void {
  const path = findRelativeCommandPath(command);
  if (path === undefined) return;
  list.warning(
    pointer,
    `${label} runs ${JSON.stringify(path)}, a path relative to the working directory, which is the payload's cwd when the hook runs; use "$HOOKWIRE_CONFIG_DIR/..." to name a file relative to the config file's folder`,
  );
}
