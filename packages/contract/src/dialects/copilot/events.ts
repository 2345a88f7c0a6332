import type { CanonicalEvent } from '../../events.js';

/**
 * Copilot CLI 1.0.102's hook events in its own camelCase dialect (shared/research/copilot-observed.md,
 * dialects.md §3.2). Its PascalCase names (`PreToolUse`) switch a hook to Claude Code's payload and
 * answer form; they are read as aliases.
 */
export const EVENTS: Readonly<Partial<Record<CanonicalEvent, string>>> = {
  'tool:before': 'preToolUse',
  'tool:after': 'postToolUse',
  'prompt:submit': 'userPromptSubmitted',
  'session:start': 'sessionStart',
  'turn:stop': 'agentStop',
  'subagent:start': 'subagentStart',
  'subagent:end': 'subagentStop',
  'session:end': 'sessionEnd',
  'tool:error': 'postToolUseFailure',
  'compact:before': 'preCompact',
  'permission:request': 'permissionRequest',
  'notification': 'notification',
};

/** The PascalCase names Copilot CLI also takes: each switches that hook to Claude Code's forms. */
export const ALIASES: Readonly<Record<string, CanonicalEvent>> = {
  PreToolUse: 'tool:before',
  PostToolUse: 'tool:after',
  PostToolUseFailure: 'tool:error',
  UserPromptSubmit: 'prompt:submit',
  SessionStart: 'session:start',
  SessionEnd: 'session:end',
  Stop: 'turn:stop',
  SubagentStop: 'subagent:end',
  PreCompact: 'compact:before',
  PermissionRequest: 'permission:request',
};

/** Whether a Copilot event name is one of the PascalCase ones (Claude Code's forms). */
export function isPascalName(name: string | undefined): boolean {
  return name !== undefined && Object.hasOwn(ALIASES, name);
}
