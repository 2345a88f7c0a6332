import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Writes `config` as JSON to `dir/name` (default `hookwire.json`) and returns the path. */
export async function writeConfig(dir: string, config: unknown, name = 'hookwire.json'): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, JSON.stringify(config));
  return path;
}
