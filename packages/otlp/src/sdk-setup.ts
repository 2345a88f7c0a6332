import { diag, DiagLogLevel } from '@opentelemetry/api';
import { defaultResource, detectResources, envDetector, resourceFromAttributes, type Resource } from '@opentelemetry/resources';
import type { Logger } from '@hookwire/runtime';

type Env = Record<string, string | undefined>;

/** The OTLP protocols hookwire exports with; `grpc` would need a gRPC stack in the executable. */
const PROTOCOLS = ['http/protobuf', 'http/json'] as const;

/**
 * The protocol the environment names for a signal: `OTEL_EXPORTER_OTLP_<SIGNAL>_PROTOCOL`, else
 * `OTEL_EXPORTER_OTLP_PROTOCOL`, else `http/protobuf` (the specification's default); undefined,
 * said in the log, for one hookwire does not export with. Endpoint, headers, timeout and
 * compression are read from the standard variables by the exporter itself.
 */
export function protocolOf(env: Env, signal: 'TRACES' | 'LOGS', logger: Logger): (typeof PROTOCOLS)[number] | undefined {
  const given = (env[`OTEL_EXPORTER_OTLP_${signal}_PROTOCOL`] ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf').trim().toLowerCase();
  if ((PROTOCOLS as readonly string[]).includes(given)) return given as (typeof PROTOCOLS)[number];
  logger.error(`OTLP protocol ${JSON.stringify(given)} is not supported (hookwire exports ${PROTOCOLS.join(' or ')}); no ${signal.toLowerCase()} are exported`);
  return undefined;
}

function describe(value: unknown): string {
  if (value instanceof Error) return value.message;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** The SDK reports failed exports through `diag`: they reach the command's logger as warnings. */
export function reportDiagnostics(logger: Logger): void {
  const quiet = () => {};
  const report = (message: string, ...args: unknown[]) => logger.warn(`OpenTelemetry: ${[message, ...args.map(describe)].join(' ')}`);
  diag.setLogger({ error: report, warn: report, info: quiet, debug: quiet, verbose: quiet }, { logLevel: DiagLogLevel.WARN, suppressOverrideMessage: true });
}

/** The service `hookwire` at `serviceVersion`, unless `OTEL_SERVICE_NAME` or `OTEL_RESOURCE_ATTRIBUTES` say otherwise. */
export function describeService(serviceVersion: string): Resource {
  return defaultResource()
    .merge(resourceFromAttributes({ 'service.name': 'hookwire', 'service.version': serviceVersion }))
    .merge(detectResources({ detectors: [envDetector] }));
}

/** Runs a provider's shutdown (which flushes), giving up after `ms`; says in the log what was dropped. */
export async function shutDownWithin(shutdown: () => Promise<void>, ms: number, logger: Logger, what: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
    timer.unref();
  });
  try {
    const flushed = await Promise.race([shutdown().then(() => 'done' as const), bound]);
    if (flushed === 'late') logger.warn(`the ${what} exporter did not finish within ${ms} ms; ${what === 'trace' ? 'spans' : 'records'} not yet sent are dropped`);
  } catch (error) {
    logger.warn(`the ${what} exporter failed`, { error: error instanceof Error ? error.message : String(error) });
  } finally {
    clearTimeout(timer);
  }
}
