import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import {
  elapsedMs,
  execResult,
  interpretResponse,
  OptionError,
  sleep,
  startDeadline,
  type AbortCause,
  type ExecFlags,
  type ExecRequest,
  type ExecResult,
  type Executor,
  type Failure,
  type ProcessEnd,
  nowMs,
} from '@hookwire/contract';
import { captureOutput, type Capture } from './capture.js';
import { buildEnvironment } from './environment.js';
import { killProcessTree } from './kill-tree.js';
import { describeSpawnError } from './spawn-error.js';
import { describeStartFailure } from './start-failure.js';

/** A command handler as the shell executor runs it. */
export interface ShellHook {
  /** Run by the platform shell as written (`sh -c` on POSIX, `cmd.exe /d /s /c` on Windows). */
  command: string;
  /** Extra environment variables, on top of the request's base environment. */
  env?: Record<string, string>;
  /** Read an exit-0 stdout object with an `ok` field as an oracle answer (proxy handlers). */
  acceptOracleForm?: boolean;
}

/** The executor result of a command handler, with what it wrote (each stream capped). */
export interface ShellResult extends ExecResult {
  kind: 'shell';
  stdout: string;
  stderr: string;
}

export interface ShellExecutorOptions {
  /** Bytes kept per stream (stdout, stderr); the rest is read and dropped. Default 1 MiB. */
  maxOutputBytes?: number;
  /** After a timeout or cancel, how long SIGTERM has before SIGKILL. Default 1000 ms. */
  killGraceMs?: number;
  /** After the direct child exited, how long to wait for stdout/stderr held open by background processes. Default 250 ms. */
  settleGraceMs?: number;
  /** The shell to run commands with instead of the platform shell; it must accept `-c` (POSIX) or `/d /s /c` (Windows). */
  shell?: string;
}

/** Runs command handlers; `run` never rejects. */
export interface ShellExecutor extends Executor<ShellHook> {
  readonly kind: 'shell';
  run(hook: ShellHook, request: ExecRequest): Promise<ShellResult>;
}

interface Settings {
  maxOutputBytes: number;
  killGraceMs: number;
  settleGraceMs: number;
  shell: string | true;
  shellName: string;
}

interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

const IS_WINDOWS = process.platform === 'win32';
/** After the tree was killed, how long to wait for the direct child's exit to be reported. */
const EXIT_REPORT_MS = 1000;

/** Creates the executor of command handlers (ARCHITECTURE §5, §6, §8). */
export function createShellExecutor(options: ShellExecutorOptions = {}): ShellExecutor {
  const settings = resolveSettings(options);
  return {
    kind: 'shell',
    run: (hook, request) => runShellHook(hook, request, settings).catch((error: unknown) => finishWithInternalError(request, error)),
    close: () => Promise.resolve(),
  };
}

async function runShellHook(hook: ShellHook, request: ExecRequest, settings: Settings): Promise<ShellResult> {
  const envWarnings: string[] = [];
  const result = await startAndRun(hook, request, settings, envWarnings);
  if (envWarnings.length > 0) result.result.warnings.unshift(...envWarnings);
  return result;
}

async function startAndRun(hook: ShellHook, request: ExecRequest, settings: Settings, envWarnings: string[]): Promise<ShellResult> {
  const startedAt = nowMs();
  if (request.signal?.aborted === true) return finishWithoutProcess(request, startedAt, CANCELED, { canceled: true });

  // node:child_process directly: the executor does its own capture, timeout, tree kill and settle,
  // and execa's per-process machinery measured 1.13× a bare spawn on this path (docs/performance.md).
  let subprocess: ChildProcessWithoutNullStreams;
  try {
    subprocess = spawn(hook.command, {
      shell: settings.shell,
      cwd: request.cwd,
      env: buildEnvironment(request, hook.env, envWarnings),
      detached: !IS_WINDOWS,
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
    });
  } catch (error) {
    return finishWithoutProcess(request, startedAt, spawnFailure(error, settings, request), { spawnFailed: true });
  }
  const pid = subprocess.pid;
  if (pid === undefined) {
    const [error] = (await once(subprocess, 'error')) as [unknown];
    return finishWithoutProcess(request, startedAt, spawnFailure(error, settings, request), { spawnFailed: true });
  }
  // A hook that never reads its stdin closes the pipe under us (EPIPE): that is its business.
  subprocess.on('error', () => {});
  subprocess.stdin.on('error', () => {});
  subprocess.stdin.end(request.input);

  const stdout = captureOutput(subprocess.stdout, settings.maxOutputBytes);
  const stderr = captureOutput(subprocess.stderr, settings.maxOutputBytes);
  const streamsClosed = Promise.all([stdout.closed, stderr.closed]);
  let exit: ProcessExit | undefined;
  const exited = new Promise<'exit'>((resolve) =>
    subprocess.once('exit', (code, signal) => {
      exit = { code, signal };
      resolve('exit');
    }),
  );

  // One deadline for the timeout and the caller's signal; one controller stops every grace wait.
  const deadline = startDeadline(request.timeoutMs, request.signal);
  const waits = new AbortController();
  try {
    if ((await Promise.race([exited, deadline.fired])) === 'exit') {
      deadline.stopClock();
      if (!stdout.isClosed || !stderr.isClosed) {
        const settled = await Promise.race([streamsClosed, sleep(settings.settleGraceMs, waits.signal), deadline.fired]);
        if (settled === 'canceled') await killProcessTree(pid, settings.killGraceMs);
      }
    } else {
      await killProcessTree(pid, settings.killGraceMs);
      await Promise.race([exited, sleep(EXIT_REPORT_MS, waits.signal)]);
    }
    await closeStreams(stdout, stderr);
  } finally {
    waits.abort();
    deadline.dispose();
  }
  const interrupt = deadline.cause;

  const stdoutText = stdout.text();
  const stderrText = stderr.text();
  // An exit the shell reports for a hook that never ran (127 not found, 126 not executable, ...) is a spawn failure.
  const notStarted = interrupt === undefined && exit?.code != null ? describeStartFailure(exit.code, stderrText) : undefined;
  const failure = interruptFailure(interrupt, request) ?? signalFailure(exit) ?? (notStarted === undefined ? undefined : { class: 'spawn' as const, message: notStarted });
  const end: ProcessEnd =
    failure !== undefined ? { type: 'failed', failure } : { type: 'exit', code: exit?.code ?? Number.NaN };
  const result = interpretResponse({
    end,
    stdout: stdoutText,
    stderr: stderrText,
    eventName: request.eventName,
    dialect: request.dialect,
    event: request.canonical,
    stdoutTruncated: stdout.truncated,
    acceptOracleForm: hook.acceptOracleForm === true,
  });
  const flags: ExecFlags = {
    timedOut: interrupt === 'timeout',
    canceled: interrupt === 'canceled',
    outputTruncated: stdout.truncated || stderr.truncated,
    spawnFailed: notStarted !== undefined,
  };
  if (exit?.code != null) flags.exitCode = exit.code;
  if (exit?.signal != null) flags.signal = exit.signal;
  return { ...execResult('shell', result, elapsedMs(startedAt), flags), stdout: stdoutText, stderr: stderrText };
}

const CANCELED: Failure = { class: 'canceled', message: 'canceled' };

function interruptFailure(interrupt: AbortCause | undefined, request: ExecRequest): Failure | undefined {
  if (interrupt === 'timeout') return { class: 'timeout', message: `timed out after ${request.timeoutMs} ms` };
  if (interrupt === 'canceled') return CANCELED;
  return undefined;
}

function signalFailure(exit: ProcessExit | undefined): Failure | undefined {
  if (exit?.signal != null) return { class: 'spawn', message: `terminated by ${exit.signal}` };
  return undefined;
}

function spawnFailure(error: unknown, settings: Settings, request: ExecRequest): Failure {
  return { class: 'spawn', message: describeSpawnError(error, { shell: settings.shellName, cwd: request.cwd }) };
}

function finishWithoutProcess(
  request: ExecRequest,
  startedAt: number,
  failure: Failure,
  flags: Pick<ExecFlags, 'canceled' | 'spawnFailed'>,
): ShellResult {
  const result = interpretResponse({ end: { type: 'failed', failure }, stdout: '', stderr: '', eventName: request.eventName });
  return { ...execResult('shell', result, elapsedMs(startedAt), flags), stdout: '', stderr: '' };
}

/** The last resort for a bug in this package: still a result, never a rejection. */
function finishWithInternalError(request: ExecRequest, error: unknown): ShellResult {
  const message = error instanceof Error ? error.message : String(error);
  return finishWithoutProcess(request, nowMs(), { class: 'spawn', message: `internal error: ${message}` }, {});
}

/** Closes both streams; open ones get one more poll of pending output first, then are destroyed. */
async function closeStreams(stdout: Capture, stderr: Capture): Promise<void> {
  if (stdout.isClosed && stderr.isClosed) return;
  await new Promise<void>((resolve) => setImmediate(resolve));
  stdout.destroy();
  stderr.destroy();
  await Promise.all([stdout.closed, stderr.closed]);
}

function resolveSettings(options: ShellExecutorOptions): Settings {
  const shell = options.shell ?? true;
  if (shell !== true && (typeof shell !== 'string' || shell === '')) throw invalidOption('shell', 'a non-empty string', shell);
  return {
    maxOutputBytes: readNonNegative(options, 'maxOutputBytes', 1024 * 1024),
    killGraceMs: readNonNegative(options, 'killGraceMs', 1000),
    settleGraceMs: readNonNegative(options, 'settleGraceMs', 250),
    shell,
    shellName: shell === true ? platformShell() : shell,
  };
}

function platformShell(): string {
  return IS_WINDOWS ? (process.env.ComSpec ?? 'cmd.exe') : '/bin/sh';
}

function readNonNegative(options: ShellExecutorOptions, key: 'maxOutputBytes' | 'killGraceMs' | 'settleGraceMs', fallback: number): number {
  const value = options[key];
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw invalidOption(key, 'a non-negative integer', value);
  return value;
}

function invalidOption(key: string, expected: string, received: unknown): OptionError {
  return new OptionError('HOOKWIRE_OPTION_INVALID', `createShellExecutor: option "${key}" must be ${expected}, received ${JSON.stringify(received) ?? String(received)}`);
}
