import { collectSecrets, type HookSpec, type HookwireConfig } from '@hookwire/contract';

export { MIN_SECRET_LENGTH, redactSecrets } from '@hookwire/contract';

/**
 * The secret values a hook sends and its results must never show: for a webhook, the values of
 * the environment variables its `allowedEnvVars` lets into its headers; for an LLM judge, the API
 * key (`llm.apiKeyEnv`) and every `llm.headers` value. Each in every form it can come back in (as
 * sent in a header, as a JSON string spells it), longest first, so that no shorter secret leaves
 * part of a longer one readable.
 */
export function secretsOf(spec: HookSpec, config: HookwireConfig, env: Readonly<Record<string, string | undefined>>): string[] {
  const values: (string | undefined)[] = [];
  if (spec.type === 'http') for (const name of spec.allowedEnvVars ?? []) values.push(Object.hasOwn(env, name) ? env[name] : undefined);
  if (spec.type === 'prompt' && config.llm !== undefined) {
    const { apiKeyEnv, headers } = config.llm;
    if (apiKeyEnv !== undefined && Object.hasOwn(env, apiKeyEnv)) values.push(env[apiKeyEnv]);
    values.push(...Object.values(headers ?? {}));
  }
  return collectSecrets(values);
}

/** The secrets of every hook of a config (see `secretsOf`), longest first: what a payload written anywhere is redacted of. */
export function secretsOfConfig(config: HookwireConfig, env: Readonly<Record<string, string | undefined>>): string[] {
  const all = config.hooks.flatMap((spec) => secretsOf(spec, config, env));
  return [...new Set(all)].sort((a, b) => b.length - a.length);
}
