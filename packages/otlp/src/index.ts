export { startLogExport, wantsLogExport } from './log-export.js';
export type { StopLogExport } from './log-export.js';
export { startTraceExport, wantsTraceExport } from './trace-export.js';
export type { StopTraceExport } from './trace-export.js';
export { startTelemetryExport } from './telemetry-export.js';
export type { StopTelemetryExport } from './telemetry-export.js';
