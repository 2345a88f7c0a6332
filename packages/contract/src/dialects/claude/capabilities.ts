import type { CanonicalEvent } from '../../events.js';
import { can, type Capabilities } from '../capabilities.js';

/**
 * What Claude Code does with a hook's answer (shared/research/claude-code-observed.md, claude-hooks.md).
 * Context on Stop and SubagentStop is feedback that keeps the turn going (≥ 2.1.163).
 */
export const CAPABILITIES: Readonly<Record<CanonicalEvent, Capabilities>> = {
  'tool:before': can('block', 'ask', 'grant', 'context', 'stop', 'rewrite', 'userMessage'),
  'tool:after': can('feedback', 'context', 'stop', 'userMessage'),
  'prompt:submit': can('block', 'context', 'stop', 'userMessage'),
  'session:start': can('context', 'stop', 'userMessage'),
  'turn:stop': can('block', 'context', 'stop', 'userMessage'),
  'subagent:start': can('context', 'userMessage'),
  'subagent:end': can('block', 'context', 'stop', 'userMessage'),
  'session:end': can(),
  'tool:error': can('feedback', 'context', 'stop', 'userMessage'),
  'compact:before': can('block'),
  'permission:request': can('block', 'grant', 'rewrite'),
  'notification': can(),
};
