type Env = Record<string, string | undefined>;

function isSet(value: string | undefined): boolean {
  return value !== undefined && value.trim() !== '';
}

/**
 * Whether the standard OpenTelemetry environment asks for a signal (`TRACES`, `LOGS`) to be
 * exported: an OTLP endpoint is set (`OTEL_EXPORTER_OTLP_<SIGNAL>_ENDPOINT` or
 * `OTEL_EXPORTER_OTLP_ENDPOINT`) or `OTEL_<SIGNAL>_EXPORTER` names `otlp`; and neither
 * `OTEL_<SIGNAL>_EXPORTER=none` nor `OTEL_SDK_DISABLED=true` says not to. Reads the environment
 * only: nothing is loaded.
 */
export function wantsExport(env: Env, signal: 'TRACES' | 'LOGS'): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const exporters = (env[`OTEL_${signal}_EXPORTER`] ?? '').split(',').map((name) => name.trim().toLowerCase()).filter((name) => name !== '');
  if (exporters.includes('none')) return false;
  return exporters.includes('otlp') || isSet(env[`OTEL_EXPORTER_OTLP_${signal}_ENDPOINT`]) || isSet(env.OTEL_EXPORTER_OTLP_ENDPOINT);
}
