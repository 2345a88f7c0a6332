import type { CanonicalEvent } from '../../events.js';
import { can, type Capabilities } from '../capabilities.js';

/**
 * What Qwen Code 0.24.4 does with a hook's answer (docs/hosts-observed.md, "Qwen Code"): a
 * PreToolUse deny reaches the model as the tool's result, but its context does not, its
 * `updatedInput` is not applied and an `allow` grants nothing; PostToolUse takes context but no
 * `decision: "block"` feedback; a blocked Stop re-prompts the model with the reason.
 */
export const CAPABILITIES: Readonly<Partial<Record<CanonicalEvent, Capabilities>>> = {
  'tool:before': can('block', 'ask', 'stop', 'userMessage'),
  'tool:after': can('context', 'stop', 'userMessage'),
  'prompt:submit': can('block', 'context', 'stop', 'userMessage'),
  'session:start': can('context', 'userMessage'),
  'turn:stop': can('block', 'stop', 'userMessage'),
  'subagent:start': can('context', 'userMessage'),
  'subagent:end': can('block', 'userMessage'),
  'session:end': can(),
  'tool:error': can('context', 'userMessage'),
  'compact:before': can(),
  'permission:request': can('block', 'grant'),
  'notification': can(),
};
