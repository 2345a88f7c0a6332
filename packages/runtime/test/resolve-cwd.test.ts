import { describe, expect, it } from 'vitest';
import { MAX_CWD_BYTES, resolveCwd } from '../src/resolve-cwd.js';

describe('resolveCwd', () => {
  it.each([
    ['the request cwd first', '/req', '/payload', '/req', 0],
    ['else the payload cwd', undefined, '/payload', '/payload', 0],
    ["else the runtime's own", undefined, 42, process.cwd(), 0],
    ['a path that does not exist is kept (it fails to start, under onError)', undefined, '/no/such/dir', '/no/such/dir', 0],
    ["a NUL in the request cwd: the runtime's own, with a warning", '/a\0b', '/payload', process.cwd(), 1],
    ["a NUL in the payload cwd: the runtime's own, with a warning", undefined, '/a\0', process.cwd(), 1],
    ['a path of exactly MAX_CWD_BYTES is kept', undefined, `/${'a'.repeat(MAX_CWD_BYTES - 1)}`, `/${'a'.repeat(MAX_CWD_BYTES - 1)}`, 0],
    ["one byte more: the runtime's own, with a warning", undefined, `/${'é'.repeat(MAX_CWD_BYTES / 2)}`, process.cwd(), 1],
  ])('%s', (_name, requested, payloadCwd, expected, warningCount) => {
    const warnings: string[] = [];
    expect(resolveCwd(requested, payloadCwd, warnings)).toBe(expected);
    expect(warnings).toHaveLength(warningCount);
    for (const warning of warnings) expect(warning).toMatch(/cannot be a working directory .*hookwire's own working directory/);
  });
});
