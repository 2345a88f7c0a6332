import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Outcome as FoldOutcome } from '@hookwire/fold';
import { startServe, type ServeProcess } from '../../packages/hookwire/test/serve/serve-process.js';
import { findClosedPort, LineClient, quote, startTestServer, tempDir as makeTempDir, removeTempDirs, type ProcessExit as Exit, type Received } from '@hookwire/test-utils';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI_PACKAGE = join(ROOT, 'packages/hookwire');
/**
 * The `hookwire` executable users run: the package's declared `bin` (the bundle scripts/bundle-bin.mjs
 * writes), so every promise this suite proves is proven of what ships, not of the library entry.
 */
export const HOOKWIRE = join(CLI_PACKAGE, (JSON.parse(readFileSync(join(CLI_PACKAGE, 'package.json'), 'utf8')) as { bin: { hookwire: string } }).bin.hookwire);
/** This suite's own fixture scripts. */
export const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));

/** The absolute path of a fixture, single-quoted for a shell command line. */
export function fixture(name: string): string {
  return quote(join(FIXTURES, name));
}

export { quote };

/** The outcome object of ARCHITECTURE §7, as the fold package defines it. */
export type Outcome = FoldOutcome;

export interface Run {
  hook: string;
  kind: string;
  outcome: {
    decision?: string;
    reason?: string;
    warnings: string[];
    additionalContext?: string[];
    failure?: { class: string; message: string };
    [key: string]: unknown;
  };
  durationMs: number;
  exitCode?: number;
  status?: number;
  onError?: string;
}

export interface Response {
  ok: boolean;
  id?: unknown;
  error?: string;
  canonical?: string;
  outcome?: Outcome;
  runs?: Run[];
  [key: string]: unknown;
}

export type { Exit };

/** A running `hookwire listen`, driven through its real stdin and stdout. */
export type Sidecar = LineClient<Response>;

const cleanups: (() => Promise<void> | void)[] = [];
const recorded: ProcRef[] = [];

/** Registers something the next {@link cleanup} undoes (servers, sidecars, folders, stray processes). */
export function onCleanup(undo: () => Promise<void> | void): void {
  cleanups.push(undo);
}

/** Stops every sidecar and server, kills every recorded process still alive, removes temp folders. */
export async function cleanup(): Promise<void> {
  for (const undo of cleanups.splice(0).reverse()) {
    try {
      await undo();
    } catch {
      // Cleanup is best effort; the tests themselves assert.
    }
  }
  // Every process a test saw is killed if it still runs: a failed test must not leak processes.
  for (const ref of recorded.splice(0)) if (isAlive(ref)) process.kill(ref.pid, 'SIGKILL');
}

export async function tempDir(prefix = 'hookwire-faults-'): Promise<string> {
  const dir = await makeTempDir(prefix);
  onCleanup(removeTempDirs);
  return dir;
}

export async function writeConfig(dir: string, config: unknown, name = 'hookwire.json'): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, JSON.stringify(config, null, 2));
  return path;
}

/** Starts `hookwire listen` on the given config file(s). */
export function startSidecar(config: string | string[], options: { env?: NodeJS.ProcessEnv; args?: string[]; cwd?: string } = {}): Sidecar {
  const configs = (typeof config === 'string' ? [config] : config).flatMap((path) => ['--config', path]);
  const sidecar = new LineClient<Response>(process.execPath, [HOOKWIRE, 'listen', ...configs, ...(options.args ?? [])], { name: 'hookwire', env: options.env ?? process.env, ...(options.cwd === undefined ? {} : { cwd: options.cwd }) });
  onCleanup(() => sidecar.kill());
  return sidecar;
}

/** `hookwire listen` and `hookwire serve` on one config, started alike (environment, working directory), both stopped at cleanup. */
export async function startListenAndServe(config: string, options: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): Promise<{ sidecar: Sidecar; server: ServeProcess }> {
  const sidecar = startSidecar(config, options);
  const server = await startServe(['--config', config], options.env, options.cwd === undefined ? {} : { cwd: options.cwd });
  onCleanup(async () => {
    await server.stop();
  });
  return { sidecar, server };
}

/** The JSON log lines the sidecar wrote to stderr. */
export function logLines(stderr: string): Record<string, unknown>[] {
  return stderr
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
}

/** A process as seen once: its pid and its start time, which tells it from a later process reusing the pid. */
export interface ProcRef {
  pid: number;
  start: string;
}

function readStat(pid: number): { state: string; ppid: number; pgid: number; sid: number; start: string } | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'latin1');
  } catch {
    return undefined;
  }
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0]!, ppid: Number(fields[1]), pgid: Number(fields[2]), sid: Number(fields[3]), start: fields[19]! };
}

/** Whether the process still runs: not gone, not a zombie, not a later process that reused its pid. */
export function isAlive(ref: ProcRef): boolean {
  const stat = readStat(ref.pid);
  return stat !== undefined && stat.state !== 'Z' && stat.state !== 'X' && stat.start === ref.start;
}

/** The process group and session of a live process. */
export function groupOf(ref: ProcRef): { pgid: number; sid: number; ppid: number } | undefined {
  const stat = readStat(ref.pid);
  return stat && stat.start === ref.start ? { pgid: stat.pgid, sid: stat.sid, ppid: stat.ppid } : undefined;
}


/** Reads a file of pids (one a line) until it holds `count`, and records each process. */
export async function readPids(file: string, count: number, timeoutMs = 20_000): Promise<ProcRef[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // Read synchronously: some tests hold every libuv threadpool thread on purpose.
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      // Not written yet.
    }
    const pids = text.split('\n').filter((line) => /^\d+$/.test(line.trim())).map(Number);
    if (pids.length >= count) {
      const refs = pids.map((pid) => ({ pid, start: readStat(pid)?.start ?? 'gone' }));
      recorded.push(...refs);
      return refs;
    }
    if (Date.now() > deadline) throw new Error(`${file} holds ${pids.length} of ${count} pids after ${timeoutMs} ms: ${JSON.stringify(text)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The processes of `refs` still alive after waiting up to `withinMs` for them to go. */
export async function survivors(refs: readonly ProcRef[], withinMs = 0): Promise<ProcRef[]> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const alive = refs.filter(isAlive);
    if (alive.length === 0 || Date.now() >= deadline) return alive;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The direct children of a process (from `/proc`). */
export function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readStat(Number(name));
    if (stat && stat.ppid === pid && stat.state !== 'Z') children.push(Number(name));
  }
  return children;
}

/** How many file descriptors a process holds. */
export function fdCount(pid: number): number {
  return readdirSync(`/proc/${pid}/fd`).length;
}

/** A process's resident set size in KiB (`VmRSS`). */
export function rssKiB(pid: number): number {
  const match = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) : Number.NaN;
}

/** Waits until the process's fd count is `expected` (or the time is up) and returns the last count. */
export async function settleFdCount(pid: number, expected: number, withinMs = 10_000): Promise<number> {
  const deadline = Date.now() + withinMs;
  let count = fdCount(pid);
  while (count !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    count = fdCount(pid);
  }
  return count;
}

function socketInodes(pid: number): Set<string> {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match) inodes.add(match[1]!);
    } catch {
      // The fd closed between the listing and the readlink.
    }
  }
  return inodes;
}

function readTable(path: string): string[][] {
  try {
    return readFileSync(path, 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields.length > 1);
  } catch {
    return [];
  }
}

/**
 * The sockets of a process that accept connections or datagrams from others: TCP sockets in LISTEN,
 * bound UDP sockets and listening Unix sockets, read from `/proc/<pid>/fd` and `/proc/<pid>/net/*`.
 */
export function openPorts(pid: number): string[] {
  const inodes = socketInodes(pid);
  const found: string[] = [];
  for (const table of ['tcp', 'tcp6']) {
    for (const fields of readTable(`/proc/${pid}/net/${table}`)) {
      if (inodes.has(fields[9]!) && fields[3] === '0A') found.push(`${table} LISTEN ${fields[1]}`);
    }
  }
  for (const table of ['udp', 'udp6']) {
    for (const fields of readTable(`/proc/${pid}/net/${table}`)) {
      if (inodes.has(fields[9]!)) found.push(`${table} bound ${fields[1]}`);
    }
  }
  for (const fields of readTable(`/proc/${pid}/net/unix`)) {
    const flags = Number.parseInt(fields[3] ?? '0', 16);
    if (inodes.has(fields[6]!) && (flags & 0x10000) !== 0) found.push(`unix LISTEN ${fields[7] ?? '(anonymous)'}`);
  }
  return found;
}

export type RecordedRequest = Received;

export interface TestServer {
  url: string;
  port: number;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** Starts an HTTP server on 127.0.0.1, port 0 (closed at cleanup); `handle` answers each request after its body was read. */
export async function startServer(handle: (request: RecordedRequest, response: ServerResponse, socket: Socket) => void): Promise<TestServer> {
  const server = await startTestServer((request, response) => handle(request, response, request.socket), { path: '' });
  const close = () => server.close();
  onCleanup(close);
  return { url: server.url, port: server.port, requests: server.received, close };
}

/** A port on 127.0.0.1 that nothing listens on (it was bound, then released). */
export const closedPort = findClosedPort;

/** Runs `hookwire ...args` to completion, never rejecting. */
export function runHookwire(args: string[], options: { input?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [HOOKWIRE, ...args],
      { env: options.env ?? process.env, timeout: options.timeoutMs ?? 30_000, killSignal: 'SIGKILL', maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
        resolve({ code, stdout, stderr });
      },
    );
    child.stdin?.on('error', () => {});
    child.stdin?.end(options.input ?? '');
  });
}

/** Elapsed wall-clock milliseconds since `start` (from `performance.now()`). */
export function since(start: number): number {
  return performance.now() - start;
}

/** A `hookwire` process started by {@link spawnHookwire}. */
export interface Spawned {
  readonly child: ChildProcessWithoutNullStreams;
  /** The process's exit (the `exit` event: it does not wait for stdout to be read). */
  readonly exited: Promise<Exit>;
  /** The exit, or `'still running'` after `withinMs`. */
  waitForExit(withinMs: number): Promise<Exit | 'still running'>;
  /** What the process wrote to stdout so far, when stdout is read (`collectStdout`). */
  stdout(): string;
  stderr(): string;
}

/**
 * Starts `hookwire ...args` outside any bridge (no `HOOKWIRE_BRIDGE_DEPTH`), killed at cleanup if
 * still running. stdout is collected unless `collectStdout` is false (then nobody reads it).
 */
export function spawnHookwire(args: string[], options: { collectStdout?: boolean } = {}): Spawned {
  const env = { ...process.env };
  delete env.HOOKWIRE_BRIDGE_DEPTH;
  const child = spawn(process.execPath, [HOOKWIRE, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  if (options.collectStdout !== false) child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdin.on('error', () => {});
  let exit: Exit | undefined;
  const exited = new Promise<Exit>((resolve) => child.on('exit', (code, signal) => resolve((exit = { code, signal }))));
  onCleanup(async () => {
    if (exit === undefined) {
      child.kill('SIGKILL');
      await exited;
    }
  });
  return {
    child,
    exited,
    waitForExit: (withinMs) => Promise.race([exited, new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), withinMs))]),
    stdout: () => stdout,
    stderr: () => stderr,
  };
}
