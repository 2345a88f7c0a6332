import type { CanonicalEvent } from '../../events.js';
import { can, type Capabilities } from '../capabilities.js';

/**
 * What Codex does with a hook's answer (shared/research/codex-observed.md, dialects.md §2.4).
 * Codex has no `ask`, takes no bare `allow` on PreToolUse, and refuses `continue: false` there.
 */
export const CAPABILITIES: Readonly<Partial<Record<CanonicalEvent, Capabilities>>> = {
  'tool:before': can('block', 'context', 'rewrite', 'userMessage'),
  'tool:after': can('feedback', 'context', 'stop', 'userMessage'),
  'prompt:submit': can('block', 'context', 'stop', 'userMessage'),
  'session:start': can('context', 'userMessage'),
  'turn:stop': can('block', 'userMessage'),
  'subagent:start': can('context', 'userMessage'),
  'subagent:end': can('block', 'userMessage'),
  'session:end': can(),
  'compact:before': can(),
  'permission:request': can('block', 'grant'),
};
