/** The LLM endpoint a prompt hook asks (the config's `llm`). */
export interface LlmConfig {
  /** Base URL of an OpenAI-compatible API; the executor POSTs to `{baseUrl}/chat/completions`. */
  baseUrl: string;
  /** The model sent with each request, unless the hook names its own. */
  model: string;
  /** The environment variable holding the API key, sent as `Authorization: Bearer <key>`. */
  apiKeyEnv?: string;
  /** Extra request headers, sent as written. */
  headers?: Record<string, string>;
}

/** A prompt (LLM-judge) handler as the runtime hands it to the executor. */
export interface OracleHook {
  /** The question or rule; `$ARGUMENTS` marks where the fenced payload goes (appended when absent). */
  prompt: string;
  /** Overrides `llm.model` for this hook. */
  model?: string;
  /** The endpoint; without it the run is an `unconfigured` failure. */
  llm?: LlmConfig;
}
