import type { AddressInfo } from 'node:net';
import { ConfigError } from '@hookwire/contract';
import { createRuntime, type Logger, type Runtime } from '@hookwire/runtime';
import { startTelemetryExport } from '@hookwire/otlp';
import { AUDIT_CLOSE_MS, BRIDGE_DEPTH_VAR, bundleNotReady, createSession, openCommandAudit, readBridgeDepth, startOnBundle, type BundleFeed, type BundleLayer, type SessionResponse } from '@hookwire/session';
import { createHttpTransport } from './http-server.js';
import { isLoopbackHost, urlHost } from './loopback.js';
import { createServeMetrics } from './metrics.js';
import { createDecisionFeed } from './decision-feed.js';

export interface ServeOptions {
  configPaths: string[];
  /** The organisation's layer, loaded first; no lower layer can weaken it (docs/config.md). */
  orgConfigPaths?: string[];
  /** The revision of the bundle the organisation layer came from, named in every audit record. */
  bundleRevision?: string;
  /**
   * A polled, signed policy bundle as the organisation layer (`--bundle`): replaces
   * `orgConfigPaths`. Until one is active, `/readyz` and the dispatch routes answer 503.
   */
  bundleFeed?: BundleFeed;
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** The environment variable holding the bearer token every route but `/healthz` requires. */
  tokenEnv?: string;
  maxInflight: number;
  /** Where one audit line per dispatch goes; without it, where the config's `auditLog` says (read at the start). */
  logPath?: string;
  /** Leave payloads out of the audit records (such a log cannot be replayed). */
  logOmitsPayloads?: boolean;
  /** Observe every hook: they run and are logged, but every answer is that of no hooks. */
  observe?: boolean;
  logger: Logger;
  /** hookwire's version, reported by `ping`, `/healthz` and the trace resource. */
  version: string;
  /** Default `process.env`. */
  env?: Record<string, string | undefined>;
  /** Default `process.stdout`: gets the one `listening on` line. */
  stdout?: { write(text: string): unknown };
}

/** The defaults of `hookwire serve`'s flags. */
export const SERVE_DEFAULTS = { host: '127.0.0.1', port: 0, maxInflight: 256 } as const;
/** After SIGTERM, dispatches in flight have this long to finish before they are canceled. */
export const DRAIN_GRACE_MS = 10_000;
/** After the grace, canceled dispatches have this long to have their process trees killed. */
const KILL_GRACE_MS = 5_000;
/** At the end, spans not yet exported have this long to be sent. */
const TRACE_FLUSH_MS = 5_000;

/** A refusal to start: printed on stderr, exit 2. */
class StartRefused extends Error {}

function tokenOf(options: ServeOptions, env: Record<string, string | undefined>): string | undefined {
  if (options.tokenEnv === undefined) {
    if (!isLoopbackHost(options.host)) {
      throw new StartRefused(`refusing to listen on ${options.host} (not a loopback address) without a token: pass --token-env NAME`);
    }
    return undefined;
  }
  const token = env[options.tokenEnv];
  if (token === undefined || token === '') throw new StartRefused(`--token-env ${options.tokenEnv}: that environment variable is not set or empty`);
  return token;
}

/**
 * `hookwire serve`: the runtime behind HTTP. Prints `hookwire serve listening on http://HOST:PORT`
 * once it listens, serves until SIGTERM or SIGINT, then drains: no new requests, dispatches in
 * flight get {@link DRAIN_GRACE_MS} to finish, the rest are canceled (process trees killed). SIGHUP
 * reloads the config with the sidecar's refusal rules. Returns the exit code: 0 after a drain, 2
 * when it cannot start.
 */
export async function serve(options: ServeOptions): Promise<number> {
  const { logger } = options;
  const env = options.env ?? process.env;
  let token: string | undefined;
  try {
    token = tokenOf(options, env);
  } catch (error) {
    await options.bundleFeed?.stop();
    if (!(error instanceof StartRefused)) throw error;
    logger.error(error.message);
    return 2;
  }

  const feed = options.bundleFeed;
  const make = (layer: BundleLayer | undefined) => {
    const org = layer === undefined ? (feed === undefined ? options.orgConfigPaths : undefined) : layer.paths;
    const bundleRevision = layer === undefined ? options.bundleRevision : layer.revision;
    // Hooks run as under a bridge: a `hookwire run` they start does not re-enter hookwire.
    return createRuntime({
      configPath: options.configPaths,
      ...(org === undefined ? {} : { orgConfigPath: org }),
      ...(bundleRevision === undefined ? {} : { bundleRevision }),
      logger,
      env: { ...env, [BRIDGE_DEPTH_VAR]: String(readBridgeDepth(env) + 1) },
      observe: options.observe === true,
    });
  };
  let runtime: Runtime;
  try {
    runtime = feed === undefined ? await make(undefined) : await startOnBundle(feed, make);
  } catch (error) {
    await feed?.stop();
    if (error instanceof ConfigError && error.code === 'HOOKWIRE_CONFIG_INVALID') {
      for (const d of error.diagnostics) logger.error('config diagnostic', { diagnostic: d });
      logger.error(error.message);
      return 2;
    }
    throw error;
  }

  // Traces and decision logs are exported when the OTEL_* environment asks for it (docs/observability.md); the SDK is loaded only then.
  const stopTraces = await startTelemetryExport({ env, logger, runtime, flushTimeoutMs: TRACE_FLUSH_MS, serviceVersion: options.version });
  const opened = openCommandAudit({ ...(options.logPath === undefined ? {} : { logPath: options.logPath }), logOmitsPayloads: options.logOmitsPayloads === true, setting: runtime.auditLog, env, logger });
  const audit = opened?.audit;
  const session = createSession({
    runtime,
    version: options.version,
    ...(opened === undefined ? {} : { audit: opened.audit, auditOmitsPayloads: opened.omitsPayloads, ...(options.bundleRevision === undefined ? {} : { auditBundle: options.bundleRevision }) }),
    ...(feed === undefined ? {} : { notReady: () => bundleNotReady(feed) }),
  });
  const metrics = createServeMetrics(session, feed);
  const reload = async (): Promise<SessionResponse> => {
    const answer = await session.serve({ ok: true, op: 'reload', id: undefined, hasId: false });
    if (answer.ok === true) logger.warn('config reloaded', { diagnostics: answer.diagnostics });
    else logger.error('config reload refused; the previous config stays in force', { error: answer.error, diagnostics: answer.diagnostics });
    return answer;
  };
  // The decisions as they are made, for `hookwire ui --serve`: only with a token (they carry payloads), with the log's payload setting.
  const decisions = token === undefined ? undefined : createDecisionFeed({ runtime, payloads: opened === undefined || !opened.omitsPayloads, ...(options.bundleRevision === undefined ? {} : { bundle: options.bundleRevision }) });
  const transport = createHttpTransport({ session, metrics, logger, version: options.version, maxInflight: options.maxInflight, reload, ...(token === undefined ? {} : { token }), ...(feed === undefined ? {} : { bundleFeed: feed }), ...(decisions === undefined ? {} : { decisions }) });
  const { server } = transport;

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    logger.error(`cannot listen on ${options.host}:${options.port}: ${(error as Error).message}`);
    metrics.close();
    await feed?.stop();
    await runtime.close();
    await stopTraces?.();
    return 2;
  }
  server.on('error', (error) => logger.error('server error', { error: error.message }));
  const address = server.address() as AddressInfo;
  (options.stdout ?? process.stdout).write(`hookwire serve listening on http://${urlHost(address.address)}:${address.port}\n`);

  const stopped = new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGTERM', () => resolve('SIGTERM'));
    process.once('SIGINT', () => resolve('SIGINT'));
  });
  const onHup = () => void reload();
  process.on('SIGHUP', onHup);

  const signal = await stopped;
  process.off('SIGHUP', onHup);
  logger.warn(`received ${signal}; draining (${session.inFlight} in flight, grace ${DRAIN_GRACE_MS / 1000} s)`);
  transport.drain();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
  await Promise.race([session.settle(), wait(DRAIN_GRACE_MS)]);
  if (session.inFlight > 0) {
    logger.warn(`grace over; canceling ${session.inFlight} dispatch(es) still in flight`);
    session.cancelAll();
    await Promise.race([session.settle(), wait(KILL_GRACE_MS)]);
  }
  // Let the answers written by the last dispatches reach their clients, then close everything.
  await Promise.race([closed, wait(1_000)]);
  server.closeAllConnections();
  metrics.close();
  await feed?.stop();
  await runtime.close();
  session.close();
  await stopTraces?.();
  await audit?.close(AUDIT_CLOSE_MS);
  return signal === 'SIGINT' ? 130 : 0;
}
