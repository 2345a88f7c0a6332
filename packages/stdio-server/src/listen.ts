import { ConfigError } from '@hookwire/contract';
import { createRuntime, type Logger } from '@hookwire/runtime';
import { createStdioServer } from './server.js';
import { startTelemetryExport } from '@hookwire/otlp';
import { AUDIT_CLOSE_MS, bundleNotReady, onStopSignals, openCommandAudit, startOnBundle, STOP_SIGNALS, type BundleFeed, type BundleLayer } from '@hookwire/session';

export interface ListenOptions {
  configPaths: string[];
  /** The organisation's layer, loaded first; no lower layer can weaken it (docs/config.md). */
  orgConfigPaths?: string[];
  /** The revision of the bundle the organisation layer came from, named in every audit record. */
  bundleRevision?: string;
  /**
   * A polled, signed policy bundle as the organisation layer (`--bundle`): replaces
   * `orgConfigPaths`. Until one is active, dispatches are answered `ok: false` saying so.
   */
  bundleFeed?: BundleFeed;
  /** Where one audit line per dispatch goes; without it, where the config's `auditLog` says (read at the start). */
  logPath?: string;
  /** Leave payloads out of the --log records. */
  logOmitsPayloads?: boolean;
  /** Observe every hook: they run and are logged, but every answer is that of no hooks. */
  observe?: boolean;
  maxLineBytes?: number;
  logger: Logger;
  /** The version `ping` reports (the program's: `hookwire`'s or this package's own). */
  version: string;
}

/** `hookwire listen`: serves the stdio protocol on this process's stdin and stdout until bye, end of input or a signal. */
export async function listen(options: ListenOptions): Promise<number> {
  const { logger } = options;
  const feed = options.bundleFeed;
  const make = (layer: BundleLayer | undefined) => {
    const org = layer === undefined ? (feed === undefined ? options.orgConfigPaths : undefined) : layer.paths;
    const bundleRevision = layer === undefined ? options.bundleRevision : layer.revision;
    return createRuntime({ configPath: options.configPaths, ...(org === undefined ? {} : { orgConfigPath: org }), ...(bundleRevision === undefined ? {} : { bundleRevision }), logger, observe: options.observe === true });
  };
  let runtime;
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
  const stopTraces = await startTelemetryExport({ logger, runtime, flushTimeoutMs: 5_000, serviceVersion: options.version });
  const opened = openCommandAudit({ ...(options.logPath === undefined ? {} : { logPath: options.logPath }), logOmitsPayloads: options.logOmitsPayloads === true, setting: runtime.auditLog, env: process.env, logger });
  const audit = opened?.audit;
  const auditOptions = opened === undefined ? {} : { audit: opened.audit, auditOmitsPayloads: opened.omitsPayloads, ...(options.bundleRevision === undefined ? {} : { auditBundle: options.bundleRevision }) };
  const server = createStdioServer({
    runtime,
    input: process.stdin,
    output: process.stdout,
    logger,
    version: options.version,
    ...auditOptions,
    ...(options.maxLineBytes === undefined ? {} : { maxLineBytes: options.maxLineBytes }),
    // With a bundle, dispatches wait for one to be active: the session says so until then.
    ...(feed === undefined ? {} : { notReady: () => bundleNotReady(feed) }),
  });
  const stopListening = onStopSignals((signal) => {
    logger.warn(`received ${signal}; canceling everything in flight`);
    server.stop(STOP_SIGNALS[signal]);
  });
  const code = await server.done;
  stopListening();
  await feed?.stop();
  await runtime.close();
  await stopTraces?.();
  await audit?.close(AUDIT_CLOSE_MS);
  return code;
}
