export { createOracleExecutor, ORACLE_EXECUTOR_INVALID_OPTIONS } from './create-oracle-executor.js';
export type { OracleExecutorOptions } from './create-oracle-executor.js';
export type { LlmConfig, OracleHook } from './oracle-hook.js';
