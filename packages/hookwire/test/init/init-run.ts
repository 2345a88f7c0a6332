import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runClean, type Exit } from '@hookwire/test-utils';
import { HOOKWIRE } from '../sidecar.js';

/** The real executable, in `cwd`, with no host variable and no user config leaking in. */
export function hookwire(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}, stdin = ''): Promise<Exit> {
  return runClean(process.execPath, [HOOKWIRE, ...args], { cwd, userConfigHome: join(cwd, '.no-user-config'), env, stdin });
}

/** Every file under a folder, relative path → bytes. */
export async function snapshot(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files[join(entry.parentPath, entry.name).slice(dir.length + 1)] = await readFile(join(entry.parentPath, entry.name), 'latin1');
  }
  return files;
}

/** What `hookwire check` prints for one valid project config found in the directory it ran in. */
export function projectConfigOk(dir: string): string {
  return `loaded 1 config layer, in order (hooks run in this order; a later layer's settings win):\n  1. project  ${join(dir, '.hookwire.json')}  (the project layer: .hookwire.json in the current directory)\nconfig OK: no problems found\n`;
}
