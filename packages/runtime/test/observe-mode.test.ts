import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '@hookwire/contract';
import { cleanup, runtimeOf, say } from './helpers.js';

afterEach(cleanup);

const bash = { tool_name: 'Bash', tool_input: { command: 'ls' } };

describe('observe mode', () => {
  it('runs an observed hook, records what it would have decided, and keeps it out of the outcome', async () => {
    const runtime = await runtimeOf({
      hooks: [
        { id: 'new-guard', event: 'PreToolUse', type: 'command', mode: 'observe', command: say({ decision: 'block', reason: 'would block' }) },
        { id: 'old-guard', event: 'PreToolUse', type: 'command', command: say({ decision: 'approve', reason: 'fine', systemMessage: 'seen' }) },
      ],
    });
    const result = await runtime.dispatch('PreToolUse', bash);
    expect(result.outcome).toEqual({ decision: 'allow', reason: 'fine', continue: true, additionalContext: [], systemMessage: ['seen'], downgraded: false });
    expect(result.runs).toEqual([
      expect.objectContaining({ hook: 'new-guard', mode: 'observe', outcome: expect.objectContaining({ decision: 'deny', reason: 'would block' }) }),
      expect.not.objectContaining({ mode: expect.anything() }),
    ]);
    expect(result.runs[1]).toMatchObject({ hook: 'old-guard', outcome: { decision: 'allow' } });
  });

  it('keeps an observed hook\'s stop, contexts and onError block out too', async () => {
    const runtime = await runtimeOf({
      onError: 'block',
      hooks: [
        { id: 'stopper', event: 'PreToolUse', type: 'command', mode: 'observe', command: say({ continue: false, stopReason: 'halt', additionalContext: 'ctx' }) },
        { id: 'broken', event: 'PreToolUse', type: 'command', mode: 'observe', timeout: 0.2, command: 'sleep 5' },
      ],
    });
    const result = await runtime.dispatch('PreToolUse', bash);
    expect(result.outcome).toEqual({ decision: 'none', continue: true, additionalContext: [], systemMessage: [], downgraded: false });
    expect(result.runs.map((r) => [r.hook, r.mode, r.outcome.decision, r.onError])).toEqual([
      ['stopper', 'observe', undefined, undefined],
      ['broken', 'observe', 'deny', 'block'],
    ]);
    expect(result.runs[0]!.outcome).toMatchObject({ continue: false, stopReason: 'halt' });
  });

  it('observes every hook when the config says mode observe, unless a hook says enforce', async () => {
    const runtime = await runtimeOf({
      mode: 'observe',
      hooks: [
        { id: 'a', event: 'PreToolUse', type: 'command', command: say({ decision: 'block', reason: 'a' }) },
        { id: 'b', event: 'PreToolUse', type: 'command', mode: 'enforce', command: say({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: 'b' } }) },
      ],
    });
    const result = await runtime.dispatch('PreToolUse', bash);
    expect(result.outcome).toMatchObject({ decision: 'ask', reason: 'b' });
    expect(result.runs.map((r) => r.mode)).toEqual(['observe', undefined]);
  });

  it('observes every hook, even enforced ones, when the runtime is told to (--observe)', async () => {
    const runtime = await runtimeOf(
      { hooks: [{ id: 'b', event: 'PreToolUse', type: 'command', mode: 'enforce', command: say({ decision: 'block', reason: 'b' }) }] },
      { observe: true },
    );
    const result = await runtime.dispatch('PreToolUse', bash);
    expect(result.outcome.decision).toBe('none');
    expect(result.runs).toEqual([expect.objectContaining({ hook: 'b', mode: 'observe', outcome: expect.objectContaining({ decision: 'deny' }) })]);
  });

  it('reads mode in both config shapes and refuses anything but enforce or observe', () => {
    const native = parseConfig({ mode: 'observe', hooks: [{ event: 'PreToolUse', type: 'command', command: 'true', mode: 'enforce' }] });
    expect(native.config).toMatchObject({ mode: 'observe', hooks: [{ mode: 'enforce' }] });
    const claude = parseConfig({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'true', mode: 'observe' }] }] } });
    expect(claude.config?.hooks[0]).toMatchObject({ mode: 'observe' });
    const bad = parseConfig({ hooks: [{ event: 'PreToolUse', type: 'command', command: 'true', mode: 'shadow' }] });
    expect(bad.diagnostics).toEqual([expect.objectContaining({ severity: 'error', path: '/hooks/0/mode', message: expect.stringContaining('"enforce" or "observe"') })]);
    const badTop = parseConfig({ mode: true, hooks: [] });
    expect(badTop.diagnostics).toEqual([expect.objectContaining({ severity: 'error', path: '/mode' })]);
  });
});

const answerArb = fc.record(
  {
    decision: fc.constantFrom('allow', 'ask', 'deny', 'approve', 'block'),
    reason: fc.string({ maxLength: 8 }),
    continue: fc.boolean(),
    stopReason: fc.string({ maxLength: 8 }),
    systemMessage: fc.string({ maxLength: 8 }),
    hookSpecificOutput: fc.record({ hookEventName: fc.constant('PreToolUse'), additionalContext: fc.string({ maxLength: 8 }) }),
  },
  { requiredKeys: [] },
);

const hookArb = fc.record({
  answer: fc.oneof(answerArb, fc.constant('throw' as const)),
  mode: fc.constantFrom('observe', 'enforce', undefined),
  onError: fc.constantFrom('warn', 'block', 'ignore', undefined),
});

describe('observe mode, property', () => {
  it('an observed hook never changes an outcome: the fold equals that of the enforced hooks alone', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(hookArb, { maxLength: 6 }), fc.boolean(), async (hooks, parallel) => {
        const specs = hooks.map((hook, i) => ({
          id: `h${i}`,
          event: 'PreToolUse',
          type: 'agent',
          prompt: `p${i}`,
          ...(hook.mode === undefined ? {} : { mode: hook.mode }),
          ...(hook.onError === undefined ? {} : { onError: hook.onError }),
        }));
        const proxy = (call: { hook: { id: string } }) => {
          const answer = hooks[Number(call.hook.id.slice(1))]!.answer;
          if (answer === 'throw') throw new Error('no answer');
          return answer;
        };
        const all = await runtimeOf({ parallel, hooks: specs }, { proxy });
        const enforced = await runtimeOf({ parallel, hooks: specs.filter((spec) => spec.mode !== 'observe') }, { proxy });
        const both = await all.dispatch('PreToolUse', bash);
        const alone = await enforced.dispatch('PreToolUse', bash);
        expect(both.outcome).toEqual(alone.outcome);
        expect(both.runs.filter((r) => r.mode === 'observe').map((r) => r.hook)).toEqual(specs.filter((s) => s.mode === 'observe').map((s) => s.id));
        await Promise.all([all.close(), enforced.close()]);
      }),
      { numRuns: 150 },
    );
  });
});
