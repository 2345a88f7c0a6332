import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Every file of a project outside node_modules, path → bytes: what init may change and uninstall must give back. */
export async function snapshotProject(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name).slice(dir.length + 1);
    if (entry.isFile() && !path.startsWith('node_modules/')) files[path] = await readFile(join(dir, path), 'latin1');
  }
  return files;
}
