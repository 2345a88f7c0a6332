import type { CanonicalEvent } from '../../events.js';

/**
 * Cline CLI 3.0.65's hook events: one executable per event, named after it, in
 * `<workspace>/.clinerules/hooks/` or `~/.cline/hooks/` (docs/hosts-observed.md, "Cline"). Its
 * payload names the event in `hookName`, in the SDK's own words (`tool_call`, `agent_start`, ...),
 * read here as further names. It has no subagent, tool-failure, permission or notification event.
 */
export const EVENTS: Readonly<Partial<Record<CanonicalEvent, string>>> = {
  'tool:before': 'PreToolUse',
  'tool:after': 'PostToolUse',
  'prompt:submit': 'UserPromptSubmit',
  'session:start': 'TaskStart',
  'turn:stop': 'TaskComplete',
  'session:end': 'SessionShutdown',
  'compact:before': 'PreCompact',
};

export const ALIASES: Readonly<Record<string, CanonicalEvent>> = {
  TaskResume: 'session:start',
  tool_call: 'tool:before',
  tool_result: 'tool:after',
  prompt_submit: 'prompt:submit',
  agent_start: 'session:start',
  agent_resume: 'session:start',
  agent_end: 'turn:stop',
  session_shutdown: 'session:end',
  pre_compact: 'compact:before',
};
