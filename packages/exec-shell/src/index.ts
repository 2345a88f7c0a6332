export { createShellExecutor } from './create-shell-executor.js';
export { MAX_ENV_VALUE_BYTES } from './environment.js';
export type { ShellExecutor, ShellExecutorOptions, ShellHook, ShellResult } from './create-shell-executor.js';
