export { createShellExecutor } from './shell-executor.js';
export type { ShellExecutor, ShellExecutorOptions, ShellHook, ShellResult } from './shell-executor.js';
