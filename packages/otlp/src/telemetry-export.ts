import type { Logger } from '@hookwire/runtime';
import { startLogExport } from './log-export.js';
import { startTraceExport } from './trace-export.js';

type Env = Record<string, string | undefined>;

/** Stops every export that was started, each flushing within the bound given. */
export type StopTelemetryExport = () => Promise<void>;

/**
 * Starts what the `OTEL_*` environment asks for — traces of the dispatches, decision records as
 * logs — and nothing else (docs/observability.md). Resolves with one function that stops them all,
 * or undefined when none was asked for.
 */
export async function startTelemetryExport(options: { env?: Env; logger: Logger; runtime?: object; flushTimeoutMs: number; serviceVersion: string }): Promise<StopTelemetryExport | undefined> {
  const stops = [await startTraceExport(options), await startLogExport(options)].filter((stop) => stop !== undefined);
  if (stops.length === 0) return undefined;
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
