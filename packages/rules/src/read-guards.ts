/**
 * Cheap tests read off a condition's text so a rule is compiled and run only when it could match:
 * a condition whose every `||` branch starts with `c.program == 'x' &&` or `c.program in [...] &&`
 * can only match those programs; one that starts with `shell.line.matches(r'...') &&` can only
 * match lines that regex matches. Sound by construction: when the guard is false, so is the
 * condition. Anything else gets no guard and always runs.
 */
export interface RuleGuards {
  /** `for: command`: the rule can only match commands running one of these programs. */
  programs?: ReadonlySet<string>;
  /** Whole-action rules: the rule can only match when some command runs one of these programs. */
  anyPrograms?: ReadonlySet<string>;
  line?: { pattern: RegExp; lower: boolean };
}

const LINE_MATCHES = /^shell\.line(\.lowerAscii\(\))?\.matches\(r'([^']*)'\)$/;
const COMMANDS_EXISTS = /^shell\.commands\.exists\(\s*([A-Za-z_]\w*)\s*,([\s\S]*)\)$/;

export function readGuards(when: string): RuleGuards {
  const guards: RuleGuards = {};
  const firsts = splitTopLevel(when, '||').map(readFirstConjunct);
  const programs = readPrograms(firsts, 'c');
  if (programs !== undefined) guards.programs = programs;
  const anyPrograms = new Set<string>();
  let allExist = firsts.length > 0;
  for (const first of firsts) {
    const exists = allExist ? COMMANDS_EXISTS.exec(first) : null;
    const found = exists === null ? undefined : readPrograms(splitTopLevel(exists[2]!, '||').map(readFirstConjunct), exists[1]!);
    if (found === undefined) allExist = false;
    else for (const p of found) anyPrograms.add(p);
  }
  if (allExist) guards.anyPrograms = anyPrograms;
  const line = firsts.length === 1 ? LINE_MATCHES.exec(firsts[0]!) : null;
  if (line !== null) {
    try {
      guards.line = { pattern: new RegExp(line[2]!), lower: line[1] !== undefined };
    } catch {
      // An invalid pattern gets no guard: compiling the rule reports it.
    }
  }
  return guards;
}

function readFirstConjunct(branch: string): string {
  return splitTopLevel(stripParens(branch), '&&')[0]?.trim() ?? '';
}

const PROGRAM_EQUALS = /^([A-Za-z_]\w*)\.program\s*==\s*'([^'\\]*)'$/;
const PROGRAM_IN = /^([A-Za-z_]\w*)\.program\s+in\s+\[((?:\s*'[^'\\]*'\s*,?)*)\]$/;
const QUOTED = /'([^'\\]*)'/g;

/** The programs every branch tests first (`v.program == 'x'` or `v.program in [...]`), if all do. */
function readPrograms(firsts: string[], variable: string): Set<string> | undefined {
  const programs = new Set<string>();
  for (const first of firsts) {
    const one = PROGRAM_EQUALS.exec(first);
    const many = one === null ? PROGRAM_IN.exec(first) : null;
    if (one !== null && one[1] === variable) programs.add(one[2]!);
    else if (many !== null && many[1] === variable) for (const item of many[2]!.matchAll(QUOTED)) programs.add(item[1]!);
    else return undefined;
  }
  return firsts.length > 0 ? programs : undefined;
}

/** String literals (raw first), brackets and the two operators: all a split needs to see. */
const TOKENS = /[rR]'[^']*'|[rR]"[^"]*"|'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|[()[\]{}]|\|\||&&|['"]/g;

/**
 * Splits at a top-level operator (outside parentheses, brackets and string literals). Scans with
 * one regular expression rather than character by character: this runs cold, once per rule, in a
 * process started per tool call.
 */
function splitTopLevel(text: string, operator: '||' | '&&'): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (const token of text.matchAll(TOKENS)) {
    const t = token[0];
    if (t === "'" || t === '"') return [text];
    if (t === '(' || t === '[' || t === '{') depth++;
    else if (t === ')' || t === ']' || t === '}') depth--;
    else if (t === operator && depth === 0) {
      parts.push(text.slice(start, token.index));
      start = token.index + 2;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function stripParens(text: string): string {
  let t = text.trim();
  while (t.startsWith('(') && t.endsWith(')') && closesAtEnd(t)) t = t.slice(1, -1).trim();
  return t;
}

/** Whether the opening parenthesis at 0 is closed by the last character. */
function closesAtEnd(text: string): boolean {
  let depth = 0;
  for (const token of text.matchAll(TOKENS)) {
    const t = token[0];
    if (t === "'" || t === '"') return false;
    if (t === '(') depth++;
    else if (t === ')' && --depth === 0 && token.index < text.length - 1) return false;
  }
  return depth === 0;
}
