import type { CanonicalEvent } from '../../events.js';
import { can, type Capabilities } from '../capabilities.js';

/**
 * What Letta Code 0.32.18 does with a hook's answer (its hook runner, `executeHooks`): only the
 * exit code decides — 2 blocks, with stderr fed back (`[hook]: <stderr>`), on the events its docs
 * say can block; exit-0 stdout is read only on UserPromptSubmit (context) and for PreToolUse's
 * `hookSpecificOutput.updatedInput`. JSON decisions are not read; no ask, no grant, no stop.
 */
export const CAPABILITIES: Readonly<Partial<Record<CanonicalEvent, Capabilities>>> = {
  'tool:before': can('block', 'rewrite'),
  'tool:after': can(),
  'prompt:submit': can('block', 'context'),
  'session:start': can(),
  'turn:stop': can('block'),
  'subagent:end': can('block'),
  'session:end': can(),
  'tool:error': can(),
  'compact:before': can(),
  'permission:request': can('block'),
  'notification': can(),
};
