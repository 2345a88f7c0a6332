import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/parse-config.js';
import { mergeConfigs } from '../../src/config/merge.js';
import type { HookSpec, HookwireConfig } from '../../src/config/schema.js';

function hook(id: string, extra: Partial<HookSpec> = {}): HookSpec {
  return { id, event: 'tool:before', eventName: 'PreToolUse', type: 'command', command: '/usr/bin/true', dialect: 'claude', pointer: '/hooks/0', ...extra };
}

function parsed(input: unknown, source: string): HookwireConfig {
  const result = parseConfig(input, { source });
  if (result.config === undefined) throw new Error(JSON.stringify(result.diagnostics));
  return result.config;
}

describe('mergeConfigs', () => {
  it('merges nothing into a config without hooks', () => {
    expect(mergeConfigs([])).toStrictEqual({ hooks: [] });
  });

  it('concatenates hooks in order and lets later settings win', () => {
    const user = parsed({ timeoutSec: 30, onError: 'block', llm: { baseUrl: 'http://127.0.0.1:1/v1', model: 'a' }, hooks: [{ id: 'u', event: 'PreToolUse', type: 'command', command: '/bin/u' }] }, 'user.json');
    const project = parsed({ timeoutSec: 10, parallel: true, hooks: [{ id: 'p', event: 'Stop', type: 'command', command: '/bin/p' }] }, 'project.json');
    const local = parsed({ onError: 'ignore', proxy: { command: '/bin/proxy' }, hooks: [] }, 'local.json');
    const merged = mergeConfigs([user, project, local]);
    expect(merged).toStrictEqual({
      timeoutSec: 10,
      onError: 'ignore',
      parallel: true,
      llm: { baseUrl: 'http://127.0.0.1:1/v1', model: 'a' },
      proxy: { command: '/bin/proxy' },
      hooks: [user.hooks[0], project.hooks[0]],
    });
    expect(Object.keys(merged)).toStrictEqual(['timeoutSec', 'onError', 'parallel', 'llm', 'proxy', 'hooks']);
  });

  it('suffixes a colliding id with the position of its config', () => {
    const a = parsed({ hooks: [{ event: 'PreToolUse', type: 'command', command: '/bin/a' }] }, 'a.json');
    const b = parsed({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: '/bin/b1' }, { type: 'command', command: '/bin/b2' }] }] } }, 'b.json');
    const c = parsed({ hooks: [{ event: 'PreToolUse', type: 'command', command: '/bin/c' }] }, 'c.json');
    const merged = mergeConfigs([a, b, c]);
    expect(merged.hooks.map((spec) => [spec.id, spec.command, spec.source])).toStrictEqual([
      ['PreToolUse#1', '/bin/a', 'a.json'],
      ['PreToolUse#1@2', '/bin/b1', 'b.json'],
      ['PreToolUse#2', '/bin/b2', 'b.json'],
      ['PreToolUse#1@3', '/bin/c', 'c.json'],
    ]);
    expect(b.hooks[0]?.id).toBe('PreToolUse#1');
  });

  it('suffixes given ids the same way, and again when the suffixed id is taken', () => {
    const merged = mergeConfigs([{ hooks: [hook('guard'), hook('guard@2')] }, { hooks: [hook('guard'), hook('guard')] }]);
    expect(merged.hooks.map((spec) => spec.id)).toStrictEqual(['guard', 'guard@2', 'guard@2.2', 'guard@2.3']);
  });

  it('keeps one id for a rule pack on several events, and suffixes it in a later layer like any hook', () => {
    const pack = { type: 'rule', pack: 'hookwire:recommended' };
    const merged = mergeConfigs([parsed({ hooks: [{ id: 'guards', ...pack }] }, 'user.json'), parsed({ hooks: [{ id: 'guards', ...pack }] }, 'project.json')]);
    expect(merged.hooks.map((spec) => [spec.id, spec.event])).toStrictEqual([
      ['guards', 'tool:before'],
      ['guards', 'tool:after'],
      ['guards', 'prompt:submit'],
      ['guards@2', 'tool:before'],
      ['guards@2', 'tool:after'],
      ['guards@2', 'prompt:submit'],
    ]);
  });

  it('always yields unique ids and keeps every hook in order', () => {
    const idArb = fc.constantFrom('a', 'a@2', 'a@2.2', 'b', 'PreToolUse#1', 'PreToolUse#1@1');
    fc.assert(
      fc.property(fc.array(fc.array(idArb, { maxLength: 5 }), { maxLength: 5 }), (lists) => {
        const configs = lists.map((ids) => ({ hooks: ids.map((id, index) => hook(id, { command: `${id}/${index}` })) }));
        const merged = mergeConfigs(configs);
        const ids = merged.hooks.map((spec) => spec.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(merged.hooks.map((spec) => spec.command)).toStrictEqual(configs.flatMap((config) => config.hooks.map((spec) => spec.command)));
      }),
    );
  });
});
