import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { removeTempDirs, tempDir } from '@hookwire/test-utils';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { killProcessTree } from '../src/kill-tree.js';
import { fixture, isGoneOrZombie, killPids, readPids, waitUntil } from './support.js';

const posix = process.platform !== 'win32';
let dir: string;
let files = 0;
const started: number[] = [];

beforeAll(async () => {
  dir = await tempDir('kill-tree-');
});

afterEach(() => {
  killPids(started.splice(0));
});

afterAll(removeTempDirs);

/** Starts a fixture in its own process group, as the executor does, and waits for its pids. */
async function startFixture(script: string, args: string[], pidCount: number): Promise<{ child: ChildProcess; pids: number[] }> {
  files += 1;
  const pidFile = join(dir, `pids-${files}`);
  const child = spawn(fixture(script), args, { detached: true, stdio: 'ignore', env: { ...process.env, PID_FILE: pidFile } });
  started.push(child.pid!);
  expect(await waitUntil(() => readPids(pidFile).length === pidCount)).toBe(true);
  const pids = readPids(pidFile);
  started.push(...pids);
  return { child, pids };
}

describe.skipIf(!posix)('killProcessTree', () => {
  it('kills a group of nested background processes with SIGTERM', async () => {
    const { child, pids } = await startFixture('fork-tree.sh', ['3'], 6);
    const exited = new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    await killProcessTree(child.pid!, 5000);
    expect(pids.filter((pid) => !isGoneOrZombie(pid))).toEqual([]);
    expect(await exited).toBe('SIGTERM');
  });

  it('resolves only after SIGKILL reached processes that ignore SIGTERM', async () => {
    const { child, pids } = await startFixture('ignore-term.sh', [], 2);
    await killProcessTree(child.pid!, 200);
    expect(pids.filter((pid) => !isGoneOrZombie(pid))).toEqual([]);
  });

  it('reaches, by pid collected before signalling, processes that left the group and ignore SIGTERM', async () => {
    const { child, pids } = await startFixture('leave-group.sh', [], 3);
    await killProcessTree(child.pid!, 200);
    expect(pids.filter((pid) => !isGoneOrZombie(pid))).toEqual([]);
  });

  it('leaves processes outside the tree alone', async () => {
    const stranger = spawn('sleep', ['30'], { detached: true, stdio: 'ignore' });
    started.push(stranger.pid!);
    const { child } = await startFixture('fork-tree.sh', ['1'], 2);
    await killProcessTree(child.pid!, 1000);
    expect(isGoneOrZombie(stranger.pid!)).toBe(false);
  });

  it('returns for a tree that is already gone', async () => {
    const child = spawn('true', [], { detached: true, stdio: 'ignore' });
    await new Promise((resolve) => child.once('exit', resolve));
    await expect(killProcessTree(child.pid!, 1000)).resolves.toBeUndefined();
  });
});
