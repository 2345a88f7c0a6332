import { afterEach, describe, expect, it } from 'vitest';
import { createRuntime, silentLogger } from '../../packages/runtime/lib/index.js';
import { childrenOf, cleanup, groupOf, readPids, survivors, type ProcRef } from './harness.js';
import { allOf, startTrees, TREES, writeTrees } from './trees.js';

afterEach(cleanup);

describe('process trees under timeout, cancel, abort and signals', () => {
  it('a timeout kills every process of a deep, TERM-ignoring or group-leaving tree, shell or proxy', async () => {
    const { sidecar, refs } = await startTrees(1);
    // Every tree really left the hook's group where it claims to: the kill cannot rely on the group alone.
    const escaped = refs.get('NewGroup')!.slice(1).map(groupOf);
    expect(escaped.every((g) => g !== undefined && g.pgid !== refs.get('NewGroup')![0]!.pid)).toBe(true);
    const answers = await Promise.all(TREES.map((tree) => sidecar.byId(tree.subject)));
    for (const answer of answers) {
      expect(answer).toMatchObject({ ok: true, outcome: { decision: 'none' } });
      expect(answer.runs![0]!.outcome.failure).toEqual({ class: 'timeout', message: expect.stringContaining('timed out') });
      expect(answer.runs![0]!.durationMs).toBeLessThan(15_000);
    }
    expect(await survivors(allOf(refs))).toEqual([]);
    expect(childrenOf(sidecar.pid)).toEqual([]);
  });

  it('cancel kills every process of each tree, answers canceled, and the sidecar keeps serving', async () => {
    const { sidecar, refs } = await startTrees();
    for (const tree of TREES) sidecar.send({ op: 'cancel', id: `cancel-${tree.subject}`, target: tree.subject });
    for (const tree of TREES) {
      expect(await sidecar.byId(`cancel-${tree.subject}`)).toEqual({ ok: true, id: `cancel-${tree.subject}` });
      expect(await sidecar.byId(tree.subject)).toEqual({ ok: false, id: tree.subject, error: 'canceled' });
    }
    expect(await survivors(allOf(refs))).toEqual([]);
    expect(childrenOf(sidecar.pid)).toEqual([]);
    expect(await sidecar.ask({ op: 'ping', id: 'after' })).toMatchObject({ ok: true, pong: true });
    expect(sidecar.violations).toEqual([]);
  });

  for (const [signal, code] of [
    ['SIGTERM', 143],
    ['SIGINT', 130],
    ['SIGHUP', 129],
  ] as const) {
    it(`${signal} answers every dispatch in flight canceled, kills every tree and exits ${code}`, async () => {
      const { sidecar, refs } = await startTrees();
      sidecar.child.kill(signal);
      expect(await sidecar.waitForExit(20_000)).toEqual({ code, signal: null });
      expect(sidecar.responses).toHaveLength(TREES.length);
      for (const tree of TREES) expect(sidecar.responses).toContainEqual({ ok: false, id: tree.subject, error: 'canceled' });
      expect(await survivors(allOf(refs))).toEqual([]);
      expect(sidecar.violations).toEqual([]);
    });
  }

  it('a broken stdout pipe cancels everything in flight and kills every tree', async () => {
    const { sidecar, refs } = await startTrees();
    sidecar.child.stdout.destroy();
    sidecar.send({ op: 'ping', id: 'into-the-void' });
    const exit = await sidecar.waitForExit(20_000);
    expect(exit.code).not.toBe(0);
    expect(exit.signal).toBeNull();
    expect(await survivors(allOf(refs))).toEqual([]);
  });

  it("the host's AbortSignal (library runtime) kills every tree of the aborted dispatches", async () => {
    const started = await writeTrees(undefined);
    const runtime = await createRuntime({ configPath: started.config, logger: silentLogger });
    try {
      const controllers = TREES.map(() => new AbortController());
      const dispatches = TREES.map((tree, i) =>
        runtime.dispatch('PreToolUse', { tool_name: tree.subject }, { signal: controllers[i]!.signal }).then(
          () => 'answered',
          (error: { code?: string }) => error.code,
        ),
      );
      const refs: ProcRef[] = [];
      for (const tree of TREES) refs.push(...(await readPids(started.pidFile(tree.subject), tree.pids)));
      for (const controller of controllers) controller.abort();
      expect(await Promise.all(dispatches)).toEqual(TREES.map(() => 'HOOKWIRE_CANCELED'));
      expect(await survivors(refs)).toEqual([]);
    } finally {
      await runtime.close();
    }
  });
});

