import { diag, trace } from '@opentelemetry/api';
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { enableTracing, type Logger } from '@hookwire/runtime';
import { describeService, protocolOf, reportDiagnostics, shutDownWithin } from './sdk-setup.js';

type Env = Record<string, string | undefined>;

/** Stops exporting: flushes the spans not yet sent (within a bound) and unsubscribes. */
export type StopTraceExport = () => Promise<void>;

/**
 * Registers an OpenTelemetry SDK (a global tracer provider exporting over OTLP in batches) and
 * turns the runtime's lifecycle channels into spans (`enableTracing`). The resource names the
 * service `hookwire` unless `OTEL_SERVICE_NAME` or `OTEL_RESOURCE_ATTRIBUTES` say otherwise.
 */
export async function exportTraces(options: { env: Env; logger: Logger; runtime?: object; flushTimeoutMs: number; serviceVersion: string }): Promise<StopTraceExport | undefined> {
  const protocol = protocolOf(options.env, 'TRACES', options.logger);
  if (protocol === undefined) return undefined;
  const exporter = protocol === 'http/json' ? new JsonExporter() : new ProtobufExporter();
  reportDiagnostics(options.logger);
  const provider = new BasicTracerProvider({ resource: describeService(options.serviceVersion), spanProcessors: [new BatchSpanProcessor(exporter)] });
  trace.setGlobalTracerProvider(provider);
  const stopTracing = await enableTracing(options.runtime === undefined ? {} : { runtime: options.runtime });
  return async () => {
    stopTracing();
    await shutDownWithin(() => provider.shutdown(), options.flushTimeoutMs, options.logger, 'trace');
    trace.disable();
    diag.disable();
  };
}
