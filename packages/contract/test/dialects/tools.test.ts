import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIALECT_NAMES, DIALECTS } from '../../src/dialects/index.js';
import { toCanonicalTool, toHostTool, type ToolRow } from '../../src/dialects/tools.js';

// Issue 21.4: the guard must read the value the acting host uses, whatever else the model put in
// the tool's arguments (a decoy under the other spelling, before or after the real field).

const rowsWithFields = DIALECT_NAMES.flatMap((dialect) => DIALECTS[dialect].tools.filter((row) => row.fields !== undefined).map((row) => ({ dialect, row })));

/** Arbitrary extra arguments, decoys under every spelling of the row's fields included. */
function extraArgs(row: ToolRow) {
  const names = [...Object.keys(row.fields!), ...Object.values(row.fields!)];
  return fc.dictionary(fc.oneof(fc.constantFrom(...names, '__proto__', 'constructor'), fc.string({ maxLength: 8 })), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 6 });
}

/** `own` and the keys of `extra` it does not have, `own` placed before or after them. */
function place(extra: Record<string, unknown>, own: Record<string, unknown>, first: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const put = (source: Record<string, unknown>) => {
    for (const key of Object.keys(source)) {
      if (source === extra && Object.hasOwn(own, key)) continue;
      Object.defineProperty(out, key, { value: source[key], enumerable: true, writable: true, configurable: true });
    }
  };
  if (first) put(own);
  put(extra);
  if (!first) put(own);
  return out;
}

describe('tool inputs with decoy fields', () => {
  it('covers every host tool that renames a field', () => {
    expect(rowsWithFields.map(({ dialect, row }) => `${dialect}:${row.host}`)).toEqual([
      'gemini:glob',
      'gemini:search_file_content',
      'gemini:grep_search',
      'copilot:view',
      'copilot:create',
      'copilot:edit',
      'crush:grep',
      'pi:read',
      'pi:write',
      'pi:edit',
      'openclaw:read',
      'openclaw:write',
      'openclaw:edit',
    ]);
  });

  it.each(rowsWithFields.map(({ dialect, row }) => [`${dialect}:${row.host}`, row] as const))('property: %s read from the host carries the host fields\' values, whatever else the input holds', (_name, row) => {
    fc.assert(
      fc.property(extraArgs(row), fc.dictionary(fc.constantFrom(...Object.keys(row.fields!)), fc.string(), { minKeys: 1 }), fc.boolean(), (extra, own, first) => {
        const { input } = toCanonicalTool(tableOf(row), { name: row.host, input: place(extra, own, first) });
        for (const [hostKey, value] of Object.entries(own)) expect((input as Record<string, unknown>)[row.fields![hostKey]!]).toBe(value);
      }),
    );
  });

  it.each(rowsWithFields.filter(({ row }) => row.only !== 'read').map(({ dialect, row }) => [`${dialect}:${row.host}`, row] as const))('property: %s shown to that host\'s guards carries the canonical fields\' values, whatever else the input holds', (_name, row) => {
    const canonicalKeys = Object.values(row.fields!);
    fc.assert(
      fc.property(extraArgs(row), fc.dictionary(fc.constantFrom(...canonicalKeys), fc.string(), { minKeys: 1 }), fc.boolean(), (extra, own, first) => {
        const { input } = toHostTool(tableOf(row), { name: row.canonical, input: place(extra, own, first) });
        const hostKeyOf = (canonical: string) => Object.entries(row.fields!).find(([, to]) => to === canonical)![0];
        for (const [canonicalKey, value] of Object.entries(own)) expect((input as Record<string, unknown>)[hostKeyOf(canonicalKey)]).toBe(value);
      }),
    );
  });

  it('keeps a canonical-spelt field when the host field is absent, and drops it when the host field replaces it', () => {
    const table = DIALECTS.copilot.tools;
    expect(toCanonicalTool(table, { name: 'view', input: { file_path: '/a' } }).input).toEqual({ file_path: '/a' });
    expect(toCanonicalTool(table, { name: 'view', input: { file_path: '/safe', path: '/etc/shadow', view_range: [1, 2] } }).input).toEqual({ file_path: '/etc/shadow', view_range: [1, 2] });
  });
});

function tableOf(row: ToolRow) {
  return DIALECT_NAMES.map((dialect) => DIALECTS[dialect].tools).find((table) => table.includes(row))!;
}
