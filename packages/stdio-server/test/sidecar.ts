import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { removeTempDirs, tempDir as makeTempDir } from '@hookwire/test-utils';
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

export interface Sidecar {
  child: ChildProcessWithoutNullStreams;
  /** Every stdout line, parsed, in arrival order. */
  responses: Record<string, unknown>[];
  /** Raw stdout, to prove it carries protocol lines only. */
  stdout(): string;
  stderr(): string;
  send(line: string | Record<string, unknown>): void;
  /** Resolves with the first response matching, waiting for it to arrive. */
  next(count?: number): Promise<Record<string, unknown>[]>;
  byId(id: unknown): Promise<Record<string, unknown>>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const started: Sidecar[] = [];

export function tempDir(): Promise<string> {
  return makeTempDir('hookwire-sidecar-');
}

export async function writeConfig(dir: string, config: unknown, name = 'hookwire.json'): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, JSON.stringify(config));
  return path;
}

export function startSidecar(args: string[], env: NodeJS.ProcessEnv = process.env): Sidecar {
  const child = spawn(process.execPath, [HOOKWIRE, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  let partial = '';
  const responses: Record<string, unknown>[] = [];
  const waiters: (() => void)[] = [];
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    out += chunk;
    partial += chunk;
    const lines = partial.split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) responses.push(JSON.parse(line) as Record<string, unknown>);
    for (const wake of waiters.splice(0)) wake();
  });
  child.stderr.on('data', (chunk: string) => (err += chunk));
  child.stdin.on('error', () => {});
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => {
      for (const wake of waiters.splice(0)) wake();
      resolve({ code, signal });
    }),
  );
  const until = async (ready: () => boolean) => {
    while (!ready()) {
      if (child.exitCode !== null || child.signalCode !== null) {
        if (ready()) return;
        throw new Error(`hookwire exited (${child.exitCode ?? child.signalCode}); stderr: ${err}`);
      }
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  let consumed = 0;
  const sidecar: Sidecar = {
    child,
    responses,
    stdout: () => out,
    stderr: () => err,
    send(line) {
      child.stdin.write(`${typeof line === 'string' ? line : JSON.stringify(line)}\n`);
    },
    async next(count = 1) {
      await until(() => responses.length >= consumed + count);
      const batch = responses.slice(consumed, consumed + count);
      consumed += count;
      return batch;
    },
    async byId(id) {
      await until(() => responses.some((r) => r.id === id));
      return responses.find((r) => r.id === id)!;
    },
    exited,
  };
  started.push(sidecar);
  return sidecar;
}

export async function cleanupSidecars(): Promise<void> {
  for (const sidecar of started.splice(0)) {
    if (sidecar.child.exitCode === null && sidecar.child.signalCode === null) {
      sidecar.child.kill('SIGKILL');
      await sidecar.exited;
    }
  }
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
