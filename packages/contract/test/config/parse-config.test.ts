import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/config/diagnostics.js';
import { parseConfig, type ConfigResult } from '../../src/config/parse-config.js';
import { CONFIG_EVENT_NAMES, type HookSpec, type HookwireConfig } from '../../src/config/schema.js';

interface ConfigVector {
  rule: string;
  name: string;
  input: unknown;
  expected: { diagnostics: Diagnostic[]; hooks?: HookSpec[]; config?: HookwireConfig };
}

const vectors = JSON.parse(readFileSync(new URL('../vectors/config.json', import.meta.url), 'utf8')) as ConfigVector[];

const isError = (diagnostic: Diagnostic) => diagnostic.severity === 'error';

describe('config vectors', () => {
  it('has vectors for every rule', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(30);
    const rules = new Set(vectors.map((vector) => vector.rule));
    for (const rule of [
      'config.not-object',
      'config.hooks-optional',
      'config.unknown-event',
      'config.missing-type',
      'config.unknown-type',
      'config.missing-command',
      'config.missing-url',
      'config.missing-prompt',
      'config.bad-url',
      'config.bad-regex',
      'config.bad-timeout',
      'config.bad-on-error',
      'config.bad-dialect',
      'config.duplicate-id',
      'config.allowed-env-vars',
      'config.headers',
      'config.llm',
      'config.matcher-without-subject',
      'config.relative-command',
      'config.unknown-key-error',
      'config.claude-shape',
      'config.claude-other-keys-ignored',
      'config.claude-unsupported-event',
    ]) {
      expect(rules).toContain(rule);
    }
  });

  for (const vector of vectors) {
    it(`${vector.rule}: ${vector.name}`, () => {
      const result = parseConfig(vector.input);
      expect(result.diagnostics).toStrictEqual(vector.expected.diagnostics);
      expect(result.config !== undefined).toBe(!vector.expected.diagnostics.some(isError));
      if (vector.expected.hooks !== undefined) expect(result.config?.hooks).toStrictEqual(vector.expected.hooks);
      if (vector.expected.config !== undefined) expect(result.config).toStrictEqual(vector.expected.config);
    });
  }
});

describe('parseConfig', () => {
  it('copies options.source to every hook and to nothing else', () => {
    const input = {
      hooks: [
        { event: 'PreToolUse', type: 'command', command: '/usr/bin/true' },
        { event: 'Stop', type: 'prompt', prompt: 'Done?' },
      ],
    };
    const result = parseConfig(input, { source: '/work/.hookwire.json' });
    expect(result.diagnostics).toStrictEqual([]);
    expect(result.config?.hooks.map((hook) => hook.source)).toStrictEqual(['/work/.hookwire.json', '/work/.hookwire.json']);
    expect(parseConfig(input).config?.hooks.every((hook) => !('source' in hook))).toBe(true);
  });

  it('gives claude-shaped hooks their source too', () => {
    const result = parseConfig({ hooks: { Stop: [{ hooks: [{ type: 'command', command: '/usr/bin/true' }] }] } }, { source: 's.json' });
    expect(result.config?.hooks[0]?.source).toBe('s.json');
  });

  it('does not change its input', () => {
    const input = { timeoutSec: 5, hooks: [{ event: 'PreToolUse', type: 'http', url: 'http://127.0.0.1:1/', headers: { A: 'b' } }] };
    const copy = structuredClone(input);
    const result = parseConfig(input);
    expect(input).toStrictEqual(copy);
    expect(result.config?.hooks[0]?.headers).not.toBe(input.hooks[0]?.headers);
  });

  it('reads header names like __proto__ as plain names', () => {
    const headers = JSON.parse('{"__proto__": "x", "constructor": "y"}') as Record<string, unknown>;
    const result = parseConfig({ hooks: [{ event: 'PreToolUse', type: 'http', url: 'http://127.0.0.1:1/', headers }] });
    const read = result.config?.hooks[0]?.headers;
    expect(Object.keys(read ?? {})).toStrictEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
  });

  it('survives deeply nested junk anywhere', () => {
    let deep: unknown = [];
    for (let i = 0; i < 200_000; i++) deep = [deep];
    const results = [
      parseConfig(deep),
      parseConfig({ hooks: deep }),
      parseConfig({ hooks: [deep] }),
      parseConfig({ hooks: [{ event: deep, type: deep, matcher: deep, timeout: deep, id: deep, command: deep }] }),
      parseConfig({ llm: deep, proxy: deep, hooks: { PreToolUse: [{ matcher: deep, hooks: [deep, { type: 'http', url: deep, headers: { a: deep } }] }] } }),
    ];
    for (const result of results) {
      expect(result.config).toBeUndefined();
      expect(result.diagnostics.length).toBeGreaterThan(0);
      expect(result.diagnostics.every((diagnostic) => !diagnostic.message.startsWith('internal error'))).toBe(true);
    }
    expect(results[3]?.diagnostics.find((diagnostic) => diagnostic.path === '/hooks/0/timeout')?.message).toBe(
      'timeout must be a positive number of seconds, received an array',
    );
  });
});

const POINTER = /^(\/([^~/]|~[01])*)*$/;

function expectWellFormed(result: ConfigResult): void {
  for (const diagnostic of result.diagnostics) {
    expect(Object.keys(diagnostic).sort()).toStrictEqual(['message', 'path', 'severity']);
    expect(['error', 'warning']).toContain(diagnostic.severity);
    expect(diagnostic.path).toMatch(POINTER);
    expect(diagnostic.message.length).toBeGreaterThan(0);
    expect(diagnostic.message.startsWith('internal error')).toBe(false);
  }
  expect(result.config !== undefined).toBe(!result.diagnostics.some(isError));
  if (result.config !== undefined) {
    const ids = result.config.hooks.map((hook) => hook.id);
    expect(new Set(ids).size).toBe(ids.length);
  }
}

function resolvePointer(document: unknown, pointer: string): { found: boolean; value?: unknown } {
  if (pointer === '') return { found: true, value: document };
  let value = document;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return { found: false };
    value = (value as Record<string, unknown>)[key];
  }
  return { found: true, value };
}

/** Every diagnostic points at a value of the input, or at a missing key of an object in it. */
function expectPathsInto(input: unknown, result: ConfigResult): void {
  for (const diagnostic of result.diagnostics) {
    if (resolvePointer(input, diagnostic.path).found) continue;
    const parent = resolvePointer(input, diagnostic.path.slice(0, diagnostic.path.lastIndexOf('/')));
    expect(parent.found && typeof parent.value === 'object' && parent.value !== null, diagnostic.path).toBe(true);
  }
  for (const hook of result.config?.hooks ?? []) {
    const at = resolvePointer(input, hook.pointer);
    expect(at.found && typeof at.value === 'object', hook.pointer).toBe(true);
  }
}

const HOOK_KEYS = ['id', 'event', 'matcher', 'type', 'command', 'url', 'headers', 'allowedEnvVars', 'prompt', 'model', 'name', 'dialect', 'timeout', 'onError', 'onFailure', 'args', 'async', 'if'];
const valueArb = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom('command', 'http', 'prompt', 'agent', 'subagent', 'mcp_tool', 'Bash', 'Ba(sh', './x.sh', 'http://127.0.0.1:1/', 'block', 'native', 5, -1, ...CONFIG_EVENT_NAMES),
);
const hookArb = fc.dictionary(fc.constantFrom(...HOOK_KEYS, 'extra'), valueArb, { maxKeys: 8 });
const settingsArb = fc.record(
  { timeoutSec: valueArb, onError: valueArb, parallel: valueArb, llm: fc.oneof(valueArb, fc.dictionary(fc.constantFrom('baseUrl', 'model', 'apiKeyEnv', 'headers', 'x'), valueArb)), proxy: valueArb, other: valueArb },
  { requiredKeys: [] },
);
const nativeArb = fc.tuple(settingsArb, fc.array(fc.oneof(hookArb, valueArb), { maxLength: 5 })).map(([settings, hooks]) => ({ ...settings, hooks }));
const claudeArb = fc
  .tuple(
    settingsArb,
    fc.dictionary(
      fc.constantFrom(...CONFIG_EVENT_NAMES, 'PostToolBatch', 'a/b~c', '__proto__'),
      fc.oneof(valueArb, fc.array(fc.oneof(valueArb, fc.record({ matcher: valueArb, hooks: fc.oneof(valueArb, fc.array(fc.oneof(hookArb, valueArb), { maxLength: 4 })) }, { requiredKeys: [] })), { maxLength: 3 })),
      { maxKeys: 4 },
    ),
  )
  .map(([settings, hooks]) => ({ ...settings, hooks }));

describe('parseConfig properties', () => {
  it('never throws for any value, and its diagnostics are well formed', () => {
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: true, withBigInt: true, withDate: true, withMap: true, withSparseArray: true, withBoxedValues: true }), (input) => {
        expectWellFormed(parseConfig(input));
      }),
      { numRuns: 500 },
    );
  });

  it('never throws for any JSON value, and points into it', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (input) => {
        const result = parseConfig(input);
        expectWellFormed(result);
        expectPathsInto(input, result);
      }),
      { numRuns: 500 },
    );
  });

  it('never throws for config-shaped junk in either shape, and points into it', () => {
    fc.assert(
      fc.property(fc.oneof(nativeArb, claudeArb), (input) => {
        const result = parseConfig(input);
        expectWellFormed(result);
        expectPathsInto(input, result);
      }),
      { numRuns: 500 },
    );
  });

  it('reads every valid native hook, in order, with unique ids', () => {
    const eventArb = fc.constantFrom(...CONFIG_EVENT_NAMES);
    const common = { event: eventArb, matcher: fc.constantFrom('', '*', 'Bash', 'Edit|Write', 'mcp__.*'), dialect: fc.constantFrom('claude', 'native'), timeout: fc.double({ min: 0.001, max: 3600, noNaN: true }), onError: fc.constantFrom('warn', 'block', 'ignore') };
    const optional = { requiredKeys: ['event' as const, 'type' as const] };
    const text = fc.stringMatching(/^[a-z][a-z ]{0,15}$/);
    const validHookArb = fc.oneof(
      fc.record({ ...common, type: fc.constant('command'), command: fc.constantFrom('/usr/bin/true', '$HOOKWIRE_CONFIG_DIR/x.sh') }, { requiredKeys: ['event', 'type', 'command'] }),
      fc.record({ ...common, type: fc.constant('http'), url: fc.webUrl({ validSchemes: ['http', 'https'] }), headers: fc.dictionary(fc.stringMatching(/^[A-Za-z-]{1,10}$/), fc.string()), allowedEnvVars: fc.array(fc.constantFrom('TOKEN', 'KEY')) }, { requiredKeys: ['event', 'type', 'url'] }),
      fc.record({ ...common, type: fc.constant('prompt'), prompt: text, model: text }, { requiredKeys: ['event', 'type', 'prompt'] }),
      fc.record({ ...common, type: fc.constant('agent'), prompt: text, model: text, name: text }, { requiredKeys: ['event', 'type', 'prompt'] }),
      fc.record({ ...common, type: fc.constant('subagent'), name: text, model: text }, optional).map((hook) => ({ ...hook, name: 'reviewer' })),
    );
    fc.assert(
      fc.property(fc.array(validHookArb, { maxLength: 8 }), (hooks) => {
        const result = parseConfig({ hooks });
        expect(result.diagnostics.filter(isError)).toStrictEqual([]);
        expect(result.config?.hooks.map((hook) => hook.pointer)).toStrictEqual(hooks.map((_, index) => `/hooks/${index}`));
        expect(result.config?.hooks.map((hook) => hook.type)).toStrictEqual(hooks.map((hook) => hook.type));
        expectWellFormed(result);
      }),
    );
  });
});

describe('unknown keys (issue 22.3)', () => {
  const NATIVE_HOOK_KEYS = ['id', 'event', 'matcher', 'type', 'dialect', 'timeout', 'onError', 'mode', 'command', 'url', 'headers', 'allowedEnvVars', 'prompt', 'model', 'name'];
  const unknownKey = fc.string({ minLength: 1, maxLength: 12 }).filter((key) => !NATIVE_HOOK_KEYS.includes(key) && key !== '__proto__');
  const pointerOf = (key: string) => `/hooks/0/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;

  it('property: any unknown key of a native hook refuses the config with an error at that key', () => {
    fc.assert(
      fc.property(unknownKey, fc.jsonValue({ maxDepth: 1 }), (key, value) => {
        const hook = { id: 'g', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: 'guard', onError: 'block', [key]: value };
        const result = parseConfig({ hooks: [hook] });
        expect(result.config).toBeUndefined();
        expect(result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').map((diagnostic) => diagnostic.path)).toEqual([pointerOf(key)]);
      }),
    );
  });

  it('property: the same key in a Claude Code handler leaves the config accepted', () => {
    fc.assert(
      fc.property(unknownKey.filter((key) => !['type', 'command', 'timeout', 'args', 'async', 'asyncRewake', 'shell', 'if', 'onFailure', 'mode', 'statusMessage', 'once'].includes(key)), fc.jsonValue({ maxDepth: 1 }), (key, value) => {
        const result = parseConfig({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'guard', [key]: value }] }] } });
        expect(result.config?.hooks).toHaveLength(1);
      }),
    );
  });
});
