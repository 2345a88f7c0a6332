import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeTerminal } from '../src/terminal-text.js';

/** Every character a terminal may act on: C0, DEL, C1, and the bidi/invisible format marks. */
const ACTIVE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/u;
const ACTIVE_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/u;

/** Strings rich in the characters that matter, mixed with ordinary ones. */
const hostile = fc.string({
  unit: fc.oneof(fc.constantFrom('\u001b', '\u009b', '\r', '\n', '\b', '\u0007', '\u202e', '\u2066', '\u200b', '[', '2J', 'a', ' ', '\\'), fc.integer({ min: 0, max: 0x2100 }).map((c) => String.fromCharCode(c))),
  maxLength: 60,
});

describe('escapeTerminal', () => {
  it.each([
    ['\u001b[2J\u001b[1;1Hallow', '\\u001b[2J\\u001b[1;1Hallow'],
    ['deny\rallow', 'deny\\rallow'],
    ['a\nforged line', 'a\\nforged line'],
    ['\u009b31mred', '\\u009b31mred'],
    ['\u202eevil', '\\u202eevil'],
    ['tab\there', 'tab\\there'],
    ['plain text, é and 漢字', 'plain text, é and 漢字'],
  ])('%j becomes %j', (input, output) => {
    expect(escapeTerminal(input)).toBe(output);
  });

  it('leaves no character a terminal acts on, and changes nothing else', () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const escaped = escapeTerminal(text);
        expect(ACTIVE.test(escaped)).toBe(false);
        if (!ACTIVE.test(text)) expect(escaped).toBe(text);
      }),
      { numRuns: 2_000 },
    );
  });

  it('with keepNewlines, only newlines stay; JSON escaped so is still JSON with the same value', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), hostile, (value, key) => {
        const json = JSON.stringify({ [key]: value, text: key }, null, 2);
        const escaped = escapeTerminal(json, { keepNewlines: true });
        expect(ACTIVE_BUT_NEWLINE.test(escaped)).toBe(false);
        expect(JSON.parse(escaped)).toEqual(JSON.parse(json));
      }),
      { numRuns: 1_000 },
    );
  });
});
