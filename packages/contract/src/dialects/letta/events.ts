import type { CanonicalEvent } from '../../events.js';

/**
 * Letta Code 0.32.18's hook events (`HookEvent` in the package's `dist/types/hooks/types.d.ts`):
 * Claude Code's names, no SubagentStart. The payload names its event in `event_type`.
 */
export const EVENTS: Readonly<Partial<Record<CanonicalEvent, string>>> = {
  'tool:before': 'PreToolUse',
  'tool:after': 'PostToolUse',
  'prompt:submit': 'UserPromptSubmit',
  'session:start': 'SessionStart',
  'turn:stop': 'Stop',
  'subagent:end': 'SubagentStop',
  'session:end': 'SessionEnd',
  'tool:error': 'PostToolUseFailure',
  'compact:before': 'PreCompact',
  'permission:request': 'PermissionRequest',
  'notification': 'Notification',
};

export const ALIASES: Readonly<Record<string, CanonicalEvent>> = {};
