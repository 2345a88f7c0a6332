import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildEnvironment, describeEnvProblem, MAX_ENV_VALUE_BYTES } from '../src/environment.js';

const base = {
  canonical: 'tool:before',
  dialect: 'claude',
  projectDir: '/the/project',
  env: { PATH: '/bin', UNSET: undefined },
} as const;

describe('buildEnvironment', () => {
  it('starts from the request env, drops undefined values, and adds the hookwire variables', () => {
    expect(buildEnvironment({ ...base, configDir: '/cfg' }, { EXTRA: 'x' })).toEqual({
      PATH: '/bin',
      EXTRA: 'x',
      HOOKWIRE_EVENT: 'tool:before',
      HOOKWIRE_CONFIG_DIR: '/cfg',
      CLAUDE_PROJECT_DIR: '/the/project',
    });
  });

  it.each([
    { name: 'kept from the base env', env: { CLAUDE_PROJECT_DIR: '/kept' }, extra: undefined, projectDir: '/the/project', expected: '/kept' },
    { name: 'kept from the hook env', env: {}, extra: { CLAUDE_PROJECT_DIR: '/hook' }, projectDir: '/the/project', expected: '/hook' },
    { name: "the request's projectDir", env: {}, extra: undefined, projectDir: '/the/project', expected: '/the/project' },
    { name: "this process's working directory without a projectDir", env: {}, extra: undefined, projectDir: undefined, expected: process.cwd() },
  ])('CLAUDE_PROJECT_DIR is $name', ({ env, extra, projectDir, expected }) => {
    const { projectDir: _given, ...rest } = base;
    expect(buildEnvironment({ ...rest, env, ...(projectDir === undefined ? {} : { projectDir }) }, extra).CLAUDE_PROJECT_DIR).toBe(expected);
  });

  it('sets no CLAUDE_PROJECT_DIR for native hooks, and HOOKWIRE_EVENT over any inherited value', () => {
    const env = buildEnvironment({ ...base, dialect: 'native', env: { HOOKWIRE_EVENT: 'stale' } }, { HOOKWIRE_EVENT: 'also stale' });
    expect(env).toEqual({ HOOKWIRE_EVENT: 'tool:before' });
  });

  it('uses process.env when the request has no env', () => {
    const { env: _omitted, ...withoutEnv } = base;
    expect(buildEnvironment(withoutEnv).PATH).toBe(process.env.PATH);
  });
});

describe('buildEnvironment with values no environment can carry', () => {
  it.each([
    ['a NUL byte in the project directory', `/p\0q`, /the project directory \(CLAUDE_PROJECT_DIR\) is not passed to the handler: the value contains a NUL byte/],
    ['a project directory over MAX_ENV_VALUE_BYTES', `/${'a'.repeat(MAX_ENV_VALUE_BYTES)}`, /is \d+ bytes, over the 32768-byte limit/],
  ])('%s: CLAUDE_PROJECT_DIR is left out, with a warning', (_name, projectDir, warning) => {
    const warnings: string[] = [];
    const env = buildEnvironment({ ...base, projectDir }, undefined, warnings);
    expect(Object.hasOwn(env, 'CLAUDE_PROJECT_DIR')).toBe(false);
    expect(warnings).toEqual([expect.stringMatching(warning)]);
  });

  it('leaves out extra variables that cannot be environment entries, and says which', () => {
    const warnings: string[] = [];
    const env = buildEnvironment({ ...base, dialect: 'native' }, { OK: 'v', NUL: 'a\0b', BIG: 'x'.repeat(MAX_ENV_VALUE_BYTES + 1), 'A=B': 'v', '': 'v' }, warnings);
    expect(env.OK).toBe('v');
    for (const name of ['NUL', 'BIG', 'A=B', '']) expect(Object.hasOwn(env, name)).toBe(false);
    expect(warnings).toHaveLength(4);
  });

  it('never yields a value spawn would refuse, whatever the project directory (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary-ascii', minLength: MAX_ENV_VALUE_BYTES - 2, maxLength: MAX_ENV_VALUE_BYTES + 2 })), (projectDir) => {
        const env = buildEnvironment({ ...base, projectDir }, undefined, []);
        // What execve needs: no NUL anywhere, no '=' in a name, each NAME=value under 128 KiB (MAX_ARG_STRLEN).
        for (const [name, value] of Object.entries(env)) {
          expect(`${name}${value}`.includes('\0')).toBe(false);
          expect(name.includes('=')).toBe(false);
          expect(Buffer.byteLength(`${name}=${value}`)).toBeLessThan(128 * 1024);
        }
      }),
    );
  });
});
