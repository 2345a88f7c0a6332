export { createRuntime, checkConfig } from './runtime.js';
export type { DispatchOptions, DispatchResult, ReloadResult, Runtime, RuntimeOptions } from './runtime.js';
export type { RunRecord } from './run-record.js';
export type { ProxyCall, ProxyFunction } from './agent-proxy.js';
export { HookwireError, ConfigError, DispatchError } from '@hookwire/contract';
export type { HookwireErrorCode } from '@hookwire/contract';
export { createJsonLogger, silentLogger } from './logger.js';
export type { Logger } from './logger.js';
export { DEFAULT_TIMEOUT_SEC } from './timeouts.js';
