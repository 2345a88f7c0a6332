import type { HookSpec, HookwireConfig } from '@hookwire/contract';

const REDACTED = '[redacted]';

/** Shorter values are not treated as secrets: replacing them would garble ordinary text. */
export const MIN_SECRET_LENGTH = 8;

/**
 * The secret values a hook sends and its results must never show: for a webhook, the values of
 * the environment variables its `allowedEnvVars` lets into its headers; for an LLM judge, the API
 * key (`llm.apiKeyEnv`) and every `llm.headers` value. Longest first, so that no shorter secret
 * leaves part of a longer one readable.
 */
export function secretsOf(spec: HookSpec, config: HookwireConfig, env: Readonly<Record<string, string | undefined>>): string[] {
  const values: (string | undefined)[] = [];
  if (spec.type === 'http') for (const name of spec.allowedEnvVars ?? []) values.push(Object.hasOwn(env, name) ? env[name] : undefined);
  if (spec.type === 'prompt' && config.llm !== undefined) {
    const { apiKeyEnv, headers } = config.llm;
    if (apiKeyEnv !== undefined && Object.hasOwn(env, apiKeyEnv)) values.push(env[apiKeyEnv]);
    values.push(...Object.values(headers ?? {}));
  }
  const secrets = values.filter((value): value is string => typeof value === 'string' && value.length >= MIN_SECRET_LENGTH);
  return [...new Set(secrets)].sort((a, b) => b.length - a.length);
}

/** Returns `value` with every occurrence of each secret, in any string at any depth, replaced by `[redacted]`. */
export function redactSecrets<T>(value: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return value;
  const redact = (item: unknown): unknown => {
    if (typeof item === 'string') {
      let text = item;
      for (const secret of secrets) if (text.includes(secret)) text = text.replaceAll(secret, REDACTED);
      return text;
    }
    if (Array.isArray(item)) return item.map(redact);
    if (typeof item === 'object' && item !== null) return Object.fromEntries(Object.entries(item).map(([key, entry]) => [key, redact(entry)]));
    return item;
  };
  return redact(value) as T;
}
