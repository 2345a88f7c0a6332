import type { Logger } from '@hookwire/runtime';
import type { StopTraceExport } from './otlp-export.js';

export type { StopTraceExport } from './otlp-export.js';

type Env = Record<string, string | undefined>;

function isSet(value: string | undefined): boolean {
  return value !== undefined && value.trim() !== '';
}

/**
 * Whether the standard OpenTelemetry environment asks for traces to be exported: an OTLP endpoint
 * is set (`OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` or `OTEL_EXPORTER_OTLP_ENDPOINT`) or
 * `OTEL_TRACES_EXPORTER` names `otlp`; and neither `OTEL_TRACES_EXPORTER=none` nor
 * `OTEL_SDK_DISABLED=true` says not to. Reads the environment only: nothing is loaded.
 */
export function wantsTraceExport(env: Env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const exporters = (env.OTEL_TRACES_EXPORTER ?? '').split(',').map((name) => name.trim().toLowerCase()).filter((name) => name !== '');
  if (exporters.includes('none')) return false;
  return exporters.includes('otlp') || isSet(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) || isSet(env.OTEL_EXPORTER_OTLP_ENDPOINT);
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
