const MAX_STRINGS = 64;
const MAX_STRING = 4096;
const LITERAL = /"((?:[^"\\\n]|\\.){0,4096})"|'((?:[^'\\\n]|\\.){0,4096})'|`((?:[^`\\]|\\.){0,4096})`/g;
const RUNNER_CALL =
  /\b(?:system|exec|execSync|execFileSync|spawn|spawnSync|popen|Popen|run|call|check_call|check_output|getoutput|getstatusoutput|shell_exec|passthru|proc_open|exec_command|capture2|capture3|backticks|qx|Command)\s*[(\s]\s*(\[[^\]]{0,4096}\]|"(?:[^"\\\n]|\\.){0,4096}"|'(?:[^'\\\n]|\\.){0,4096}'|`(?:[^`\\]|\\.){0,4096}`)/g;

/** The string literals of a piece of interpreter code, with C-style escapes decoded (bounded). */
export function readStringLiterals(source: string): string[] {
  const out: string[] = [];
  for (const match of source.matchAll(LITERAL)) {
    if (out.length >= MAX_STRINGS) break;
    out.push(decodeEscapes((match[1] ?? match[2] ?? match[3] ?? '').slice(0, MAX_STRING)));
  }
  return out;
}

/**
 * Shell lines that code hands to a shell: the string (or the list of strings, joined) given to
 * system(), os.system, subprocess.run, execSync, popen, backticks, ... Bounded in count and size.
 */
export function readShellStrings(source: string): string[] {
  const out: string[] = [];
  for (const match of source.matchAll(RUNNER_CALL)) {
    if (out.length >= 16) break;
    const argument = match[1]!;
    const parts = readStringLiterals(argument);
    if (parts.length === 0) continue;
    out.push(argument.startsWith('[') ? parts.map(quoteWord).join(' ') : parts[0]!);
  }
  for (const match of source.matchAll(/`([^`]{1,4096})`/g)) {
    if (out.length >= 16) break;
    if (!/\$\{|require|import/.test(match[1]!)) out.push(decodeEscapes(match[1]!));
  }
  return out;
}

function quoteWord(word: string): string {
  return /^[A-Za-z0-9_./=:@%+,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

function decodeEscapes(text: string): string {
  if (!text.includes('\\')) return text;
  return text.replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|[0-7]{1,3}|.)/g, (_, code: string) => {
    if (code[0] === 'x' || code[0] === 'u') return String.fromCharCode(Number.parseInt(code.slice(1), 16));
    if (/^[0-7]+$/.test(code)) return String.fromCharCode(Number.parseInt(code, 8));
    return ({ n: '\n', t: '\t', r: '\r' } as Record<string, string>)[code] ?? code;
  });
}
