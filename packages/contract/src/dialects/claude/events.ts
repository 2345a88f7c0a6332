import type { CanonicalEvent } from '../../events.js';

/** Claude Code's name of each canonical event (shared/research/claude-hooks.md §1). */
export const EVENTS: Readonly<Record<CanonicalEvent, string>> = {
  'tool:before': 'PreToolUse',
  'tool:after': 'PostToolUse',
  'prompt:submit': 'UserPromptSubmit',
  'session:start': 'SessionStart',
  'turn:stop': 'Stop',
  'subagent:start': 'SubagentStart',
  'subagent:end': 'SubagentStop',
  'session:end': 'SessionEnd',
  'tool:error': 'PostToolUseFailure',
  'compact:before': 'PreCompact',
  'permission:request': 'PermissionRequest',
  'notification': 'Notification',
};

export const ALIASES: Readonly<Record<string, CanonicalEvent>> = {};
