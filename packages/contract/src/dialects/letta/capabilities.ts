import type { CanonicalEvent } from '../../events.js';
import { can, type Capabilities } from '../capabilities.js';

/**
 * What Letta Code 0.32.18 does with a hook's answer (its hook runner, `executeHooks`, and
 * `executeHooksParallel` for PostToolUse and PostToolUseFailure; docs/hosts-observed.md, "Letta
 * Code"): exit 2 blocks, with stderr fed back (`[<the hook's command>]: <stderr>`), on the events
 * its docs say can block; exit-0 stdout is read on UserPromptSubmit (context), for PreToolUse's
 * `hookSpecificOutput.updatedInput`, and on PostToolUse / PostToolUseFailure as
 * `hookSpecificOutput.additionalContext`, which the model gets after the tool's result (`[Hook
 * feedback]:`). JSON decisions are not read; no ask, no grant, no stop. Headless (`letta -p`) runs
 * only the tool hooks (observed): UserPromptSubmit, Stop, SessionStart and SessionEnd run in the
 * interactive UI.
 */
export const CAPABILITIES: Readonly<Partial<Record<CanonicalEvent, Capabilities>>> = {
  'tool:before': can('block', 'rewrite'),
  'tool:after': can('feedback', 'context'),
  'prompt:submit': can('block', 'context'),
  'session:start': can(),
  'turn:stop': can('block'),
  'subagent:end': can('block'),
  'session:end': can(),
  'tool:error': can('feedback', 'context'),
  'compact:before': can(),
  'permission:request': can('block'),
  'notification': can(),
};
