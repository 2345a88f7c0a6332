import { ConfigError, renderOutcome, type CanonicalEvent } from '@hookwire/contract';
import { createRuntime, type Logger, type Runtime } from '@hookwire/runtime';
import { renderBridgeFailure } from './failure.js';

import { BRIDGE_DEPTH_VAR, readBridgeDepth } from './depth.js';
import { parseBridgePayload, readBridgeInput } from './payload.js';
import { formatDiagnostics } from '../format.js';
import { onStopSignals, STOP_SIGNALS, type StopSignal } from '../stop-signals.js';

interface WritableText {
  write(chunk: string, callback?: (error?: Error | null) => void): unknown;
}

export interface BridgeOptions {
  configPaths: string[];
  dialect: 'claude';
  /** Render an `allow` on PreToolUse as `permissionDecision: "allow"` (it also skips Claude Code's permission prompt). */
  passAllow: boolean;
  /** What a failure of the bridge itself becomes: exit 1 (`warn`), or exit 2 where that blocks (`block`). */
  onError: 'warn' | 'block';
  /** Bounds the whole run, reading stdin included; hooks still running then are cut like timeouts. Default: no bound. */
  budgetMs?: number;
  /** Observe every hook (a dry run): hooks run and show in the log, but the answer is that of no hooks. */
  observe?: boolean;
  /** Where the runtime's warnings go (hook failures, dropped fields); nothing is logged on a clean run. */
  logger: Logger;
  /** The environment the bridge reads its depth marker from and hands to hooks; default `process.env`. */
  env?: Record<string, string | undefined>;
  /** Default `process.stdin`. */
  stdin?: AsyncIterable<Buffer | string>;
  /** Default `process.stdout`. */
  stdout?: WritableText;
  /** Default `process.stderr`. */
  stderr?: WritableText;
}

/** Writes `text` and waits for it to be flushed; `stream` is called only when there is something to write (process.stdout and process.stderr are made on first use). */
function writeAll(stream: () => WritableText, text: string): Promise<void> {
  if (text === '') return Promise.resolve();
  return new Promise((resolve) => {
    stream().write(text, () => resolve());
  });
}

function describeStartFailure(error: unknown): string {
  if (error instanceof ConfigError && error.code === 'HOOKWIRE_CONFIG_INVALID') {
    const { diagnostics } = error;
    return `cannot load the config: ${error.message}\n${diagnostics.length > 0 ? formatDiagnostics(diagnostics) : ''}`;
  }
  return `cannot load the config: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * `hookwire run`: reads one hook payload from stdin as Claude Code sends it, runs every configured
 * hook of its event through the runtime, and answers in Claude Code's response form (exit code and
 * stdout JSON). Returns the exit code. Events hookwire does not know, and payloads without
 * `hook_event_name`, are answered with silence (exit 0). A bridge started inside a bridge's own
 * hook (`HOOKWIRE_BRIDGE_DEPTH` set) exits 0 at once without running anything.
 */
export async function runBridge(options: BridgeOptions): Promise<number> {
  const env = options.env ?? process.env;
  const stdout = () => options.stdout ?? process.stdout;
  const stderr = () => options.stderr ?? process.stderr;
  const fail = async (event: CanonicalEvent | undefined, message: string) => {
    const failure = renderBridgeFailure(event, message, options.onError);
    await writeAll(stderr, failure.stderr);
    return failure.exitCode;
  };

  const depth = readBridgeDepth(env);
  if (depth >= 1) {
    await writeAll(stderr, `hookwire run: ${BRIDGE_DEPTH_VAR}=${env[BRIDGE_DEPTH_VAR]}: already inside a hookwire bridge; not running any hook\n`);
    return 0;
  }

  const startedAt = performance.now();
  let text: string;
  try {
    text = await readBridgeInput(options.stdin ?? process.stdin, options.budgetMs);
  } catch (error) {
    return fail(undefined, `cannot read the hook payload from stdin: ${(error as Error).message}`);
  }
  const parsed = parseBridgePayload(text, options.dialect);
  if (!parsed.ok) return fail(undefined, parsed.message);
  const { event, payload } = parsed;
  if (event === undefined) return 0;

  let runtime: Runtime;
  try {
    runtime = await createRuntime({
      configPath: options.configPaths,
      logger: options.logger,
      env: { ...env, [BRIDGE_DEPTH_VAR]: String(depth + 1) },
      ...(options.observe === true ? { observe: true } : {}),
    });
  } catch (error) {
    return fail(event, describeStartFailure(error));
  }

  const controller = new AbortController();
  let stoppedBy: StopSignal | undefined;
  const stopListening = onStopSignals((signal) => {
    stoppedBy = signal;
    controller.abort();
  });
  try {
    const result = await runtime.dispatch(parsed.eventName ?? event, payload, {
      ...(typeof payload.cwd === 'string' && payload.cwd !== '' ? { cwd: payload.cwd } : {}),
      signal: controller.signal,
      // The budget bounds the whole run: what reading stdin and loading the config took is spent.
      ...(options.budgetMs === undefined ? {} : { budgetMs: Math.max(0, options.budgetMs - (performance.now() - startedAt)) }),
    });
    const response = renderOutcome(options.dialect, result.canonical, result.outcome, { passAllow: options.passAllow });
    await writeAll(stdout, response.stdout);
    return response.exitCode;
  } catch (error) {
    if (stoppedBy !== undefined) {
      await writeAll(stderr, `hookwire run: received ${stoppedBy}; every running hook was killed\n`);
      return STOP_SIGNALS[stoppedBy];
    }
    return fail(event, `the dispatch failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    stopListening();
    await runtime.close();
  }
}
