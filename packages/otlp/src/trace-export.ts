import type { Logger } from '@hookwire/runtime';
import type { StopTraceExport } from './otlp-export.js';
import { wantsExport } from './wants-export.js';

export type { StopTraceExport } from './otlp-export.js';

type Env = Record<string, string | undefined>;

/** Whether the `OTEL_*` environment asks for traces to be exported (see {@link wantsExport}). Reads the environment only. */
export function wantsTraceExport(env: Env): boolean {
  return wantsExport(env, 'TRACES');
}

/**
 * Exports the runtime's dispatch and hook spans over OTLP when the `OTEL_*` environment asks for
 * it (see {@link wantsTraceExport} and docs/observability.md), and does nothing otherwise. The
 * OpenTelemetry SDK is imported only then, so a command's start does not pay for it when tracing
 * is off. Resolves with the function that flushes and stops the export, or undefined when there
 * is none. `serviceVersion` is the resource's `service.version` (hookwire's version).
 */
export async function startTraceExport(options: { env?: Env; logger: Logger; runtime?: object; flushTimeoutMs: number; serviceVersion: string }): Promise<StopTraceExport | undefined> {
  const env = options.env ?? process.env;
  if (!wantsTraceExport(env)) return undefined;
  const { exportTraces } = await import('./otlp-export.js');
  return exportTraces({ ...options, env });
}
