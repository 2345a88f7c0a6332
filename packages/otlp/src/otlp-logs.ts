import { SeverityNumber, type AnyValueMap, type LogRecord } from '@opentelemetry/api-logs';
import { OTLPLogExporter as JsonExporter } from '@opentelemetry/exporter-logs-otlp-http';
import { OTLPLogExporter as ProtobufExporter } from '@opentelemetry/exporter-logs-otlp-proto';
import { BatchLogRecordProcessor, LoggerProvider } from '@opentelemetry/sdk-logs';
import { decidersOf, subscribeAuditRecords, type AuditRecord, type Logger } from '@hookwire/runtime';
import { describeService, protocolOf, reportDiagnostics, shutDownWithin } from './sdk-setup.js';

type Env = Record<string, string | undefined>;

/** Stops exporting: flushes the records not yet sent (within a bound) and unsubscribes. */
export type StopLogExport = () => Promise<void>;

/** How a decision reads as a log severity: a denial is worth a look, a failed dispatch is an error. */
function severityOf(record: AuditRecord): { severityNumber: SeverityNumber; severityText: string } {
  if (record.error !== undefined) return { severityNumber: SeverityNumber.ERROR, severityText: 'ERROR' };
  const decision = record.outcome?.decision;
  if (decision === 'deny' || decision === 'ask') return { severityNumber: SeverityNumber.WARN, severityText: 'WARN' };
  return { severityNumber: SeverityNumber.INFO, severityText: 'INFO' };
}

/** One audit record as an OTLP log record: the record is the body, the fields a collector routes on are attributes. */
export function logRecordOf(record: AuditRecord): LogRecord {
  const by = record.outcome === undefined ? [] : decidersOf({ outcome: record.outcome, runs: record.runs });
  return {
    timestamp: Date.parse(record.ts),
    eventName: 'hookwire.decision',
    ...severityOf(record),
    body: JSON.parse(JSON.stringify(record)) as AnyValueMap,
    attributes: {
      'hookwire.event': record.event,
      'hookwire.canonical_event': record.canonical,
      'hookwire.dialect': record.dialect,
      'hookwire.decision': record.outcome?.decision ?? 'error',
      'hookwire.config': record.config,
      'hookwire.hooks': record.hooks,
      'hookwire.duration_ms': record.durationMs,
      ...(record.subject === undefined ? {} : { 'hookwire.subject': record.subject }),
      ...(by.length === 0 ? {} : { 'hookwire.decided_by': by }),
      ...(record.error === undefined ? {} : { 'hookwire.error': record.error.code }),
      ...(record.mode === undefined ? {} : { 'hookwire.mode': record.mode }),
      ...(record.downgrades === undefined ? {} : { 'hookwire.downgraded': true }),
    },
  };
}

/**
 * Exports every audit record (docs/audit-log.md) as an OpenTelemetry log record over OTLP, in
 * batches, from the same records the `--log` file gets: secrets are redacted before either sees
 * them. Payloads are left out unless `payloads` is true.
 */
export async function exportLogs(options: { env: Env; logger: Logger; runtime?: object; flushTimeoutMs: number; serviceVersion: string; payloads: boolean }): Promise<StopLogExport | undefined> {
  const protocol = protocolOf(options.env, 'LOGS', options.logger);
  if (protocol === undefined) return undefined;
  const exporter = protocol === 'http/json' ? new JsonExporter() : new ProtobufExporter();
  reportDiagnostics(options.logger);
  const provider = new LoggerProvider({ resource: describeService(options.serviceVersion), processors: [new BatchLogRecordProcessor({ exporter })] });
  const otelLogger = provider.getLogger('hookwire', options.serviceVersion);
  const unsubscribe = subscribeAuditRecords(
    (record) => {
      try {
        otelLogger.emit(logRecordOf(record));
      } catch (error) {
        options.logger.warn('a decision could not be exported as an OTLP log record', { error: error instanceof Error ? error.message : String(error) });
      }
    },
    { payloads: options.payloads, ...(options.runtime === undefined ? {} : { runtime: options.runtime }) },
  );
  return async () => {
    unsubscribe();
    await shutDownWithin(() => provider.shutdown(), options.flushTimeoutMs, options.logger, 'log');
  };
}
