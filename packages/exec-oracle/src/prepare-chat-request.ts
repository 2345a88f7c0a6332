import { typeName } from '@hookwire/contract';
import { isReservedHeader, parseTargetUrl, showUrl } from '@hookwire/http-post';
import type { LlmConfig, OracleHook } from './oracle-hook.js';

/** Everything needed to send one judge request, or why the hook cannot be asked. */
export type ChatRequestPlan =
  | {
      ok: true;
      url: URL;
      shown: string;
      model: string;
      prompt: string;
      headers: Record<string, string>;
      apiKey: string | undefined;
      /** The `llm.headers` values actually sent (the API key may replace one): secrets too. */
      secretHeaders: Record<string, string>;
      warnings: string[];
    }
  | { ok: false; message: string };

export const NO_LLM_MESSAGE = 'no llm configured: add "llm": {"baseUrl", "model"} to the config';

/** Checks a prompt hook's endpoint, model, prompt and API key and builds the request headers. */
export function prepareChatRequest(hook: OracleHook, env: Readonly<Record<string, string | undefined>>): ChatRequestPlan {
  const llm: unknown = hook?.llm;
  if (llm === undefined || llm === null) return { ok: false, message: NO_LLM_MESSAGE };
  if (typeof llm !== 'object' || Array.isArray(llm)) return { ok: false, message: `llm must be an object {"baseUrl", "model"}, received ${typeName(llm)}` };
  const config = llm as Partial<Record<keyof LlmConfig, unknown>>;
  const target = parseTargetUrl(config.baseUrl, 'llm.baseUrl');
  if (!target.ok) return target;
  const model = hook.model ?? config.model;
  if (typeof model !== 'string' || model === '') {
    return { ok: false, message: `no model for the judge: set "model" on the hook or in llm (received ${typeName(model)}${model === '' ? ' ""' : ''})` };
  }
  if (typeof hook.prompt !== 'string') return { ok: false, message: `the prompt hook's "prompt" must be a string, received ${typeName(hook.prompt)}` };

  const url = new URL(target.url.href);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/chat/completions`;
  const warnings: string[] = [];
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  const secretHeaders: Record<string, string> = {};
  if (config.headers !== undefined && config.headers !== null) {
    if (typeof config.headers !== 'object' || Array.isArray(config.headers)) {
      warnings.push(`llm.headers must be an object of strings, received ${typeName(config.headers)}; no header sent`);
    } else {
      for (const [name, value] of Object.entries(config.headers as Record<string, unknown>)) {
        if (typeof value !== 'string') warnings.push(`llm.headers "${name}" must be a string, received ${typeName(value)}; not sent`);
        else if (isReservedHeader(name)) warnings.push(`llm.headers "${name}" is set by the HTTP client; the configured value is not sent`);
        else headers[name.toLowerCase()] = secretHeaders[name.toLowerCase()] = value;
      }
    }
  }

  let apiKey: string | undefined;
  if (config.apiKeyEnv !== undefined) {
    if (typeof config.apiKeyEnv !== 'string' || config.apiKeyEnv === '') {
      return { ok: false, message: `llm.apiKeyEnv must name an environment variable, received ${typeName(config.apiKeyEnv)}` };
    }
    const name = config.apiKeyEnv;
    apiKey = Object.hasOwn(env, name) ? env[name] : undefined;
    if (apiKey === undefined || apiKey === '') {
      return { ok: false, message: `llm.apiKeyEnv names ${name}, but ${name} is not set (or empty) in the environment` };
    }
    headers.authorization = `Bearer ${apiKey}`;
  }
  for (const name of Object.keys(secretHeaders)) if (headers[name] !== secretHeaders[name]) delete secretHeaders[name];
  return { ok: true, url, shown: showUrl(url), model, prompt: hook.prompt, headers, apiKey, secretHeaders, warnings };
}
