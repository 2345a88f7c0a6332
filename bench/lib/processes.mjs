// Child-process bookkeeping: every child is tracked and killed on exit; every wait is bounded.
import { spawn } from 'node:child_process';

const children = new Set();

/** `spawn`, remembering the child until it exits so that killAll() can end it. */
export function spawnTracked(command, args, options = {}) {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], ...options });
  children.add(child);
  child.once('exit', () => children.delete(child));
  child.once('error', () => children.delete(child));
  child.stdin?.on('error', () => {});
  return child;
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
 * A line-protocol client of a long-lived child (the sidecar, the floor echo, the spawner): it counts
 * answer lines as they arrive and keeps them only when asked to, so both sides of a figure pay the same.
 */
export class LineClient {
  constructor(name, command, args, { cwd, env } = {}) {
    this.name = name;
    this.child = spawnTracked(command, args, { cwd, env });
    this.lines = 0;
    this.keep = false;
    this.kept = [];
    this.partial = '';
    this.stderr = '';
    this.waiter = undefined;
    this.exited = new Promise((resolve) => this.child.once('exit', (code, signal) => resolve({ code, signal })));
    this.child.stderr.setEncoding('utf8').on('data', (t) => {
      this.stderr = (this.stderr + t).slice(-8000);
    });
    this.child.stdout.on('data', (chunk) => this.onData(chunk));
    this.child.once('exit', () => {
      const waiter = this.waiter;
      this.waiter = undefined;
      waiter?.reject(new Error(`${this.name} exited; stderr: ${this.stderr.slice(-2000)}`));
    });
  }

  onData(chunk) {
    if (this.keep) {
      const text = this.partial + chunk.toString('utf8');
      const parts = text.split('\n');
      this.partial = parts.pop();
      this.kept.push(...parts);
      this.lines += parts.length;
    } else {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) this.lines++;
    }
    if (this.waiter && this.lines >= this.waiter.target) {
      const { resolve } = this.waiter;
      this.waiter = undefined;
      resolve();
    }
  }

  until(target, timeoutMs = 120_000) {
    if (this.lines >= target) return Promise.resolve();
    if (this.child.exitCode !== null || this.child.signalCode !== null) return Promise.reject(new Error(`${this.name} is not running; stderr: ${this.stderr.slice(-2000)}`));
    return withTimeout(new Promise((resolve, reject) => (this.waiter = { target, resolve, reject })), timeoutMs, `${this.name}: waiting for answer ${target}`);
  }

  /** Writes `lines` and resolves with their answers, parsed (for checks, not for timing). */
  async ask(lines, timeoutMs) {
    this.keep = true;
    this.kept = [];
    try {
      const target = this.lines + lines.length;
      this.child.stdin.write(lines.join(''));
      await this.until(target, timeoutMs);
      return this.kept.slice(0, lines.length).map((line) => JSON.parse(line));
    } finally {
      this.keep = false;
      this.kept = [];
    }
  }

  /** Writes `text` (`count` requests) at once; milliseconds until the `count`-th answer. */
  async burst(text, count, timeoutMs) {
    const target = this.lines + count;
    const started = performance.now();
    this.child.stdin.write(text);
    await this.until(target, timeoutMs);
    return performance.now() - started;
  }

  /** `n` requests, each written once the previous one is answered; the mean (or `median`) ms per round trip. */
  async sequential(n, lineOf, { median = false, timeoutMs } = {}) {
    const times = [];
    for (let i = 0; i < n; i++) {
      const line = lineOf(i);
      const target = this.lines + 1;
      const started = performance.now();
      this.child.stdin.write(line);
      await this.until(target, timeoutMs);
      times.push(performance.now() - started);
    }
    if (median) {
      times.sort((a, b) => a - b);
      return times.length % 2 ? times[(times.length - 1) / 2] : (times[times.length / 2 - 1] + times[times.length / 2]) / 2;
    }
    return times.reduce((a, b) => a + b, 0) / n;
  }

  /** Ends stdin (after a `bye` request when asked) and waits for the exit; SIGKILL after `graceMs`. */
  async close({ bye = false, graceMs = 5000 } = {}) {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return this.exited;
    if (bye) this.child.stdin.write('{"op":"bye"}\n');
    this.child.stdin.end();
    try {
      return await withTimeout(this.exited, graceMs, `${this.name} exit`);
    } catch {
      this.child.kill('SIGKILL');
      return this.exited;
    }
  }
}
