import { checkCommandPath } from './command-path.js';
import { describeReceived, isRecord } from '../describe-value.js';
import { appendPointer, type DiagnosticList } from './diagnostics.js';
import { readField, readHeaders, reportUnknownKeys } from './fields.js';
import { LLM_KEYS, PROXY_KEYS } from './config-names.js';
import {
  checkAuditLog,
  checkBoolean,
  checkEnvVarName,
  checkHttpUrl,
  checkMode,
  checkNonEmptyString,
  checkOnError,
  checkTimeoutSeconds,
} from './field-checks.js';
import type { ConfigSettings, LlmConfig, ProxyConfig } from './schema.js';

function readLlm(list: DiagnosticList, value: unknown, pointer: string, severity: Severity): LlmConfig | undefined {
  if (!isRecord(value)) {
    list.error(pointer, `llm must be an object { baseUrl, model, apiKeyEnv?, headers? }, received ${describeReceived(value)}`);
    return undefined;
  }
  const baseUrl = readField(list, value, 'baseUrl', pointer, checkHttpUrl, { label: 'llm.baseUrl', requiredFor: '' });
  const model = readField(list, value, 'model', pointer, checkNonEmptyString, { label: 'llm.model', requiredFor: '' });
  const apiKeyEnv = readField(list, value, 'apiKeyEnv', pointer, checkEnvVarName, { label: 'llm.apiKeyEnv' });
  const headers =
    value.headers === undefined ? undefined : readHeaders(list, value.headers, appendPointer(pointer, 'headers'), 'llm.headers');
  reportUnknownKeys(list, value, pointer, LLM_KEYS, { severity, prefix: 'llm.' });
  if (baseUrl === undefined || model === undefined) return undefined;
  return {
    baseUrl,
    model,
    ...(apiKeyEnv !== undefined && { apiKeyEnv }),
    ...(headers !== undefined && { headers }),
  };
}

function readProxy(list: DiagnosticList, value: unknown, pointer: string, severity: Severity): ProxyConfig | undefined {
  if (!isRecord(value)) {
    list.error(pointer, `proxy must be an object { command }, received ${describeReceived(value)}`);
    return undefined;
  }
  const command = readField(list, value, 'command', pointer, checkNonEmptyString, { label: 'proxy.command', requiredFor: '' });
  if (command !== undefined) checkCommandPath(list, command, appendPointer(pointer, 'command'), 'proxy.command');
  reportUnknownKeys(list, value, pointer, PROXY_KEYS, { severity, prefix: 'proxy.' });
  return command === undefined ? undefined : { command };
}

export const SETTINGS_KEYS = ['timeoutSec', 'onError', 'mode', 'parallel', 'llm', 'proxy', 'auditLog'] as const;

/** What an unknown key in `llm` or `proxy` is: an error in hookwire's own shape, a warning in a host's. */
type Severity = 'error' | 'warning';

// The settings every shape shares: timeoutSec, onError, mode, parallel, llm, proxy and auditLog.
export function readSettings(list: DiagnosticList, record: Record<string, unknown>, unknownKeys: Severity = 'warning'): ConfigSettings {
  const timeoutSec = readField(list, record, 'timeoutSec', '', checkTimeoutSeconds);
  const onError = readField(list, record, 'onError', '', checkOnError);
  const mode = readField(list, record, 'mode', '', checkMode);
  const parallel = readField(list, record, 'parallel', '', checkBoolean);
  const llm = record.llm === undefined ? undefined : readLlm(list, record.llm, '/llm', unknownKeys);
  const proxy = record.proxy === undefined ? undefined : readProxy(list, record.proxy, '/proxy', unknownKeys);
  const auditLog = readField(list, record, 'auditLog', '', checkAuditLog);
  return {
    ...(timeoutSec !== undefined && { timeoutSec }),
    ...(onError !== undefined && { onError }),
    ...(mode !== undefined && { mode }),
    ...(parallel !== undefined && { parallel }),
    ...(llm !== undefined && { llm }),
    ...(proxy !== undefined && { proxy }),
    ...(auditLog !== undefined && { auditLog }),
  };
}
