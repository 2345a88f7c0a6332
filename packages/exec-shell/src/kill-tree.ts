import { setTimeout as sleep } from 'node:timers/promises';
import treeKill from 'tree-kill';
import { isProcessAlive, readProcessTable, selectTree, type ProcessEntry } from './process-table.js';
import { nowMs } from '@hookwire/contract';

const POLL_INTERVAL_MS = 25;
/** How long to wait, after SIGKILL, for the kernel to finish the processes off. */
const KILL_CONFIRM_MS = 1000;

/**
 * Kills the process tree of `pid`, which leads its own process group (spawned `detached`).
 *
 * POSIX: the tree is collected first (group members and descendants by parent pid, so that children
 * which left the group are reached before their killed parents re-parent them), then the group and
 * the collected pids get SIGTERM; whatever is still alive after `graceMs` (collected again, plus new
 * descendants) gets SIGKILL. Resolves once everything is gone, or, bounded, after SIGKILL was sent.
 * Windows: `taskkill /T /F` through tree-kill.
 */
export async function killProcessTree(pid: number, graceMs: number): Promise<void> {
  if (process.platform === 'win32') return killWindowsTree(pid);
  const first = selectTree((await readProcessTable()) ?? [], pid);
  signalTree(pid, first, 'SIGTERM');
  if (await waitForTreeExit(pid, first, graceMs)) return;
  const second = selectTree((await readProcessTable()) ?? [], pid, first);
  signalTree(pid, second, 'SIGKILL');
  await waitForTreeExit(pid, second, KILL_CONFIRM_MS);
}

function signalTree(pid: number, entries: readonly ProcessEntry[], signal: NodeJS.Signals): void {
  sendSignal(-pid, signal);
  for (const entry of entries) if (entry.pgid !== pid) sendSignal(entry.pid, signal);
}

function sendSignal(target: number, signal: NodeJS.Signals): void {
  try {
    process.kill(target, signal);
  } catch {
    // ESRCH: already gone. EPERM: out of our reach; nothing more can be done about it.
  }
}

async function waitForTreeExit(pid: number, known: readonly ProcessEntry[], withinMs: number): Promise<boolean> {
  const deadline = nowMs() + withinMs;
  while (nowMs() < deadline) {
    await sleep(Math.min(POLL_INTERVAL_MS, Math.max(1, deadline - nowMs())));
    if (!(await isTreeAlive(pid, known))) return true;
  }
  return false;
}

/**
 * Polls only the known pids and the group: the whole table is read again only for the SIGKILL pass.
 * A group that outlives every known member holds new members (or zombies about to be reaped): the
 * tree counts as alive, and the SIGKILL pass collects them.
 */
async function isTreeAlive(pid: number, known: readonly ProcessEntry[]): Promise<boolean> {
  for (const entry of known) if (await isProcessAlive(entry)) return true;
  return groupExists(pid);
}

function groupExists(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function killWindowsTree(pid: number): Promise<void> {
  return new Promise((resolve) => treeKill(pid, 'SIGKILL', () => resolve()));
}
