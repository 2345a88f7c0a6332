import type { CanonicalEvent } from '../../events.js';
import { can, type Capabilities } from '../capabilities.js';

/**
 * What hookwire's pi extension can do with an answer (docs/hosts-observed.md, "pi"): a
 * `tool_call` handler blocks with a reason (the model gets the reason as the tool's result); a
 * `tool_result` handler appends context to the result; `before_agent_start` injects a message for
 * the model; every event can show the user a notice (`ctx.ui.notify`, stderr headless).
 */
export const CAPABILITIES: Readonly<Partial<Record<CanonicalEvent, Capabilities>>> = {
  'tool:before': can('block', 'userMessage'),
  'tool:after': can('feedback', 'context', 'userMessage'),
  'prompt:submit': can('context', 'userMessage'),
  'session:start': can('userMessage'),
  'turn:stop': can('userMessage'),
  'session:end': can('userMessage'),
};
