import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseShell } from '../src/index.js';

const SHELL_CHARS = [...'abcxyz rm-/ \t\n;&|<>()[]{}$`\'"\\*?~#=!%:,.@+0123456789'];
const shellish = fc.string({ unit: fc.constantFrom(...SHELL_CHARS), maxLength: 80 });
/** Work allowed for a line of `length` characters: the walk's own limit, plus the one batch that crosses it. */
const workBound = (length: number) => Math.max(100_000, length * 24) + length + 1;

const WORD_CHARS = [...'abcXYZ019 -_/.*?~{},=:@%+!#&|;<>()[]$`\'"\\\t'];
const word = fc.string({ unit: fc.constantFrom(...WORD_CHARS), maxLength: 12 });

function quoteSingle(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}
function quoteDouble(text: string): string {
  return `"${text.replace(/["\\$`]/g, (char) => `\\${char}`)}"`;
}
function escapeEach(text: string): string {
  if (text === '') return "''";
  return [...text].map((char) => (char === '\t' ? "$'\\t'" : /[A-Za-z0-9]/.test(char) ? char : `\\${char}`)).join('');
}
function quoteAnsiC(text: string): string {
  return `$'${[...text].map((char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`).join('')}'`;
}
const QUOTERS = [quoteSingle, quoteDouble, escapeEach, quoteAnsiC];

describe('parseShell properties', () => {
  it('never throws on arbitrary strings, and says whether it understood them', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 200 }), shellish), (line) => {
        const model = parseShell(line, { home: '/home/u' });
        expect(model.line).toBe(line);
        expect(Array.isArray(model.commands)).toBe(true);
        expect(model.unparsed).toBe(model.unparsedReason !== undefined);
        expect(model.work).toBeLessThanOrEqual(workBound(line.length));
      }),
      { numRuns: 400 },
    );
  });

  it('gives the same argv whatever the quoting', () => {
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 5 }), fc.array(fc.nat(QUOTERS.length - 1), { minLength: 5, maxLength: 5 }), (words, styles) => {
        const line = ['printf', ...words.map((text, index) => QUOTERS[styles[index]!]!(text))].join(' ');
        const model = parseShell(line, { home: '/home/u' });
        expect(model.unparsed).toBe(false);
        expect(model.commands).toHaveLength(1);
        expect(model.commands[0]!.args).toStrictEqual(words);
      }),
      { numRuns: 300 },
    );
  });

  it('spells the program any way and still names it', () => {
    fc.assert(
      fc.property(fc.constantFrom(...QUOTERS), fc.constantFrom('rm', 'curl', 'chmod'), (quote, program) => {
        expect(parseShell(`${quote(program)} -x`).commands[0]!.program).toBe(program);
        expect(parseShell(`/usr/bin/${program} -x`).commands[0]!.program).toBe(program);
      }),
    );
  });

  it('bounds the work of deeply nested $(, backticks, bash -c and eval, whatever the depth', () => {
    const nestings = [
      (depth: number) => `${'echo $('.repeat(depth)}rm x${')'.repeat(depth)}`,
      (depth: number) => `${'$('.repeat(depth)}`,
      (depth: number) => `${'eval '.repeat(depth)}rm x`,
      (depth: number) => `${'bash -c '.repeat(depth)}rm`,
      (depth: number) => `${'sudo '.repeat(depth)}rm x`,
      (depth: number) => `${'<('.repeat(depth)}ls${')'.repeat(depth)}`,
      (depth: number) => `${'( '.repeat(depth)}ls${' )'.repeat(depth)}`,
      (depth: number) => `${'{ '.repeat(depth)}ls;${' }'.repeat(depth)}`,
    ];
    fc.assert(
      fc.property(fc.constantFrom(...nestings), fc.integer({ min: 1, max: 600 }), (nest, depth) => {
        const line = nest(depth);
        const model = parseShell(line);
        expect(model.work).toBeLessThanOrEqual(workBound(line.length));
        expect(model.commands.length).toBeLessThanOrEqual(2000);
      }),
      { numRuns: 120 },
    );
  });

  it('stops nested bash -c at the nesting bound', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 7 }), fc.integer({ min: 0, max: 6 }), (depth, maxDepth) => {
        let line = 'rm -rf /';
        for (let level = 0; level < depth; level += 1) line = `bash -c ${quoteSingle(line)}`;
        const model = parseShell(line, { maxDepth });
        if (depth <= maxDepth) {
          expect(model.unparsed).toBe(false);
          expect(model.commands[0]).toMatchObject({ program: 'rm', via: Array.from({ length: depth }, () => 'bash -c') });
        } else {
          expect(model.unparsedReason).toMatch(/^nesting bound/);
          expect(model.commands).toHaveLength(0);
        }
      }),
    );
  });
});
