// Child-process bookkeeping: every child is tracked and killed on exit; every wait is bounded.
import { spawn } from 'node:child_process';
import { LineClient } from '@hookwire/test-utils';

const children = new Set();

/** `spawn`, remembering the child until it exits so that killAll() can end it. */
export function spawnTracked(command, args, options = {}) {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], ...options });
  trackChild(child);
  return child;
}

/** Remembers a child until it exits so that killAll() can end it. */
export function trackChild(child) {
  children.add(child);
  child.once('exit', () => children.delete(child));
  child.once('error', () => children.delete(child));
  child.stdin?.on('error', () => {});
}

/** SIGKILLs every child still running (on the way out, or after a failure). */
export function killAll() {
  for (const child of children) {
    try {
      child.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
  children.clear();
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    killAll();
    process.exit(130);
  });
}
process.once('exit', killAll);

/** Rejects with "<what> timed out after N ms" unless `promise` settles first. */
export function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Spawns, writes `input` (if any) and ends stdin, and resolves once the child has exited and its pipes closed. */
export function runToClose(command, args, { input, cwd, env, timeoutMs = 60_000 } = {}) {
  return withTimeout(
    new Promise((resolve, reject) => {
      const child = spawnTracked(command, args, { cwd, env });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (t) => (stdout += t));
      child.stderr.setEncoding('utf8').on('data', (t) => (stderr += t));
      child.once('error', reject);
      child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
      child.stdin.end(input);
    }),
    timeoutMs,
    `${command} ${args.join(' ')}`,
  );
}

/** Milliseconds from spawn to the first complete stdout line, `input` written at once; then stdin is ended and the exit awaited (not timed). */
export function timeFirstLine(command, args, input, { cwd, timeoutMs = 60_000 } = {}) {
  return withTimeout(
    new Promise((resolve, reject) => {
      const started = performance.now();
      const child = spawnTracked(command, args, { cwd });
      let elapsed;
      let stderr = '';
      child.stdout.on('data', (chunk) => {
        if (elapsed === undefined && chunk.includes(10)) {
          elapsed = performance.now() - started;
          child.stdin.end();
        }
      });
      child.stderr.setEncoding('utf8').on('data', (t) => (stderr += t));
      child.once('error', reject);
      child.once('close', (code) => {
        if (elapsed === undefined) reject(new Error(`${command} exited (${code}) before its first line; stderr: ${stderr.slice(-2000)}`));
        else resolve(elapsed);
      });
      child.stdin.write(input);
    }),
    timeoutMs,
    `first line of ${args.join(' ')}`,
  );
}

/**
 * A line-protocol client of a long-lived child (the sidecar, the floor echo, the spawner): the one of
 * @hookwire/test-utils, counting answer lines as they arrive and keeping them only for an `exchange`,
 * so both sides of a figure pay the same. Tracked like every child.
 */
export function startLineClient(name, command, args, { cwd, env } = {}) {
  return new LineClient(command, args, { name, cwd, env, record: false, stderrTail: 8000, track: trackChild });
}
