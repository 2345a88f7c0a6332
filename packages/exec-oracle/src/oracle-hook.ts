import type { LlmConfig } from '@hookwire/contract';

/** The LLM endpoint a prompt hook asks: the config's `llm`, as `@hookwire/contract` reads it (`LlmConfigSchema`). */
export type { LlmConfig };

/** A prompt (LLM-judge) handler as the runtime hands it to the executor. */
export interface OracleHook {
  /** The question or rule; `$ARGUMENTS` marks where the fenced payload goes (appended when absent). */
  prompt: string;
  /** Overrides `llm.model` for this hook. */
  model?: string;
  /** The endpoint; without it the run is an `unconfigured` failure. */
  llm?: LlmConfig;
}
