export { startTraceExport, wantsTraceExport } from './trace-export.js';
export type { StopTraceExport } from './trace-export.js';
