import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LineClient, removeTempDirs, tempDir as makeTempDir } from '@hookwire/test-utils';
import { fileURLToPath } from 'node:url';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

/** The built hookwire executable: the package's `bin`, the bundle scripts/bundle-bin.mjs writes. */
export const HOOKWIRE = join(PACKAGE_DIR, (JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')) as { bin: { hookwire: string } }).bin.hookwire);

/** The library entry, which still runs the CLI when started directly (`node lib/index.js listen`, ARCHITECTURE §12). */
export const LIB_ENTRY = join(PACKAGE_DIR, 'lib/index.js');

export interface RunEnd {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node <entry> ...args` with `input` on stdin to its end. */
export function runToEnd(entry: string, args: string[], input = '', cwd?: string): Promise<RunEnd> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [entry, ...args], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** A running `hookwire` driven through its real stdin and stdout. */
export type Sidecar = LineClient;

const started: Sidecar[] = [];

export function tempDir(): Promise<string> {
  return makeTempDir('hookwire-sidecar-');
}

export async function writeConfig(dir: string, config: unknown, name = 'hookwire.json'): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, JSON.stringify(config));
  return path;
}

/** Starts the built `hookwire ...args`, killed by {@link cleanupSidecars}. */
export function startSidecar(args: string[], env: NodeJS.ProcessEnv = process.env): Sidecar {
  const sidecar = new LineClient(process.execPath, [HOOKWIRE, ...args], { name: 'hookwire', env });
  started.push(sidecar);
  return sidecar;
}

export async function cleanupSidecars(): Promise<void> {
  await Promise.all(started.splice(0).map((sidecar) => sidecar.kill()));
  await removeTempDirs();
}

/** Whether a process is gone (or only a zombie awaiting its parent). */
export async function isGone(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  try {
    const stat = await import('node:fs/promises').then((fs) => fs.readFile(`/proc/${pid}/stat`, 'utf8'));
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}

/** Runs the real `hookwire` executable to completion: its exit code and output. */
export function runHookwire(args: string[], options: { input?: string; cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [HOOKWIRE, ...args], { stdio: ['pipe', 'pipe', 'pipe'], cwd: options.cwd, env: options.env ?? process.env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}
