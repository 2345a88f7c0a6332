/**
 * The conformance suite every hookwire executor passes (shell, webhook, oracle), in the manner of
 * unstorage's `testDriver`.
 *
 * Usage, from `packages/<name>/test/conformance.test.ts`:
 *
 * ```ts
 * import { describeExecutorConformance } from '../../../test/conformance/executor-suite.js';
 *
 * describeExecutorConformance('exec-foo', async () => {
 *   const server = await startServer();            // whatever the executor needs
 *   return {
 *     executor: createFooExecutor(),
 *     hooks: { allow, deny, hang, failing },       // four hooks of the executor's own shape
 *     failingClass: 'http',                        // the failure class `failing` must produce
 *     cleanup: () => server.close(),
 *   };
 * });
 * ```
 *
 * The four hooks:
 * - `allow` answers allow; `deny` answers deny with a non-empty reason (for PreToolUse, claude dialect);
 * - `hang` never answers (the suite runs it with a 300 ms timeout, and with an abort);
 * - `failing` ends in an infrastructure failure of the executor's kind, of class `failingClass`.
 *
 * The suite creates the fixture once (`beforeAll`), then calls `executor.close()` and `cleanup()`
 * (`afterAll`). Every request is a claude-dialect `tool:before` / `PreToolUse` with a compact JSON
 * payload plus `\n`, run in the OS temp folder. It checks the result shape, the answers, timeout,
 * abort, an already-aborted signal, the failure class, and that `run` never rejects.
 */
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecRequest, ExecResult, Executor, FailureClass } from '@hookwire/contract';

/** What a conformance fixture provides; `H` is the executor's hook shape. */
export interface ConformanceFixture<H> {
  executor: Executor<H>;
  hooks: { allow: H; deny: H; hang: H; failing: H };
  /** The failure class that running `hooks.failing` yields. */
  failingClass: FailureClass;
  /** Stops whatever the fixture started (servers, temp files). */
  cleanup(): Promise<void>;
}

/** How long a run that must end (timeout, abort) may take at most before the suite calls it hung. */
const HANG_BOUND_MS = 10_000;
const TIMEOUT_MS = 300;
const RUN_TIMEOUT_MS = 20_000;

/** Builds a request for the suite's PreToolUse payload; `overrides` replace fields. */
export function conformanceRequest(overrides: Partial<ExecRequest> = {}): ExecRequest {
  const cwd = tmpdir();
  const payload = {
    session_id: 'conformance',
    transcript_path: '',
    cwd,
    hook_event_name: 'PreToolUse',
    permission_mode: 'default',
    tool_name: 'Bash',
    tool_input: { command: 'ls' },
    tool_use_id: 'toolu_conformance',
  };
  return {
    canonical: 'tool:before',
    dialect: 'claude',
    eventName: 'PreToolUse',
    input: `${JSON.stringify(payload)}\n`,
    cwd,
    timeoutMs: RUN_TIMEOUT_MS,
    ...overrides,
  };
}

/** Registers the conformance `describe` block for one executor. */
export function describeExecutorConformance<H>(name: string, factory: () => Promise<ConformanceFixture<H>>): void {
  describe(`executor conformance: ${name}`, () => {
    let fixture: ConformanceFixture<H>;

    beforeAll(async () => {
      fixture = await factory();
    });

    afterAll(async () => {
      await fixture?.executor.close();
      await fixture?.cleanup();
    });

    it('has a known kind and the executor methods', () => {
      expect(['shell', 'webhook', 'oracle', 'proxy']).toContain(fixture.executor.kind);
      expect(typeof fixture.executor.run).toBe('function');
      expect(typeof fixture.executor.close).toBe('function');
    });

    it('returns the result shape, with every flag present', async () => {
      for (const hook of [fixture.hooks.allow, fixture.hooks.deny]) {
        expectResultShape(await fixture.executor.run(hook, conformanceRequest()), fixture.executor.kind);
      }
    });

    it('reads an allow', async () => {
      const result = await fixture.executor.run(fixture.hooks.allow, conformanceRequest());
      expect(result.result.decision).toBe('allow');
      expect(result.result.failure).toBeUndefined();
      expect([result.timedOut, result.canceled, result.spawnFailed]).toEqual([false, false, false]);
    });

    it('reads a deny with its reason', async () => {
      const result = await fixture.executor.run(fixture.hooks.deny, conformanceRequest());
      expect(result.result.decision).toBe('deny');
      expect(result.result.reason).toEqual(expect.any(String));
      expect(result.result.reason).not.toBe('');
      expect(result.result.failure).toBeUndefined();
    });

    it('times out a hook that never answers', async () => {
      const startedAt = performance.now();
      const result = await fixture.executor.run(fixture.hooks.hang, conformanceRequest({ timeoutMs: TIMEOUT_MS }));
      expect(performance.now() - startedAt).toBeLessThan(HANG_BOUND_MS);
      expectResultShape(result, fixture.executor.kind);
      expect(result.timedOut).toBe(true);
      expect(result.canceled).toBe(false);
      expect(result.result.failure?.class).toBe('timeout');
      expect(result.result.decision).toBeUndefined();
    });

    it('cancels a hook that never answers when the signal aborts', async () => {
      const controller = new AbortController();
      const startedAt = performance.now();
      const running = fixture.executor.run(fixture.hooks.hang, conformanceRequest({ signal: controller.signal }));
      setTimeout(() => controller.abort(), 200);
      const result = await running;
      expect(performance.now() - startedAt).toBeLessThan(HANG_BOUND_MS);
      expectResultShape(result, fixture.executor.kind);
      expect(result.canceled).toBe(true);
      expect(result.timedOut).toBe(false);
      expect(result.result.failure?.class).toBe('canceled');
    });

    it('does not run a hook whose signal is already aborted', async () => {
      const result = await fixture.executor.run(fixture.hooks.allow, conformanceRequest({ signal: AbortSignal.abort() }));
      expectResultShape(result, fixture.executor.kind);
      expect(result.canceled).toBe(true);
      expect(result.timedOut).toBe(false);
      expect(result.result.failure?.class).toBe('canceled');
      expect(result.result.decision).toBeUndefined();
    });

    it('reports an infrastructure failure of its kind as data', async () => {
      const result = await fixture.executor.run(fixture.hooks.failing, conformanceRequest());
      expectResultShape(result, fixture.executor.kind);
      expect(result.result.failure?.class).toBe(fixture.failingClass);
      expect(result.result.failure?.message).toEqual(expect.any(String));
      expect(result.result.failure?.message).not.toBe('');
      expect(result.result.decision).toBeUndefined();
    });

    it('never rejects, whatever the request', async () => {
      const { allow, deny, hang, failing } = fixture.hooks;
      const odd = [
        conformanceRequest({ input: 'not json at all' }),
        conformanceRequest({ input: '' }),
        conformanceRequest({ timeoutMs: 0 }),
        conformanceRequest({ signal: AbortSignal.timeout(100), timeoutMs: TIMEOUT_MS }),
      ];
      const runs = [allow, deny, hang, failing].flatMap((hook) =>
        odd.map((request) => fixture.executor.run(hook, { ...request, timeoutMs: Math.min(request.timeoutMs, TIMEOUT_MS) })),
      );
      const settled = await Promise.allSettled(runs);
      expect(settled.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
      for (const outcome of settled) if (outcome.status === 'fulfilled') expectResultShape(outcome.value, fixture.executor.kind);
    });
  });
}

function expectResultShape(result: ExecResult, kind: string): void {
  expect(result.kind).toBe(kind);
  for (const flag of ['timedOut', 'canceled', 'spawnFailed', 'outputTruncated'] as const) {
    expect(typeof result[flag], flag).toBe('boolean');
  }
  expect(typeof result.durationMs).toBe('number');
  expect(Number.isFinite(result.durationMs)).toBe(true);
  expect(result.durationMs).toBeGreaterThanOrEqual(0);
  expect(typeof result.result).toBe('object');
  expect(Array.isArray(result.result.warnings)).toBe(true);
  if (result.result.failure !== undefined) {
    expect(typeof result.result.failure.class).toBe('string');
    expect(typeof result.result.failure.message).toBe('string');
  }
}
