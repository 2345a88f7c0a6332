export { createHttpExecutor, HTTP_EXECUTOR_INVALID_OPTIONS } from './create-http-executor.js';
export type { HttpExecutorOptions } from './create-http-executor.js';
export type { HttpHook } from './http-hook.js';
