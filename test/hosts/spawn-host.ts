import { spawn } from 'node:child_process';

/** How a host process ended. */
export interface HostExit {
  /** The exit code; `null` when the process was killed by a signal. */
  exitCode: number | null;
  /** Whether the harness killed the run at `timeoutMs`. */
  timedOut: boolean;
  stdout: string;
  stderr: string;
  /** From spawning the host until it exited. */
  durationMs: number;
}

/** PATH and the locale of the caller, and nothing else of its environment: a developer's own host setup or keys never leak into a run. */
export function inheritBaseEnv(): Record<string, string> {
  return Object.fromEntries(
    ['PATH', 'LANG', 'LC_ALL', 'TZ'].flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name]]])),
  ) as Record<string, string>;
}

/**
 * Spawns a host binary in its own process group with stdin closed, so a timeout (and the end of
 * the run) kills its whole tree: no hook or tool it left behind survives the run.
 */
export function spawnHost(binary: string, args: string[], options: { cwd: string; env: Record<string, string>; timeoutMs: number }): Promise<HostExit> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(binary, args, { cwd: options.cwd, env: options.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const killGroup = (): void => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // The group is already gone.
      }
    };
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
      // Hooks or tools left behind by the run die with it.
      killGroup();
      resolve({ exitCode, timedOut, stdout, stderr, durationMs });
    });
  });
}
