import { ConfigError, HookwireError, nowMs, resolveEventIn, type DialectName } from '@hookwire/contract';
import { auditFailureRecordOf, createRuntime, LAYER_LEFT_OUT, subscribeAuditLog, type Logger, type Runtime } from '@hookwire/runtime';
import { answerHost, auditLogPlace, defaultAuditLogPath, AUDIT_CLOSE_MS, AUDIT_LOG_MAX_BYTES, BRIDGE_DEPTH_VAR, onStopSignals, openAuditFile, readBridgeDepth, STOP_SIGNALS, type AuditFile, type StopSignal } from '@hookwire/session';
import { hasHookwireAncestor } from './ancestry.js';
import { renderBridgeFailure, type FailureContext } from './failure.js';
import { parseBridgePayload, readBridgeInput, sniffBridgePayload } from './payload.js';
import { bundleRevisionOf, locateConfig, locateOrgConfig } from '../config-location.js';
import { formatDiagnostics } from '../format.js';
import { startTelemetryExport, type StopTelemetryExport } from '@hookwire/otlp';
import { VERSION } from '../version.js';

/** How long the bridge waits, at its end, for its spans to be exported: a collector that is down must not hold the host. */
const TRACE_FLUSH_MS = 1_000;

interface WritableText {
  write(chunk: string, callback?: (error?: Error | null) => void): unknown;
}

export interface BridgeOptions {
  /** The `--config` files; without them the config is looked up (`locateConfig`): never from the payload. */
  configPaths?: string[];
  /** `--org-config`: the organisation's layer, else `$HOOKWIRE_ORG_CONFIG`, else the cached bundle (`locateOrgConfig`). */
  orgConfigPath?: string;
  /** The host's dialect: how the payload is read and the answer written. */
  dialect: DialectName;
  /** The host's name of the event, for hosts whose payload does not name it (Copilot CLI's camelCase payloads). */
  eventName?: string;
  /** Render an `allow` on PreToolUse as `permissionDecision: "allow"` (it also skips Claude Code's permission prompt). */
  passAllow: boolean;
  /** What a failure of the bridge itself becomes: a `systemMessage` on exit 0 (`warn`), or exit 2 where that blocks (`block`); see failure.ts. */
  onError: 'warn' | 'block';
  /** A problem found before the bridge started (its command line): reported as a failure of the bridge on every event it handles, and no hook runs. */
  problem?: string;
  /**
   * Appends one audit record per event (as `listen --log` does), or the failure the user was shown.
   * Without it, the config's `auditLog` names the place (rotated past its size); a failure before
   * the config is read goes to the default place when that file exists (the config had turned it on).
   */
  logPath?: string;
  /** Leave payloads out of the audit records (such a log cannot be replayed). */
  logOmitsPayloads?: boolean;
  /** Bounds the whole run, reading stdin included; hooks still running then are cut like timeouts. Default: no bound. */
  budgetMs?: number;
  /** Observe every hook (a dry run): hooks run and show in the log, but the answer is that of no hooks. */
  observe?: boolean;
  /** Where the runtime's warnings go (hook failures, dropped fields); nothing is logged on a clean run. */
  logger: Logger;
  /** Whether a hookwire process runs above this one, which the depth marker claims (`hasHookwireAncestor`; undefined: cannot tell, the marker is believed). */
  hasBridgeAbove?: () => boolean | undefined;
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

/** The stable code an audit line gives a failure: the error's own, or `HOOKWIRE_INTERNAL` for one without. */
function codeOf(error: unknown): string {
  return error instanceof HookwireError ? error.code : 'HOOKWIRE_INTERNAL';
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
 * stdout JSON). Returns the exit code. Events hookwire does not know are answered with silence
 * (exit 0); a payload that names no event (no `hook_event_name`, no `--event`) is a bridge
 * failure. A bridge started inside a bridge's own hook (`HOOKWIRE_BRIDGE_DEPTH` set) exits 0 at
 * once without running anything. The bridge's own failures — `problem` (its command line), the config, the payload, the dispatch — run no hook and
 * are answered by `renderBridgeFailure`: never silent, never exit 2 unless `onError` is `block`.
 */
export async function runBridge(options: BridgeOptions): Promise<number> {
  const env = options.env ?? process.env;
  const stdout = () => options.stdout ?? process.stdout;
  const stderr = () => options.stderr ?? process.stderr;
  // The answer is written first; the audit line after it, waited for at most AUDIT_CLOSE_MS:
  // a log path that blocks (a FIFO nobody reads) costs the host nothing but that wait.
  let auditFile: AuditFile | undefined;
  // Where the lines go: --log, else the config's auditLog once the config is read (`undefined` until then).
  let place: { path: string; payloads: boolean; maxBytes?: number } | false | undefined = options.logPath === undefined ? undefined : { path: options.logPath, payloads: options.logOmitsPayloads !== true };
  const appendAudit = async (line: string) => {
    if (line === '') return;
    // A failure before the config is read: the default place, if the config had turned it on before (the file is there).
    if (place === undefined) {
      const path = defaultAuditLogPath(env);
      place = process.getBuiltinModule('node:fs').existsSync(path) ? { path, payloads: false, maxBytes: AUDIT_LOG_MAX_BYTES } : false;
    }
    if (place === false) return;
    auditFile ??= openAuditFile(place.path, options.logger, place.maxBytes === undefined ? {} : { maxBytes: place.maxBytes, createFolder: true });
    auditFile.write(line);
    await auditFile.close(AUDIT_CLOSE_MS);
  };
  // A failure of the bridge is a v1 line of its own (docs/audit-log.md): replay counts it and skips it.
  const fail = async (context: FailureContext & { eventName: string | undefined; cwd?: string }, code: string, message: string) => {
    const failure = renderBridgeFailure(context, message, options.onError, options.dialect);
    const record = auditFailureRecordOf({
      ...(context.eventName === undefined ? {} : { event: context.eventName }),
      ...(context.event === undefined ? {} : { canonical: context.event }),
      dialect: options.dialect,
      ...(context.cwd === undefined ? {} : { cwd: context.cwd }),
      error: { code, message: failure.notice },
    });
    await writeAll(stdout, failure.stdout);
    await writeAll(stderr, failure.stderr);
    await appendAudit(`${JSON.stringify(record)}\n`);
    return failure.exitCode;
  };

  let depth = readBridgeDepth(env);
  if (depth >= 1) {
    // The marker stops a hook's own bridge from recursing; set from outside (a host's project
    // settings `env`, which the agent can write), it would switch every guard off: it counts only
    // when a hookwire process really runs above this one.
    if ((options.hasBridgeAbove ?? hasHookwireAncestor)() !== false) {
      await writeAll(stderr, `hookwire run: ${BRIDGE_DEPTH_VAR}=${env[BRIDGE_DEPTH_VAR]}: already inside a hookwire bridge; not running any hook\n`);
      return 0;
    }
    options.logger.warn(`${BRIDGE_DEPTH_VAR}=${env[BRIDGE_DEPTH_VAR]} is set, but no hookwire process runs above this bridge: it was set from outside (a host's settings "env"?), so it is ignored and the hooks run`);
    depth = 0;
  }

  const startedAt = nowMs();
  const unknown = { event: undefined, eventName: undefined, stopHookActive: undefined };
  let text: string;
  try {
    text = await readBridgeInput(options.stdin ?? process.stdin, options.budgetMs);
  } catch (error) {
    return fail(unknown, 'HOOKWIRE_BAD_PAYLOAD', `cannot read the hook payload from stdin: ${(error as Error).message}`);
  }
  const parsed = parseBridgePayload(text, options.dialect, options.eventName);
  if (!parsed.ok) {
    // What can still be read of it decides the event: one hookwire does not handle stays silence.
    const sniffed = sniffBridgePayload(text);
    const eventName = sniffed.eventName ?? options.eventName;
    const resolved = resolveEventIn(options.dialect, eventName);
    if (eventName !== undefined && resolved === undefined) return 0;
    return fail({ ...sniffed, eventName, event: resolved }, 'HOOKWIRE_BAD_PAYLOAD', parsed.message);
  }
  const { event, payload } = parsed;
  if (event === undefined) {
    // An event hookwire does not know (a host's newer one) is not hookwire's to answer: silence.
    if (parsed.eventName !== undefined) return 0;
    // A payload that names no event at all would run nothing: said, never silent (fail closed under --on-error block).
    return fail(
      { ...unknown, ...(typeof payload.cwd === 'string' ? { cwd: payload.cwd } : {}) },
      'HOOKWIRE_BAD_PAYLOAD',
      `the hook payload names no event: it has no hook_event_name and no --event was given${options.dialect === 'claude' ? '' : ` (a ${options.dialect} hook whose payload does not name its event needs --event NAME)`}`,
    );
  }
  const context = {
    event,
    eventName: parsed.eventName,
    stopHookActive: typeof payload.stop_hook_active === 'boolean' ? payload.stop_hook_active : undefined,
    ...(typeof payload.cwd === 'string' ? { cwd: payload.cwd } : {}),
  };
  if (options.problem !== undefined) return fail(context, 'HOOKWIRE_USAGE', options.problem);

  let runtime: Runtime;
  let bundle: string | undefined;
  try {
    const orgConfigPath = locateOrgConfig({ orgExplicit: options.orgConfigPath, explicit: options.configPaths, env });
    runtime = await createRuntime({
      // With an organisation layer, no user or project config is needed: its hooks run alone.
      configPath: locateConfig({ explicit: options.configPaths, env, allowNone: orgConfigPath.length > 0 }),
      ...(orgConfigPath.length > 0 ? { orgConfigPath } : {}),
      logger: options.logger,
      env: { ...env, [BRIDGE_DEPTH_VAR]: String(depth + 1) },
      ...(options.observe === true ? { observe: true } : {}),
      // One event, then exit: nothing else runs while the config is read.
      blockingConfigReads: true,
    });
    place ??= auditLogPlace(runtime.auditLog, env) ?? false;
    // Read only when there is an audit line to put it in.
    if (place !== false) bundle = bundleRevisionOf(orgConfigPath);
  } catch (error) {
    return fail(context, codeOf(error), describeStartFailure(error));
  }
  // A lower layer left out under the organisation's: its hooks did not load, and that is said on every event.
  for (const diagnostic of runtime.diagnostics) {
    if (diagnostic.message.startsWith(LAYER_LEFT_OUT)) options.logger.warn(`a config layer is broken and left out: ${diagnostic.file ?? 'config'}#${diagnostic.path}: ${diagnostic.message.slice(LAYER_LEFT_OUT.length)}`);
  }

  // Traces and decision logs are exported only when the OTEL_* environment asks for it; the SDK is not even loaded otherwise.
  let stopTraces: StopTelemetryExport | undefined;
  try {
    stopTraces = await startTelemetryExport({ env, logger: options.logger, runtime, flushTimeoutMs: TRACE_FLUSH_MS, serviceVersion: VERSION });
  } catch (error) {
    options.logger.error('cannot start exporting traces and logs', { error: error instanceof Error ? error.message : String(error) });
  }
  const controller = new AbortController();
  let stoppedBy: StopSignal | undefined;
  const stopListening = onStopSignals((signal) => {
    stoppedBy = signal;
    controller.abort();
  });
  // The dispatch's audit record is the one listen and serve write (v1, docs/audit-log.md), from the runtime's dispatch:end.
  const records: string[] = [];
  const unsubscribeAudit = place === false ? undefined : subscribeAuditLog({ runtime, write: (line) => records.push(line), payloads: place.payloads, ...(bundle === undefined ? {} : { bundle }) });
  try {
    const response = await answerHost(runtime, options.dialect, parsed, {
      signal: controller.signal,
      passAllow: options.passAllow,
      // The budget bounds the whole run: what reading stdin and loading the config took is spent.
      ...(options.budgetMs === undefined ? {} : { budgetMs: Math.max(0, options.budgetMs - (nowMs() - startedAt)) }),
    });
    unsubscribeAudit?.();
    await writeAll(stdout, response.stdout);
    if (response.stderr !== undefined) await writeAll(stderr, response.stderr);
    await appendAudit(records.splice(0).join(''));
    return response.exitCode;
  } catch (error) {
    if (stoppedBy !== undefined) {
      await writeAll(stderr, `hookwire run: received ${stoppedBy}; every running hook was killed\n`);
      return STOP_SIGNALS[stoppedBy];
    }
    return fail(context, codeOf(error), `the dispatch failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    unsubscribeAudit?.();
    stopListening();
    await runtime.close();
    await stopTraces?.();
  }
}
