import { describe, expect, it } from 'vitest';
import { buildEnvironment, readPayloadCwd } from '../src/environment.js';

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
