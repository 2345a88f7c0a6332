import type { CanonicalEvent } from '../../events.js';
import { can, type Capabilities } from '../capabilities.js';

/**
 * What hookwire's pi extension can do with an answer (docs/hosts-observed.md, "pi"): a
 * `tool_call` handler blocks with a reason (the model gets the reason as the tool's result); a
 * `tool_result` handler appends context to the result; an `input` handler refuses a prompt (the
 * agent never runs; the user is shown the reason) and its context is injected as a message by the
 * `before_agent_start` that follows; at `agent_end` a block sends its reason as a new user message
 * (`pi.sendUserMessage`), which keeps the agent going as Claude Code's Stop block does; every event
 * can show the user a notice (`ctx.ui.notify`, stderr headless).
 */
export const CAPABILITIES: Readonly<Partial<Record<CanonicalEvent, Capabilities>>> = {
  'tool:before': can('block', 'userMessage'),
  'tool:after': can('feedback', 'context', 'userMessage'),
  'prompt:submit': can('block', 'context', 'userMessage'),
  'session:start': can('userMessage'),
  'turn:stop': can('block', 'userMessage'),
  'session:end': can('userMessage'),
};
