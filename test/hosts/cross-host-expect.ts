import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { GUARD_REASON, SAFETY_NET_REASON } from './cross-host-hooks.js';
import { isAlive } from './process-alive.js';
import type { HostExit } from './spawn-host.js';

// The assertions every host's cross-host tests make, on what that host showed the model.

export function expectCleanExit(run: HostExit): void {
  expect({ exitCode: run.exitCode, timedOut: run.timedOut }).toEqual({ exitCode: 0, timedOut: false });
}

/** The blocked call's text holds both guards' reasons, the example guard's first (config order). */
export function expectBothDenials(shown: string): void {
  expect(shown).toContain(GUARD_REASON);
  expect(shown).toContain(SAFETY_NET_REASON);
  expect(shown.indexOf(GUARD_REASON)).toBeLessThan(shown.indexOf(SAFETY_NET_REASON));
}

/**
 * The slow hook's process and its grandchild are gone: the check command the model ran next
 * (`checkOutput`, while the host still ran) found neither alive, and neither is alive now.
 */
export async function expectTreeKilled(project: string, checkOutput: string): Promise<void> {
  const pids = await Promise.all(['child.pid', 'grandchild.pid'].map(async (file) => Number(await readFile(join(project, file), 'utf8'))));
  expect(checkOutput).toContain('checked-pids');
  expect(checkOutput).not.toContain('alive');
  expect(pids.map(isAlive)).toEqual([false, false]);
}
