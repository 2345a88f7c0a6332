import { diag, DiagLogLevel, trace } from '@opentelemetry/api';
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { defaultResource, detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { enableTracing, type Logger } from '@hookwire/runtime';
type Env = Record<string, string | undefined>;

/** Stops exporting: flushes the spans not yet sent (within a bound) and unsubscribes. */
export type StopTraceExport = () => Promise<void>;

/** The OTLP protocols hookwire exports with; `grpc` would need a gRPC stack in the executable. */
const PROTOCOLS = ['http/protobuf', 'http/json'] as const;

/**
 * The exporter the environment names: `OTEL_EXPORTER_OTLP_TRACES_PROTOCOL`, else
 * `OTEL_EXPORTER_OTLP_PROTOCOL`, else `http/protobuf` (the specification's default). Endpoint,
 * headers, timeout and compression are read from the standard variables by the exporter itself.
 */
function exporterOf(env: Env, logger: Logger): SpanExporter | undefined {
  const given = (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf').trim().toLowerCase();
  if (given === 'http/json') return new JsonExporter();
  if (given === 'http/protobuf') return new ProtobufExporter();
  logger.error(`OTLP protocol ${JSON.stringify(given)} is not supported (hookwire exports ${PROTOCOLS.join(' or ')}); no traces are exported`);
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

/**
 * Registers an OpenTelemetry SDK (a global tracer provider exporting over OTLP in batches) and
 * turns the runtime's lifecycle channels into spans (`enableTracing`). The resource names the
 * service `hookwire` unless `OTEL_SERVICE_NAME` or `OTEL_RESOURCE_ATTRIBUTES` say otherwise.
 */
export async function exportTraces(options: { env: Env; logger: Logger; runtime?: object; flushTimeoutMs: number; serviceVersion: string }): Promise<StopTraceExport | undefined> {
  const exporter = exporterOf(options.env, options.logger);
  if (exporter === undefined) return undefined;
  // The SDK reports failed exports through `diag`: they reach the command's logger as warnings.
  const quiet = () => {};
  const report = (message: string, ...args: unknown[]) => options.logger.warn(`OpenTelemetry: ${[message, ...args.map(describe)].join(' ')}`);
  diag.setLogger({ error: report, warn: report, info: quiet, debug: quiet, verbose: quiet }, DiagLogLevel.WARN);
  const resource = defaultResource()
    .merge(resourceFromAttributes({ 'service.name': 'hookwire', 'service.version': options.serviceVersion }))
    .merge(detectResources({ detectors: [envDetector] }));
  const provider = new BasicTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(exporter)] });
  trace.setGlobalTracerProvider(provider);
  const stopTracing = await enableTracing(options.runtime === undefined ? {} : { runtime: options.runtime });
  return async () => {
    stopTracing();
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), options.flushTimeoutMs);
      timer.unref();
    });
    try {
      const flushed = await Promise.race([provider.shutdown().then(() => 'done' as const), bound]);
      if (flushed === 'late') options.logger.warn(`the trace exporter did not finish within ${options.flushTimeoutMs} ms; spans not yet sent are dropped`);
    } catch (error) {
      options.logger.warn('the trace exporter failed', { error: error instanceof Error ? error.message : String(error) });
    } finally {
      clearTimeout(timer);
      trace.disable();
      diag.disable();
    }
  };
}
