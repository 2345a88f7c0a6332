import { spawn, type ChildProcess, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The built `hookwire` executable as shipped: the `bin` the package declares. */
export const HOOKWIRE_BIN = fileURLToPath(
  new URL(`../../${(JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { bin: { hookwire: string } }).bin.hookwire}`, import.meta.url),
);

export interface ServeProcess {
  readonly child: ChildProcessWithoutNullStreams;
  /** `http://HOST:PORT`, from the first stdout line. */
  readonly url: string;
  stdout(): string;
  stderr(): string;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends SIGTERM and waits for the exit. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running = new Set<ChildProcess>();

/** Where a serve starts: its working directory, and the executable (default {@link HOOKWIRE_BIN}). */
export interface ServeStart {
  cwd?: string;
  bin?: string;
}

/** Starts the real `hookwire serve ARGS` and waits for its `listening on` line. Rejects with its stderr if it exits first. */
export function startServe(args: string[], env: NodeJS.ProcessEnv = process.env, start: ServeStart = {}): Promise<ServeProcess> {
  const base = { ...env };
  delete base.HOOKWIRE_BRIDGE_DEPTH;
  const child = spawn(process.execPath, [start.bin ?? HOOKWIRE_BIN, 'serve', ...args], { env: base, cwd: start.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
  running.add(child);
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    }),
  );
  return new Promise((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const before = stdout;
      stdout += chunk;
      if (before.includes('\n') || !stdout.includes('\n')) return;
      const match = /^hookwire serve listening on (http:\/\/\S+)\n/.exec(stdout);
      if (!match) return reject(new Error(`unexpected first stdout line: ${JSON.stringify(stdout)}`));
      resolve({
        child,
        url: match[1]!,
        stdout: () => stdout,
        stderr: () => stderr,
        exited,
        async stop() {
          child.kill('SIGTERM');
          return exited;
        },
      });
    });
    void exited.then((exit) => reject(new Error(`hookwire serve exited (${exit.code ?? exit.signal}) before listening: ${stderr}`)));
  });
}

/** Runs `hookwire serve ARGS` expecting it to refuse to start: its exit and stderr. */
export async function refusedServe(args: string[], env: NodeJS.ProcessEnv = process.env, start: ServeStart = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [start.bin ?? HOOKWIRE_BIN, 'serve', ...args], { env, cwd: start.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const guard = setTimeout(() => child.kill('SIGKILL'), 20_000);
  const code = await new Promise<number | null>((resolve) => child.on('exit', (exitCode) => resolve(exitCode)));
  clearTimeout(guard);
  running.delete(child);
  return { code, stdout, stderr };
}

/** Kills every serve a test started and left running. */
export async function killServes(): Promise<void> {
  for (const child of [...running]) {
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

export interface HttpAnswer {
  status: number;
  headers: Headers;
  text: string;
  json(): Record<string, unknown>;
}

/** One HTTP request with fetch: the status, headers and body text. */
export async function request(url: string, init: RequestInit = {}): Promise<HttpAnswer> {
  const response = await fetch(url, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) as Record<string, unknown> };
}

/** POSTs a JSON body (a string is sent as it is). */
export function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<HttpAnswer> {
  return request(url, { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
}
