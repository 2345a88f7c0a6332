import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, readPids, since, spawnHookwire, survivors, tempDir, writeConfig } from './harness.js';
import { command } from './trees.js';

afterEach(cleanup);

describe('signals end hookwire within the grace, whatever the host does', () => {
  it('SIGTERM ends the sidecar within the grace while the host reads none of its 20,000 answers', async () => {
    const dir = await tempDir();
    const config = await writeConfig(dir, { hooks: [] });
    // stdout is never read: the pipe fills, and the sidecar's answers queue behind it.
    const sidecar = spawnHookwire(['listen', '--config', config], { collectStdout: false });
    const pings = Array.from({ length: 20_000 }, (_, i) => `{"op":"ping","id":${i}}\n`).join('');
    await new Promise<void>((resolve) => sidecar.child.stdin.write(pings, () => resolve()));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const start = performance.now();
    sidecar.child.kill('SIGTERM');
    // The grace is 5 s; a few more cover a loaded machine.
    expect(await sidecar.waitForExit(12_000)).toEqual({ code: 143, signal: null });
    expect(since(start)).toBeLessThan(12_000);
  });

  for (const [signal, code] of [
    ['SIGTERM', 143],
    ['SIGINT', 130],
    ['SIGHUP', 129],
  ] as const) {
    it(`${signal} to hookwire run kills every running hook's tree (TERM-ignoring included) and exits ${code}`, async () => {
      const dir = await tempDir();
      const pidFile = join(dir, 'pids');
      const config = await writeConfig(dir, { hooks: [{ event: 'PreToolUse', type: 'command', command: command('ignore-term.sh', pidFile) }] });
      const bridge = spawnHookwire(['run', '--config', config]);
      bridge.child.stdin.end(`${JSON.stringify({ hook_event_name: 'PreToolUse', cwd: dir, tool_name: 'Bash', tool_input: {} })}\n`);
      const refs = await readPids(pidFile, 4);
      bridge.child.kill(signal);
      expect(await bridge.waitForExit(20_000)).toEqual({ code, signal: null });
      expect(bridge.stdout()).toBe('');
      expect(bridge.stderr()).toContain(`received ${signal}; every running hook was killed`);
      expect(await survivors(refs)).toEqual([]);
    });
  }
});
