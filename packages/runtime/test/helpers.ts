import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRuntime, silentLogger, type Logger, type Runtime, type RuntimeOptions } from '../src/index.js';

/** A logger that remembers what it was told. */
export function recordingLogger(): Logger & { entries: { level: string; message: string; fields?: Record<string, unknown> }[] } {
  const entries: { level: string; message: string; fields?: Record<string, unknown> }[] = [];
  return {
    entries,
    warn: (message, fields) => entries.push({ level: 'warn', message, ...(fields ? { fields } : {}) }),
    error: (message, fields) => entries.push({ level: 'error', message, ...(fields ? { fields } : {}) }),
  };
}

const opened: Runtime[] = [];
const dirs: string[] = [];

export async function runtimeOf(config: unknown, options: Omit<RuntimeOptions, 'config'> = {}): Promise<Runtime> {
  const runtime = await createRuntime({ config, logger: silentLogger, ...options });
  opened.push(runtime);
  return runtime;
}

export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'hookwire-runtime-'));
  dirs.push(dir);
  return dir;
}

export async function writeJson(dir: string, name: string, value: unknown): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, JSON.stringify(value));
  return path;
}

export async function cleanup(): Promise<void> {
  await Promise.all(opened.splice(0).map((r) => r.close()));
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
}

/** A command hook that prints a JSON answer. */
export const say = (answer: unknown) => `printf '%s' '${JSON.stringify(answer).replaceAll("'", "'\\''")}'`;
