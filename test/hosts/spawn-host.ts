import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';

/** How a host process ended, as every host runner reports it. */
export interface HostExit {
  /** The exit code; `null` when the process was killed by a signal. */
  exitCode: number | null;
  /** Whether the harness killed the run at its timeout. */
  timedOut: boolean;
  stdout: string;
  stderr: string;
  /** From spawning the host until it exited. */
  durationMs: number;
}

/** The caller's variables a host run keeps: the search path and locale, nothing else. */
export function inheritHostEnv(): Record<string, string> {
  return Object.fromEntries(
    ['PATH', 'LANG', 'LC_ALL', 'TZ'].flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name]]])),
  ) as Record<string, string>;
}

/** What a host that reads commands on stdin (pi's RPC mode) is sent, and when its stdin is closed (which ends such a host). */
export interface HostInput {
  /** Written once the host is spawned. */
  text: string;
  /** Stdin is closed as soon as this holds of stdout so far. */
  endWhen: (stdout: string) => boolean;
}

/**
 * Spawns a host in its own process group with no stdin (or with `input`, written and then held
 * open until its `endWhen`), so a timeout (and the end of the run) kills its whole tree: no hook or
 * tool it left behind survives the run. With `stopWhen`, the group is also killed as soon as stdout
 * matches it.
 */
export function spawnHost(
  program: string,
  args: string[],
  options: { cwd: string; env: Record<string, string>; timeoutMs: number; stopWhen?: RegExp; input?: HostInput },
): Promise<HostExit> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(program, args, { cwd: options.cwd, env: options.env, detached: true, stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] }) as ChildProcessByStdio<Writable | null, Readable, Readable>;
    const input = options.input;
    if (input !== undefined && child.stdin !== null) {
      child.stdin.on('error', () => {});
      child.stdin.write(input.text);
    }
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const killGroup = (): void => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // The group is already gone.
      }
    };
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (input !== undefined && child.stdin?.writableEnded === false && input.endWhen(stdout)) child.stdin.end();
      // A host that does not exit by itself (an interactive UI) ends when its output says it is done.
      if (options.stopWhen?.test(stdout) === true) killGroup();
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, options.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    let durationMs = 0;
    child.on('exit', () => {
      durationMs = performance.now() - started;
    });
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      killGroup();
      resolve({ exitCode, timedOut, stdout, stderr, durationMs });
    });
  });
}
