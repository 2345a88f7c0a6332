import { z } from 'zod';
import { checkCommandPath } from './command-path.js';
import { describeReceived, isRecord } from '../describe-value.js';
import { appendPointer, type DiagnosticList } from './diagnostics.js';
import { readField, readHeaders, warnUnknownKeys } from './fields.js';
import {
  EnvVarNameSchema,
  HttpUrlSchema,
  LlmConfigSchema,
  ModeSchema,
  NonEmptyStringSchema,
  OnErrorSchema,
  ProxyConfigSchema,
  TimeoutSecondsSchema,
  type ConfigSettings,
  type LlmConfig,
  type ProxyConfig,
} from './schema.js';

function readLlm(list: DiagnosticList, value: unknown, pointer: string): LlmConfig | undefined {
  if (!isRecord(value)) {
    list.error(pointer, `llm must be an object { baseUrl, model, apiKeyEnv?, headers? }, received ${describeReceived(value)}`);
    return undefined;
  }
  const baseUrl = readField(list, value, 'baseUrl', pointer, HttpUrlSchema, { label: 'llm.baseUrl', requiredFor: '' });
  const model = readField(list, value, 'model', pointer, NonEmptyStringSchema, { label: 'llm.model', requiredFor: '' });
  const apiKeyEnv = readField(list, value, 'apiKeyEnv', pointer, EnvVarNameSchema, { label: 'llm.apiKeyEnv' });
  const headers =
    value.headers === undefined ? undefined : readHeaders(list, value.headers, appendPointer(pointer, 'headers'), 'llm.headers');
  warnUnknownKeys(list, value, pointer, Object.keys(LlmConfigSchema.shape), 'llm.');
  if (baseUrl === undefined || model === undefined) return undefined;
  return {
    baseUrl,
    model,
    ...(apiKeyEnv !== undefined && { apiKeyEnv }),
    ...(headers !== undefined && { headers }),
  };
}

function readProxy(list: DiagnosticList, value: unknown, pointer: string): ProxyConfig | undefined {
  if (!isRecord(value)) {
    list.error(pointer, `proxy must be an object { command }, received ${describeReceived(value)}`);
    return undefined;
  }
  const command = readField(list, value, 'command', pointer, NonEmptyStringSchema, { label: 'proxy.command', requiredFor: '' });
  if (command !== undefined) checkCommandPath(list, command, appendPointer(pointer, 'command'), 'proxy.command');
  warnUnknownKeys(list, value, pointer, Object.keys(ProxyConfigSchema.shape), 'proxy.');
  return command === undefined ? undefined : { command };
}

export const SETTINGS_KEYS = ['timeoutSec', 'onError', 'mode', 'parallel', 'llm', 'proxy'] as const;

// The settings both shapes share: timeoutSec, onError, mode, parallel, llm and proxy.
export function readSettings(list: DiagnosticList, record: Record<string, unknown>): ConfigSettings {
  const timeoutSec = readField(list, record, 'timeoutSec', '', TimeoutSecondsSchema);
  const onError = readField(list, record, 'onError', '', OnErrorSchema);
  const mode = readField(list, record, 'mode', '', ModeSchema);
  const parallel = readField(list, record, 'parallel', '', z.boolean());
  const llm = record.llm === undefined ? undefined : readLlm(list, record.llm, '/llm');
  const proxy = record.proxy === undefined ? undefined : readProxy(list, record.proxy, '/proxy');
  return {
    ...(timeoutSec !== undefined && { timeoutSec }),
    ...(onError !== undefined && { onError }),
    ...(mode !== undefined && { mode }),
    ...(parallel !== undefined && { parallel }),
    ...(llm !== undefined && { llm }),
    ...(proxy !== undefined && { proxy }),
  };
}
