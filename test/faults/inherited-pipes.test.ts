import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, groupOf, isAlive, readPids, since, startSidecar, survivors, tempDir, writeConfig } from './harness.js';
import { command } from './trees.js';

afterEach(cleanup);

describe('inherited pipes', () => {
  for (const stream of ['stdout', 'stderr'] as const) {
    it(`a hook that exits while a grandchild holds its ${stream} is answered within the settle grace; the grandchild is not its business to kill`, async () => {
      const dir = await tempDir();
      const pids = join(dir, 'holder.pids');
      const sidecar = startSidecar(
        await writeConfig(dir, { hooks: [{ id: 'holder', event: 'PreToolUse', type: 'command', command: command('hold-stream.sh', pids, stream), timeout: 20 }] }),
      );
      const start = performance.now();
      const answer = await sidecar.ask({ op: 'dispatch', id: 1, event: 'PreToolUse', payload: { tool_name: 'Bash' } });
      const elapsed = since(start);
      const [holder] = await readPids(pids, 1);
      expect(answer.outcome).toMatchObject({ decision: 'allow', reason: 'held' });
      expect(answer.runs![0]!.outcome.failure).toBeUndefined();
      // The holder sleeps 30 s; the documented grace is 250 ms. 5 s is a bound for a loaded machine.
      expect(elapsed).toBeLessThan(5_000);
      expect(answer.runs![0]!.durationMs).toBeLessThan(5_000);
      expect(isAlive(holder!)).toBe(true);
    });
  }

  it('the documented limit: a grandchild that setsid()s and is re-parented before the timeout outlives the kill', async () => {
    const dir = await tempDir();
    const pids = join(dir, 'hook.pids');
    const escapedFile = join(dir, 'escaped.pids');
    const sidecar = startSidecar(
      await writeConfig(dir, { hooks: [{ event: 'PreToolUse', type: 'command', command: command('escape.sh', pids, escapedFile), timeout: 1 }] }),
    );
    sidecar.send({ op: 'dispatch', id: 1, event: 'PreToolUse', payload: { tool_name: 'Bash' } });
    const hook = await readPids(pids, 2);
    const [escaped] = await readPids(escapedFile, 1);
    const group = groupOf(escaped!);
    expect(group?.sid).toBe(group?.pgid);
    expect(hook.some((ref) => ref.pid === group?.ppid)).toBe(false);
    expect((await sidecar.byId(1)).runs![0]!.outcome.failure?.class).toBe('timeout');
    expect(await survivors(hook)).toEqual([]);
    expect(isAlive(escaped!)).toBe(true);
  });
});

