import { describe, expect, it } from 'vitest';
import { readPluginOptions } from '../src/plugin-options.js';

describe('readPluginOptions', () => {
  it.each([
    [undefined, { ok: true, options: { config: undefined, onError: 'warn' } }],
    [{}, { ok: true, options: { config: undefined, onError: 'warn' } }],
    [{ config: '.hookwire.json' }, { ok: true, options: { config: ['.hookwire.json'], onError: 'warn' } }],
    [{ config: ['a.json', 'b.json'], onError: 'block' }, { ok: true, options: { config: ['a.json', 'b.json'], onError: 'block' } }],
  ])('accepts %j', (given, expected) => {
    expect(readPluginOptions(given)).toEqual(expected);
  });

  it.each([
    ['x', /the plugin options must be an object, received/, 'warn'],
    [{ confg: 'a.json' }, /unknown plugin option "confg"; known: config, onError/, 'warn'],
    [{ onError: 'deny' }, /plugin option "onError" must be "warn" or "block", received/, 'warn'],
    [{ config: 3, onError: 'block' }, /plugin option "config" must be a file path or a non-empty list of them, received/, 'block'],
    [{ config: [] }, /"config" must be a file path or a non-empty list/, 'warn'],
    [{ config: [''] }, /"config" must be a file path or a non-empty list/, 'warn'],
  ])('reports %j, keeping a valid onError', (given, message, onError) => {
    const read = readPluginOptions(given);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.message).toMatch(message);
    expect(read.onError).toBe(onError);
  });
});
