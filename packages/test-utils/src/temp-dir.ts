import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made: string[] = [];

/** Makes a fresh folder under the system's temp folder; {@link removeTempDirs} removes it. */
export async function tempDir(prefix = 'hookwire-test-'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Removes one folder {@link tempDir} made, before the others (a folder that one run or one test owns). */
export async function removeTempDir(dir: string): Promise<void> {
  const at = made.indexOf(dir);
  if (at !== -1) made.splice(at, 1);
  await rm(dir, { recursive: true, force: true });
}

/** Removes every folder {@link tempDir} made so far (in this test file's module instance). */
export async function removeTempDirs(): Promise<void> {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}
