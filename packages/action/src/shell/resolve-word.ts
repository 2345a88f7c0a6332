import type { DoubleQuotedChild, Word, WordPart } from 'unbash';

/** The variables known at one point of a line; a name that is absent is unknown (dynamic). */
export type Variables = Map<string, string>;

/** A word after quote removal and substitution of known variables. */
export interface ResolvedWord {
  /** Usually one value; a brace expansion such as `{rm,-rf,/}` gives several. */
  values: string[];
  dynamic: boolean;
  /** Part of the word is an expansion with no value to stand in for it (`$X`, `$(cmd)`); `${X:-v}` stands in `v`. */
  unknown?: boolean;
}

const MAX_BRACE_ALTERNATIVES = 64;

interface Accumulator {
  text: string;
  dynamic: boolean;
  unknown?: boolean;
  /** Set when the word holds exactly one plain `{a,b}` expansion: its alternatives and where it sits. */
  brace?: { at: number; alternatives: string[] } | 'many';
}

function expandTilde(value: string, home: string | undefined): string {
  if (home === undefined || !value.startsWith('~')) return value;
  if (value === '~' || value.startsWith('~/')) return home + value.slice(1);
  return value;
}

function readBraceAlternatives(text: string): string[] | undefined {
  const inner = text.slice(1, -1);
  if (!inner.includes(',') || /[{}\\$`'"]/.test(inner)) return undefined;
  const alternatives = inner.split(',');
  return alternatives.length <= MAX_BRACE_ALTERNATIVES ? alternatives : undefined;
}

function resolveParameter(name: string, vars: Variables, acc: Accumulator, text: string): void {
  const value = vars.get(name);
  if (value === undefined) {
    acc.text += text;
    acc.dynamic = true;
    acc.unknown = true;
  } else {
    acc.text += value;
  }
}

function appendPart(part: WordPart | DoubleQuotedChild, vars: Variables, acc: Accumulator): void {
  switch (part.type) {
    case 'Literal':
    case 'SingleQuoted':
    case 'AnsiCQuoted':
      acc.text += part.value;
      return;
    case 'Glob':
    case 'ExtendedGlob':
      acc.text += part.text;
      return;
    case 'DoubleQuoted':
    case 'LocaleString':
      for (const child of part.parts) appendPart(child, vars, acc);
      return;
    case 'SimpleExpansion':
      resolveParameter(part.text.slice(1), vars, acc, part.text);
      return;
    case 'ParameterExpansion': {
      if (part.prefix === undefined && part.index === undefined) {
        if (part.operation === undefined) {
          resolveParameter(part.parameter, vars, acc, part.text);
          return;
        }
        // ${X:-default}: the default when X is not known in the line, still marked dynamic.
        if (part.operation.type === 'Default' && part.operation.operator.endsWith('-')) {
          const known = vars.get(part.parameter);
          if (known !== undefined && known !== '') {
            acc.text += known;
          } else {
            const operand = resolveWord(part.operation.operand, vars, undefined);
            acc.text += operand.values.join(' ');
            acc.dynamic = true;
          }
          return;
        }
      }
      acc.text += part.text;
      acc.dynamic = true;
      acc.unknown = true;
      return;
    }
    case 'BraceExpansion': {
      const alternatives = readBraceAlternatives(part.text);
      if (alternatives !== undefined) {
        acc.brace = acc.brace === undefined ? { at: acc.text.length, alternatives } : 'many';
      }
      acc.text += part.text;
      return;
    }
    default:
      // Command, arithmetic and process substitutions: their output is not known.
      acc.text += part.text;
      acc.dynamic = true;
      acc.unknown = true;
  }
}

/** Quote removal and substitution of known variables; `~` and `~/x` at the start become `home`. */
export function resolveWord(word: Word, vars: Variables, home: string | undefined): ResolvedWord {
  // Only an unquoted, unescaped `~` expands: `\~`, `'~'` and `"~"` stay as written.
  if (word.parts === undefined) return { values: [word.text.startsWith('~') ? expandTilde(word.value, home) : word.value], dynamic: false };
  const acc: Accumulator = { text: '', dynamic: false };
  for (const part of word.parts) appendPart(part, vars, acc);
  const first = word.parts[0];
  const text = first?.type === 'Literal' && first.text.startsWith('~') ? expandTilde(acc.text, home) : acc.text;
  const shift = text.length - acc.text.length;
  const unknown = acc.unknown === true ? { unknown: true } : {};
  if (acc.brace === undefined || acc.brace === 'many') return { values: [text], dynamic: acc.dynamic, ...unknown };
  const { at, alternatives } = acc.brace;
  const start = at + shift;
  const end = text.indexOf('}', start) + 1;
  const before = text.slice(0, start);
  const after = text.slice(end);
  return { values: alternatives.map((alternative) => before + alternative + after), dynamic: acc.dynamic, ...unknown };
}

/** The text of here-document body as the shell would feed it (expansions resolved when the delimiter is unquoted). */
export function resolveParts(parts: readonly WordPart[] | undefined, raw: string, vars: Variables): ResolvedWord {
  if (parts === undefined) return { values: [raw], dynamic: false };
  const acc: Accumulator = { text: '', dynamic: false };
  for (const part of parts) {
    if (part.type === 'BraceExpansion') acc.text += part.text;
    else appendPart(part, vars, acc);
  }
  return { values: [acc.text], dynamic: acc.dynamic };
}
