import type { CanonicalEvent } from '../../events.js';
import { can, type Capabilities } from '../capabilities.js';

/**
 * What Gemini CLI does with a hook's answer (shared/research/gemini-cli-observed.md). `allow`
 * does not bypass Gemini's policy engine, so no event takes a grant; BeforeTool takes no context.
 */
export const CAPABILITIES: Readonly<Partial<Record<CanonicalEvent, Capabilities>>> = {
  'tool:before': can('block', 'ask', 'stop', 'rewrite', 'userMessage'),
  'tool:after': can('feedback', 'context', 'stop', 'userMessage'),
  'prompt:submit': can('block', 'context', 'stop', 'userMessage'),
  'session:start': can('context', 'userMessage'),
  'turn:stop': can('block', 'stop', 'userMessage'),
  'session:end': can(),
  'compact:before': can(),
  'notification': can(),
};
