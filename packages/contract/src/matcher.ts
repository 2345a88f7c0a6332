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
  | { ok: false; error: string; needsBacktracking?: true };

/**
 * V8's linear-time regular expression engine (the `l` flag) runs the ECMAScript semantics of the
 * patterns it accepts without backtracking: its time is linear in the subject, so no subject can
 * stall the thread that matches it. The flag only makes `l` available; it changes no other RegExp.
 * It is set on the first regular-expression matcher compiled, not at import, so a library user
 * whose config has no regex matcher keeps V8's flags as they were, and `node:v8` is loaded then
 * too (`process.getBuiltinModule`), not by every one-shot bridge (loading it costs ~2 ms).
 */
const LINEAR_REGEXP_FLAG = '--enable-experimental-regexp-engine';
let linearEngineEnabled = false;

/** Why a pattern JavaScript accepts is refused: V8's linear engine cannot run it. */
const NEEDS_BACKTRACKING =
  'it cannot be matched in linear time: it needs backtracking (a lookahead, a lookbehind, a backreference or a counted repetition too large), which hookwire refuses so that no subject can stall the sidecar';

/** Compiles a matcher's regular expression for the linear-time engine, or says why it cannot. */
function compileLinear(matcher: string): RegExp | string {
  try {
    new RegExp(matcher);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  if (!linearEngineEnabled) {
    process.getBuiltinModule('node:v8').setFlagsFromString(LINEAR_REGEXP_FLAG);
    linearEngineEnabled = true;
  }
  try {
    return new RegExp(matcher, 'l');
  } catch {
    return NEEDS_BACKTRACKING;
  }
}

const MATCH_ALL: CompiledMatcher = Object.freeze({ ok: true, kind: 'all', test: () => true });

/**
 * Compiles a hook matcher with Claude Code's semantics: absent, `""` and `"*"` match every subject;
 * a string of letters, digits, `_`, `|`, `,`, `-` and spaces is an exact, case-sensitive name or a
 * list of names separated by `|` or `,`; anything else is an unanchored JavaScript regular
 * expression, run on V8's linear-time engine (same matches as a plain RegExp; patterns that need
 * backtracking are an error result). A specific matcher never matches an absent subject.
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
  const regex = compileLinear(matcher);
  if (typeof regex === 'string') return regex === NEEDS_BACKTRACKING ? { ok: false, error: regex, needsBacktracking: true } : { ok: false, error: regex };
  return { ok: true, kind: 'regex', regex, test: (subject) => subject !== undefined && regex.test(subject) };
}
