/** A group of a pattern, while it is being scanned: where it starts and whether it repeats something unboundedly. */
interface Group {
  start: number;
  repeats: boolean;
}

/**
 * Finds a group that repeats something unboundedly and is itself repeated unboundedly, such as
 * `(a+)+` or `(\w*_)*`: the shape that makes a backtracking engine take exponential time on a
 * crafted subject. Returns the group with its quantifier, or undefined. Character classes and
 * escapes are skipped; `?` and `{0,1}` do not count as repetition.
 */
export function findNestedQuantifier(pattern: string): string | undefined {
  const groups: Group[] = [];
  let i = 0;
  while (i < pattern.length) {
    const char = pattern[i]!;
    if (char === '\\') {
      i += 2;
    } else if (char === '[') {
      i = skipClass(pattern, i);
    } else if (char === '(') {
      groups.push({ start: i, repeats: false });
      i += 1;
    } else if (char === ')') {
      const group = groups.pop();
      const after = readQuantifier(pattern, i + 1);
      if (group !== undefined) {
        if (group.repeats && after.unbounded) return pattern.slice(group.start, after.end);
        const parent = groups.at(-1);
        if (parent !== undefined && (group.repeats || after.unbounded)) parent.repeats = true;
      }
      i = after.end;
    } else {
      const quantifier = readQuantifier(pattern, i);
      if (quantifier.end > i) {
        const top = groups.at(-1);
        if (top !== undefined && quantifier.unbounded) top.repeats = true;
        i = quantifier.end;
      } else {
        i += 1;
      }
    }
  }
  return undefined;
}

/** The quantifier at `at`, if any: where it ends (its lazy `?` included) and whether it is unbounded. */
function readQuantifier(pattern: string, at: number): { end: number; unbounded: boolean } {
  const char = pattern[at];
  let end = at;
  let unbounded = false;
  if (char === '*' || char === '+') {
    end = at + 1;
    unbounded = true;
  } else if (char === '?') {
    end = at + 1;
  } else if (char === '{') {
    const match = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(at));
    if (match) {
      end = at + match[0].length;
      unbounded = match[2] !== undefined && (match[3] === '' || Number(match[3]) > 1);
    }
  }
  if (end > at && pattern[end] === '?') end += 1;
  return { end, unbounded };
}

/** The index after the character class that starts at `at`. */
function skipClass(pattern: string, at: number): number {
  let i = at + 1;
  while (i < pattern.length && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1;
  return i + 1;
}
