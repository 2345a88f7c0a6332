import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { HOOK_TYPES, LLM_KEYS, NATIVE_TYPE_FIELDS, PROXY_KEYS } from '../../src/config/config-names.js';
import {
  checkAuditLog,
  checkBoolean,
  checkDialectName,
  checkEnvVarName,
  checkHttpUrl,
  checkMode,
  checkNonEmptyString,
  checkOnError,
  checkOnFailure,
  checkString,
  checkTimeoutSeconds,
  type FieldCheck,
} from '../../src/config/field-checks.js';
import {
  AuditLogSchema,
  ClaudeHandlerSchema,
  DialectNameSchema,
  EnvVarNameSchema,
  HttpUrlSchema,
  LlmConfigSchema,
  MAX_TIMEOUT_SECONDS,
  ModeSchema,
  NativeHookSchemas,
  NonEmptyStringSchema,
  OnErrorSchema,
  ProxyConfigSchema,
  TimeoutSecondsSchema,
} from '../../src/config/schema.js';
import { z as zod } from 'zod';

// The config reader checks fields with plain functions so that `hookwire run` never builds a zod
// schema; the schemas stay the JSON Schema's source and the public `*Schema` exports. These hold
// the two to accepting exactly the same values with the same output.

const OnFailureSchema = (ClaudeHandlerSchema.options[0].shape.onFailure as z.ZodOptional<z.ZodEnum>).unwrap();

const PAIRS: [string, FieldCheck<unknown>, z.ZodType][] = [
  ['non-empty string', checkNonEmptyString, NonEmptyStringSchema],
  ['string', checkString, zod.string()],
  ['boolean', checkBoolean, zod.boolean()],
  ['timeout seconds', checkTimeoutSeconds, TimeoutSecondsSchema],
  ['env var name', checkEnvVarName, EnvVarNameSchema],
  ['http URL', checkHttpUrl, HttpUrlSchema],
  ['onError', checkOnError, OnErrorSchema],
  ['onFailure', checkOnFailure, OnFailureSchema],
  ['mode', checkMode, ModeSchema],
  ['dialect', checkDialectName, DialectNameSchema],
  ['auditLog', checkAuditLog as FieldCheck<unknown>, AuditLogSchema],
];

function expectSame(check: FieldCheck<unknown>, schema: z.ZodType, value: unknown): void {
  const parsed = schema.safeParse(value);
  expect(check(value)).toStrictEqual(parsed.success ? parsed.data : undefined);
}

const URL_PARTS = ['http', 'https', 'HTTP', 'Https', 'ftp', 'file', 'ws', 'javascript', 'mailto', 'h ttp', 'http:', 'https:'];
const urlish = fc
  .tuple(
    fc.constantFrom(...URL_PARTS),
    fc.constantFrom('://', ':/', ':', ':///', '://user:pw@', '', ' ://', ':\\\\'),
    fc.oneof(fc.constantFrom('example.com', 'localhost', '127.0.0.1', '[::1]', 'exa\nmple.com', 'a\tb.c', '', '%zz', 'xn--nxasmq6b', 'é.com', 'h:99999', 'h:80'), fc.string()),
    fc.oneof(fc.constantFrom('', '/', '/p?q=1#f', ' ', '\n', '\r\n', '/a b', ':8080/x'), fc.string()),
    fc.constantFrom('', ' ', '\t', '\n', '\u00a0', '\u2028', '\u0000', '\ufeff'),
  )
  .map(([scheme, sep, host, rest, pad]) => `${pad}${scheme}${sep}${host}${rest}${pad}`);

const numbers = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(0, -0, 1e-300, Number.MIN_VALUE, MAX_TIMEOUT_SECONDS, MAX_TIMEOUT_SECONDS + 1e-9, MAX_TIMEOUT_SECONDS + 1, Infinity, -Infinity, NaN),
);

const values = fc.oneof(
  fc.anything({ withBigInt: true, withBoxedValues: true, withDate: true, withMap: true, withSet: true, withNullPrototype: true }),
  fc.string(),
  fc.constantFrom('', 'warn', 'block', 'ignore', 'continue', 'claude', 'native', 'Claude', 'A_1', '_', '1A', 'a-b', 'é', true, false),
  numbers,
  urlish,
);

describe('field checks accept exactly what the schemas accept', () => {
  for (const [name, check, schema] of PAIRS) {
    it(`${name}: same verdict and output as the zod schema`, () => {
      fc.assert(
        fc.property(values, (value) => expectSame(check, schema, value)),
        { numRuns: 3000 },
      );
    });
  }

  it('auditLog: paths, objects of path and payloads (and other keys), as zod reads them', () => {
    const path = fc.oneof(fc.constantFrom('/var/log/a.jsonl', '~/a.jsonl', '~', '~x/a', 'rel/a.jsonl', './a', '', 'C:\\logs\\a', 'c:/a', '\\\\srv\\a', ' /a'), fc.string());
    const setting = fc.oneof(
      fc.boolean(),
      path,
      fc.record({ path, payloads: fc.oneof(fc.boolean(), fc.constantFrom('false', 0, null)) }, { requiredKeys: [] }),
      fc.record({ path, other: fc.anything() }, { requiredKeys: [] }),
      fc.anything(),
    );
    fc.assert(fc.property(setting, (value) => expectSame(checkAuditLog as FieldCheck<unknown>, AuditLogSchema, value)), { numRuns: 3000 });
    expect(checkAuditLog({ path: '~/a.jsonl', payloads: false })).toStrictEqual({ path: '~/a.jsonl', payloads: false });
    expect(checkAuditLog('logs/a.jsonl')).toBeUndefined();
  });

  it('http URL: the vectors zod itself distinguishes', () => {
    const vectors = [
      'https://example.com', ' https://example.com/x ', 'http://exa\nmple.com', 'HTTP://EXAMPLE.COM', 'http:example.com',
      'https:/x', 'ftp://example.com', 'http://', 'http://[::1]:8080', '\thttps://a.b\t', 'https://a b', 'https://%zz',
      'javascript://x', 'https://example.com:99999',
    ];
    for (const value of vectors) expectSame(checkHttpUrl, HttpUrlSchema, value);
    expect(checkHttpUrl('http://exa\nmple.com')).toBe('http://example.com');
    expect(checkHttpUrl(' https://example.com/x ')).toBe('https://example.com/x');
    expect(checkHttpUrl('http:example.com')).toBeUndefined();
  });

  it('timeout seconds: the edges', () => {
    for (const value of [0, -0, -1, 1e-9, MAX_TIMEOUT_SECONDS, MAX_TIMEOUT_SECONDS + 0.5, Infinity, NaN, '5', null]) {
      expectSame(checkTimeoutSeconds, TimeoutSecondsSchema, value);
    }
    expect(checkTimeoutSeconds(MAX_TIMEOUT_SECONDS)).toBe(MAX_TIMEOUT_SECONDS);
    expect(checkTimeoutSeconds(0)).toBeUndefined();
  });
});

describe('the key tables are the schemas’ keys', () => {
  const COMMON = ['id', 'event', 'matcher', 'type', 'dialect', 'timeout', 'onError', 'mode'];

  it('each native hook type: its own keys in schema order, required exactly when the schema requires them', () => {
    for (const type of HOOK_TYPES) {
      const shape = NativeHookSchemas[type].shape as Record<string, z.ZodType>;
      const own = Object.keys(shape).filter((key) => !COMMON.includes(key));
      expect(Object.keys(NATIVE_TYPE_FIELDS[type])).toStrictEqual(own);
      for (const key of own) {
        expect((NATIVE_TYPE_FIELDS[type] as Record<string, boolean>)[key]).toBe(!shape[key]!.safeParse(undefined).success);
      }
    }
  });

  it('llm and proxy', () => {
    expect([...LLM_KEYS]).toStrictEqual(Object.keys(LlmConfigSchema.shape));
    expect([...PROXY_KEYS]).toStrictEqual(Object.keys(ProxyConfigSchema.shape));
  });
});
