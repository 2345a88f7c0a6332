import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildEnvironment, describeEnvProblem, MAX_ENV_VALUE_BYTES, readPayloadCwd } from '../src/environment.js';

const base = {
  canonical: 'tool:before',
  dialect: 'claude',
  input: '{"session_id":"s","cwd":"/from/payload"}\n',
  cwd: '/request/cwd',
  env: { PATH: '/bin', UNSET: undefined },
} as const;

describe('buildEnvironment', () => {
  it('starts from the request env, drops undefined values, and adds the hookwire variables', () => {
    expect(buildEnvironment({ ...base, configDir: '/cfg' }, { EXTRA: 'x' })).toEqual({
      PATH: '/bin',
      EXTRA: 'x',
      HOOKWIRE_EVENT: 'tool:before',
      HOOKWIRE_CONFIG_DIR: '/cfg',
      CLAUDE_PROJECT_DIR: '/from/payload',
    });
  });

  it.each([
    { name: 'kept from the base env', env: { CLAUDE_PROJECT_DIR: '/kept' }, extra: undefined, input: base.input, expected: '/kept' },
    { name: 'kept from the hook env', env: {}, extra: { CLAUDE_PROJECT_DIR: '/hook' }, input: base.input, expected: '/hook' },
    { name: 'the payload cwd', env: {}, extra: undefined, input: base.input, expected: '/from/payload' },
    { name: 'the request cwd without a payload cwd', env: {}, extra: undefined, input: '{"session_id":"s"}\n', expected: '/request/cwd' },
    { name: 'the request cwd for a non-JSON payload', env: {}, extra: undefined, input: 'plain', expected: '/request/cwd' },
    { name: 'the request cwd for an empty payload cwd', env: {}, extra: undefined, input: '{"cwd":""}', expected: '/request/cwd' },
  ])('CLAUDE_PROJECT_DIR is $name', ({ env, extra, input, expected }) => {
    expect(buildEnvironment({ ...base, env, input }, extra).CLAUDE_PROJECT_DIR).toBe(expected);
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

describe('readPayloadCwd', () => {
  it.each([
    ['{"cwd":"/a"}\n', '/a'],
    ['{"cwd":3}', undefined],
    ['[1]', undefined],
    ['null', undefined],
    ['{', undefined],
    ['', undefined],
  ])('reads %j as %j', (input, expected) => {
    expect(readPayloadCwd(input)).toBe(expected);
  });
});

describe('buildEnvironment with values no environment can carry', () => {
  it.each([
    ['a NUL byte in the payload cwd', `/p\0q`, /the payload's cwd \(CLAUDE_PROJECT_DIR\) is not passed to the handler: the value contains a NUL byte/],
    ['a payload cwd over MAX_ENV_VALUE_BYTES', `/${'a'.repeat(MAX_ENV_VALUE_BYTES)}`, /is \d+ bytes, over the 32768-byte limit/],
  ])('%s: CLAUDE_PROJECT_DIR falls back to the working directory, with a warning', (_name, cwd, warning) => {
    const warnings: string[] = [];
    const env = buildEnvironment({ ...base, input: `${JSON.stringify({ cwd })}\n`, payloadCwd: cwd }, undefined, warnings);
    expect(env.CLAUDE_PROJECT_DIR).toBe('/request/cwd');
    expect(warnings).toEqual([expect.stringMatching(warning)]);
  });

  it('leaves out extra variables that cannot be environment entries, and says which', () => {
    const warnings: string[] = [];
    const env = buildEnvironment({ ...base, dialect: 'native' }, { OK: 'v', NUL: 'a\0b', BIG: 'x'.repeat(MAX_ENV_VALUE_BYTES + 1), 'A=B': 'v', '': 'v' }, warnings);
    expect(env.OK).toBe('v');
    for (const name of ['NUL', 'BIG', 'A=B', '']) expect(Object.hasOwn(env, name)).toBe(false);
    expect(warnings).toHaveLength(4);
  });

  it('never yields a value spawn would refuse, whatever the payload cwd (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary-ascii', minLength: MAX_ENV_VALUE_BYTES - 2, maxLength: MAX_ENV_VALUE_BYTES + 2 })), (cwd) => {
        const env = buildEnvironment({ ...base, input: `${JSON.stringify({ cwd })}\n` }, undefined, []);
        // What execve needs: no NUL anywhere, no '=' in a name, each NAME=value under 128 KiB (MAX_ARG_STRLEN).
        for (const [name, value] of Object.entries(env)) {
          expect(`${name}${value}`.includes('\0')).toBe(false);
          expect(name.includes('=')).toBe(false);
          expect(Buffer.byteLength(`${name}=${value}`)).toBeLessThan(128 * 1024);
        }
        expect(describeEnvProblem('CLAUDE_PROJECT_DIR', env.CLAUDE_PROJECT_DIR!)).toBeUndefined();
      }),
    );
  });
});
