import type { CanonicalEvent } from '../../events.js';
import { can, type Capabilities } from '../capabilities.js';

/**
 * What hookwire's OpenClaw plugin can do with an answer (docs/hosts-observed.md, "OpenClaw"): a
 * `before_tool_call` handler blocks with a reason (the model gets it as the tool's error result);
 * `before_prompt_build` appends context to the prompt, and a block there stops the run before the
 * model reads the prompt (the plugin applies it from `before_agent_run`, whose `message` replaces the prompt); `before_agent_finalize` asks for one more
 * model pass with a reason (a Stop block, and so Stop context) — which OpenClaw 2026.9.6 grants only
 * in a turn where no tool with side effects ran (`hadDeterministicSideEffect`: it logs "requested
 * revision after potential side effects; finalizing" and ends the turn). `after_tool_call`, `session_start`
 * and `session_end` only observe: their results are ignored. Every event can tell the user
 * (stderr, which the CLI shows and the Gateway logs).
 */
export const CAPABILITIES: Readonly<Partial<Record<CanonicalEvent, Capabilities>>> = {
  'tool:before': can('block', 'userMessage'),
  'tool:after': can('userMessage'),
  'prompt:submit': can('block', 'context', 'userMessage'),
  'session:start': can('userMessage'),
  'turn:stop': can('block', 'userMessage'),
  'session:end': can('userMessage'),
};
