import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The absolute path of a fixture script in the repository's `test/fixtures/`. */
export function fixture(name: string): string {
  return fileURLToPath(new URL(`../../../test/fixtures/${name}`, import.meta.url));
}

export { quote, waitUntil } from '@hookwire/test-utils';

/** The pids a fixture wrote to its pid file, one per line. */
export function readPids(file: string): number[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map(Number);
}

/** Whether the process is gone or a zombie: it runs no more. */
export function isGoneOrZombie(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}

/** Kills, by pid, processes a test left running on purpose. */
export function killPids(pids: readonly number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}
