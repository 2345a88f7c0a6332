import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { quote, removeTempDirs, tempDir as makeTempDir } from '@hookwire/test-utils';
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

export async function runtimeOf(config: unknown, options: Omit<RuntimeOptions, 'config'> = {}): Promise<Runtime> {
  const runtime = await createRuntime({ config, logger: silentLogger, ...options });
  opened.push(runtime);
  return runtime;
}

export function tempDir(): Promise<string> {
  return makeTempDir('hookwire-runtime-');
}

export async function writeJson(dir: string, name: string, value: unknown): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, JSON.stringify(value));
  return path;
}

export async function cleanup(): Promise<void> {
  await Promise.all(opened.splice(0).map((r) => r.close()));
  await removeTempDirs();
}

/** A command hook that prints a JSON answer. */
export const say = (answer: unknown) => `printf '%s' ${quote(JSON.stringify(answer))}`;
