import { cp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { removeTempDirs, tempDir } from '@hookwire/test-utils';

const HOOKS = fileURLToPath(new URL('./fixtures/bridge/hooks', import.meta.url));

/** A temp folder holding a copy of the fixture hook scripts (`$HOOKWIRE_CONFIG_DIR/hooks/...`) and the given config. */
export async function project(config: unknown, prefix = 'hookwire-bridge-'): Promise<{ dir: string; config: string }> {
  const dir = await tempDir(prefix);
  await cp(HOOKS, join(dir, 'hooks'), { recursive: true });
  const path = join(dir, 'hookwire.json');
  await writeFile(path, typeof config === 'string' ? config : JSON.stringify(config, null, 2));
  return { dir, config: path };
}

/** Removes every folder {@link project} made (and any other temp folder of the test). */
export async function removeProjects(): Promise<void> {
  await removeTempDirs();
}

/** A command hook running the fixture `answer.sh EXIT STDOUT STDERR`. */
export function answer(event: string, exit: number, stdout = '', stderr = '', extra: Record<string, unknown> = {}): Record<string, unknown> {
  const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;
  return { event, type: 'command', command: `sh "$HOOKWIRE_CONFIG_DIR/hooks/answer.sh" ${exit} ${quote(stdout)} ${quote(stderr)}`, ...extra };
}
