import type { CanonicalEvent } from '../../events.js';
import { can, type Capabilities } from '../capabilities.js';

/**
 * What Copilot CLI does with a camelCase hook's answer (shared/research/copilot-observed.md). It
 * shows hook messages to nobody (stderr goes to its debug log) and has no `continue: false`; a
 * downgraded deny after a tool reaches the model as additional context.
 */
export const CAPABILITIES: Readonly<Partial<Record<CanonicalEvent, Capabilities>>> = {
  'tool:before': can('block', 'ask', 'grant', 'context', 'rewrite'),
  'tool:after': can('feedback', 'context'),
  'prompt:submit': can('block', 'context'),
  'session:start': can('context'),
  'turn:stop': can('block'),
  'subagent:start': can('context'),
  'subagent:end': can('block'),
  'session:end': can(),
  'tool:error': can('feedback', 'context'),
  'compact:before': can(),
  'permission:request': can('block', 'grant'),
  'notification': can('context'),
};
