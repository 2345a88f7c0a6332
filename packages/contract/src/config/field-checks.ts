import { DIALECT_NAMES } from '../dialects/index.js';
import type { DialectName } from '../handler-result.js';
import { AUDIT_LOG_KEYS, AUDIT_LOG_PATH, MAX_TIMEOUT_SECONDS, MODE_VALUES, ON_ERROR_VALUES, ON_FAILURE_VALUES } from './config-names.js';

/**
 * Reads one config value: the value as the config holds it (a URL trimmed, as its schema's parse
 * outputs it) when it is valid, else `undefined`. Each check accepts exactly what the zod schema of
 * the same field in schema.ts accepts, with the same output (test/config/field-checks.test.ts
 * proves it over generated values); the config reader uses these so that reading a config never
 * builds a schema.
 */
export type FieldCheck<T> = (value: unknown) => T | undefined;

function checkOneOf<const T extends string>(values: readonly T[]): FieldCheck<T> {
  return (value) => (typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : undefined);
}

export const checkOnError = checkOneOf(ON_ERROR_VALUES);

export const checkOnFailure = checkOneOf(ON_FAILURE_VALUES);

export const checkMode = checkOneOf(MODE_VALUES);

export const checkDialectName: FieldCheck<DialectName> = checkOneOf(DIALECT_NAMES as readonly DialectName[]);

export const checkNonEmptyString: FieldCheck<string> = (value) => (typeof value === 'string' && value.length >= 1 ? value : undefined);

export const checkString: FieldCheck<string> = (value) => (typeof value === 'string' ? value : undefined);

export const checkBoolean: FieldCheck<boolean> = (value) => (typeof value === 'boolean' ? value : undefined);

export const checkTimeoutSeconds: FieldCheck<number> = (value) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= MAX_TIMEOUT_SECONDS ? value : undefined;

/** Gemini CLI's timeouts: positive milliseconds, no longer than hookwire's longest timeout. */
export const checkTimeoutMilliseconds: FieldCheck<number> = (value) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= MAX_TIMEOUT_SECONDS * 1000 ? value : undefined;

const ENV_VAR_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export const checkEnvVarName: FieldCheck<string> = (value) => (typeof value === 'string' && ENV_VAR_NAME.test(value) ? value : undefined);

const HTTP_PREFIX = /^https?:\/\//i;
const HTTP_PROTOCOL = /^https?$/;
const TAB_OR_NEWLINE = /[\t\n\r]/g;

// As zod 4's `z.url({ protocol: /^https?$/ })`: trimmed, written with `://`, parsed by WHATWG URL,
// an http or https scheme; the output drops the tabs and newlines the URL parser ignores.
export const checkHttpUrl: FieldCheck<string> = (value) => {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  if (!HTTP_PREFIX.test(trimmed)) return undefined;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return undefined;
  }
  const protocol = url.protocol.endsWith(':') ? url.protocol.slice(0, -1) : url.protocol;
  return HTTP_PROTOCOL.test(protocol) ? trimmed.replace(TAB_OR_NEWLINE, '') : undefined;
};

const checkAuditLogPath: FieldCheck<string> = (value) => (typeof value === 'string' && AUDIT_LOG_PATH.test(value) ? value : undefined);

/** `auditLog`: true, false, an absolute or `~/` path, or `{ path?, payloads? }` with no other key. */
export const checkAuditLog: FieldCheck<boolean | string | { path?: string; payloads?: boolean }> = (value) => {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') return checkAuditLogPath(value);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  if (Object.keys(record).some((key) => !(AUDIT_LOG_KEYS as readonly string[]).includes(key))) return undefined;
  const path = record.path === undefined ? undefined : checkAuditLogPath(record.path);
  if (record.path !== undefined && path === undefined) return undefined;
  if (record.payloads !== undefined && typeof record.payloads !== 'boolean') return undefined;
  return { ...(path === undefined ? {} : { path }), ...(record.payloads === undefined ? {} : { payloads: record.payloads as boolean }) };
};
