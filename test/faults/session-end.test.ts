import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, since, startSidecar, survivors, tempDir, writeConfig } from './harness.js';
import { allOf, startTrees, TREES } from './trees.js';

afterEach(cleanup);

describe('the end of a session', () => {
  for (const ending of ['bye', 'end of stdin'] as const) {
    it(`after ${ending}, dispatches in flight are answered within their timeouts, then hookwire exits 0 with no process left`, async () => {
      const { sidecar, refs } = await startTrees(1);
      const start = performance.now();
      if (ending === 'bye') sidecar.send({ op: 'bye', id: 'bye' });
      else sidecar.child.stdin.end();
      expect(await sidecar.waitForExit(20_000)).toEqual({ code: 0, signal: null });
      expect(since(start)).toBeLessThan(15_000);
      const answered = sidecar.responses.filter((r) => r.id !== 'bye');
      expect(answered.map((r) => r.id).sort()).toEqual(TREES.map((t) => t.subject).sort());
      for (const answer of answered) expect(answer.runs![0]!.outcome.failure?.class).toBe('timeout');
      if (ending === 'bye') expect(sidecar.responses.at(-1)).toEqual({ ok: true, id: 'bye' });
      expect(await survivors(allOf(refs))).toEqual([]);
    });
  }

  it('bye lets a slow hook finish inside its timeout and delivers its deny', async () => {
    const dir = await tempDir();
    const sidecar = startSidecar(await writeConfig(dir, { hooks: [{ event: 'Stop', type: 'command', command: 'sleep 0.5; echo slow no >&2; exit 2', timeout: 20 }] }));
    sidecar.send({ op: 'dispatch', id: 1, event: 'Stop', payload: {} });
    sidecar.send({ op: 'dispatch', event: 'Stop', payload: {} });
    sidecar.send({ op: 'bye' });
    expect(await sidecar.waitForExit(20_000)).toEqual({ code: 0, signal: null });
    expect(sidecar.responses).toHaveLength(3);
    expect(sidecar.responses.slice(0, 2).map((r) => r.outcome?.decision)).toEqual(['deny', 'deny']);
    expect(sidecar.responses[2]).toEqual({ ok: true });
  });
});

