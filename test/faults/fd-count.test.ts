import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fdCount, readPids, settleFdCount, startSidecar, writeConfig } from './harness.js';
import { command, dispatchOf, TREES, writeTrees } from './trees.js';

afterEach(cleanup);

describe('file descriptors', () => {
  it('killing trees on timeout and cancel, and settling held pipes, leaves the sidecar with the fds it had', async () => {
    const started = await writeTrees(1);
    const holder = join(started.dir, 'holder.pids');
    const config = await writeConfig(started.dir, {
      proxy: { command: command('fork-deep.sh', started.pidFile('AgentTree'), '3') },
      hooks: [
        ...TREES.map((tree) => ({ id: tree.subject, event: 'PreToolUse', matcher: tree.subject, timeout: 1, ...tree.hook(started.pidFile(tree.subject)) })),
        { id: 'holder', event: 'PreToolUse', matcher: 'Holder', type: 'command', command: command('hold-stream.sh', holder, 'stdout') },
        { id: 'canceled', event: 'PreToolUse', matcher: 'Canceled', type: 'command', command: 'sleep 60' },
      ],
    }, 'fds.json');
    const sidecar = startSidecar(config);
    const round = async (n: number) => {
      const ids = [...TREES.map((t) => t.subject), 'Holder', 'Canceled'].map((subject) => ({ ...dispatchOf(subject), id: `${subject}-${n}` }));
      for (const request of ids) sidecar.send(request);
      await new Promise((resolve) => setTimeout(resolve, 300));
      sidecar.send({ op: 'cancel', target: `Canceled-${n}` });
      return Promise.all(ids.map((request) => sidecar.byId(request.id)));
    };
    await round(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const baseline = fdCount(sidecar.pid);
    for (let n = 1; n <= 2; n++) await round(n);
    await readPids(holder, 3);
    expect(await settleFdCount(sidecar.pid, baseline)).toBe(baseline);
    expect(fdCount(sidecar.pid)).toBe(baseline);
    expect(sidecar.violations).toEqual([]);
  });
});
