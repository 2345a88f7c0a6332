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
  const branches = splitTopLevel(when, '||');
  const programs = readPrograms(branches, 'c');
  if (programs !== undefined) guards.programs = programs;
  const anyPrograms = new Set<string>();
  let allExist = branches.length > 0;
  for (const branch of branches) {
    const exists = COMMANDS_EXISTS.exec(splitTopLevel(stripParens(branch), '&&')[0]?.trim() ?? '');
    const found = exists === null ? undefined : readPrograms(splitTopLevel(exists[2]!, '||'), exists[1]!);
    if (found === undefined) allExist = false;
    else for (const p of found) anyPrograms.add(p);
  }
  if (allExist) guards.anyPrograms = anyPrograms;
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

/** The programs every branch tests first (`v.program == 'x'` or `v.program in [...]`), if all do. */
function readPrograms(branches: string[], variable: string): Set<string> | undefined {
  const equals = new RegExp(`^${variable}\\.program\\s*==\\s*'([^'\\\\]*)'$`);
  const list = new RegExp(`^${variable}\\.program\\s+in\\s+\\[((?:\\s*'[^'\\\\]*'\\s*,?)*)\\]$`);
  const programs = new Set<string>();
  for (const branch of branches) {
    const first = splitTopLevel(stripParens(branch), '&&')[0]?.trim() ?? '';
    const one = equals.exec(first);
    const many = list.exec(first);
    if (one !== null) programs.add(one[1]!);
    else if (many !== null) for (const item of many[1]!.matchAll(/'([^'\\]*)'/g)) programs.add(item[1]!);
    else return undefined;
  }
  return branches.length > 0 ? programs : undefined;
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
