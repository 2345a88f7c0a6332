export { createShellExecutor } from './create-shell-executor.js';
export type { ShellExecutor, ShellExecutorOptions, ShellHook, ShellResult } from './create-shell-executor.js';
