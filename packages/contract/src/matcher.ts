const EXACT_LIST = /^[a-zA-Z0-9_|, -]+$/;
const LIST_SEPARATOR = /[|,]/;

/**
 * A matcher compiled once: `all` matches every subject (absent, `""` or `"*"`), `names` compares
 * exactly against a list of names, `regex` tests an unanchored regular expression. A bad regular
 * expression is an error result, never a throw.
 */
export type CompiledMatcher =
  | { ok: true; kind: 'all'; test(subject: string | undefined): boolean }
  | { ok: true; kind: 'names'; names: readonly string[]; test(subject: string | undefined): boolean }
  | { ok: true; kind: 'regex'; regex: RegExp; test(subject: string | undefined): boolean }
  | { ok: false; error: string };

const MATCH_ALL: CompiledMatcher = Object.freeze({ ok: true, kind: 'all', test: () => true });

/**
 * Compiles a hook matcher with Claude Code's semantics: absent, `""` and `"*"` match every subject;
 * a string of letters, digits, `_`, `|`, `,`, `-` and spaces is an exact, case-sensitive name or a
 * list of names separated by `|` or `,`; anything else is an unanchored JavaScript regular
 * expression. A specific matcher never matches an absent subject.
 */
export function compileMatcher(matcher: string | undefined): CompiledMatcher {
  if (matcher === undefined || matcher === '' || matcher === '*') return MATCH_ALL;
  if (EXACT_LIST.test(matcher)) {
    const names = matcher
      .split(LIST_SEPARATOR)
      .map((name) => name.trim())
      .filter((name) => name !== '');
    const set = new Set(names);
    return { ok: true, kind: 'names', names, test: (subject) => subject !== undefined && set.has(subject) };
  }
  let regex: RegExp;
  try {
    regex = new RegExp(matcher);
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  return { ok: true, kind: 'regex', regex, test: (subject) => subject !== undefined && regex.test(subject) };
}
