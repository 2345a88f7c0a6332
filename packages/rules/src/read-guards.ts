/**
 * Cheap tests read off a condition's text so a rule is compiled and run only when it could match:
 * a condition whose every `||` branch starts with `c.program == 'x' &&` or `c.program in [...] &&`
 * can only match those programs; one that starts with `shell.line.matches(r'...') &&` can only
 * match lines that regex matches. Sound by construction: when the guard is false, so is the
 * condition. Anything else gets no guard and always runs.
 */
export interface RuleGuards {
  programs?: ReadonlySet<string>;
  line?: { pattern: RegExp; lower: boolean };
}

const PROGRAM_EQUALS = /^c\.program\s*==\s*'([^'\\]*)'$/;
const PROGRAM_IN = /^c\.program\s+in\s+\[((?:\s*'[^'\\]*'\s*,?)*)\]$/;
const LINE_MATCHES = /^shell\.line(\.lowerAscii\(\))?\.matches\(r'([^']*)'\)$/;

export function readGuards(when: string): RuleGuards {
  const guards: RuleGuards = {};
  const branches = splitTopLevel(when, '||');
  const programs = new Set<string>();
  let allPrograms = branches.length > 0;
  for (const branch of branches) {
    const first = splitTopLevel(stripParens(branch), '&&')[0]?.trim() ?? '';
    const equals = PROGRAM_EQUALS.exec(first);
    const list = PROGRAM_IN.exec(first);
    if (equals !== null) programs.add(equals[1]!);
    else if (list !== null) for (const item of list[1]!.matchAll(/'([^'\\]*)'/g)) programs.add(item[1]!);
    else allPrograms = false;
  }
  if (allPrograms) guards.programs = programs;
  if (branches.length === 1) {
    const line = LINE_MATCHES.exec(splitTopLevel(stripParens(branches[0]!), '&&')[0]?.trim() ?? '');
    if (line !== null) {
      try {
        guards.line = { pattern: new RegExp(line[2]!), lower: line[1] !== undefined };
      } catch {
        // An invalid pattern gets no guard: compiling the rule reports it.
      }
    }
  }
  return guards;
}

/** Splits at a top-level operator (outside parentheses, brackets and string literals). */
function splitTopLevel(text: string, operator: '||' | '&&'): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "'" || ch === '"') {
      const raw = i > 0 && (text[i - 1] === 'r' || text[i - 1] === 'R');
      i = skipString(text, i, ch, raw);
      if (i < 0) return [text];
    } else if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') depth--;
    else if (depth === 0 && text.startsWith(operator, i)) {
      parts.push(text.slice(start, i));
      start = i + 2;
      i++;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function skipString(text: string, open: number, quote: string, raw: boolean): number {
  for (let i = open + 1; i < text.length; i++) {
    if (!raw && text[i] === '\\') i++;
    else if (text[i] === quote) return i;
  }
  return -1;
}

function stripParens(text: string): string {
  let t = text.trim();
  while (t.startsWith('(') && t.endsWith(')') && closesAtEnd(t)) t = t.slice(1, -1).trim();
  return t;
}

function closesAtEnd(text: string): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "'" || ch === '"') {
      i = skipString(text, i, ch, i > 0 && (text[i - 1] === 'r' || text[i - 1] === 'R'));
      if (i < 0) return false;
    } else if (ch === '(') depth++;
    else if (ch === ')' && --depth === 0 && i < text.length - 1) return false;
  }
  return depth === 0;
}
