import type { Logger } from '@hookwire/runtime';
import type { StopLogExport } from './otlp-logs.js';
import { wantsExport } from './wants-export.js';

export type { StopLogExport } from './otlp-logs.js';

type Env = Record<string, string | undefined>;

/** Whether the `OTEL_*` environment asks for logs to be exported (`OTEL_LOGS_EXPORTER`, the OTLP endpoints). Reads the environment only. */
export function wantsLogExport(env: Env): boolean {
  return wantsExport(env, 'LOGS');
}

/**
 * Exports the decision records (the audit log's lines) as OpenTelemetry logs over OTLP when the
 * `OTEL_*` environment asks for it, and does nothing otherwise; the SDK is imported only then.
 * Payloads go only when `HOOKWIRE_OTLP_LOG_PAYLOADS=true`: a record that leaves the machine carries
 * what decided and why, not the prompt or the file the agent wrote, unless asked.
 */
export async function startLogExport(options: { env?: Env; logger: Logger; runtime?: object; flushTimeoutMs: number; serviceVersion: string }): Promise<StopLogExport | undefined> {
  const env = options.env ?? process.env;
  if (!wantsLogExport(env)) return undefined;
  const { exportLogs } = await import('./otlp-logs.js');
  return exportLogs({ ...options, env, payloads: env.HOOKWIRE_OTLP_LOG_PAYLOADS?.trim().toLowerCase() === 'true' });
}
