import type { CanonicalEvent } from '../../events.js';

/** Cursor's hook events (cursor.com/docs/agent/hooks; shared/research/dialects.md §4.2). It has no permission or notification events. */
export const EVENTS: Readonly<Partial<Record<CanonicalEvent, string>>> = {
  'tool:before': 'preToolUse',
  'tool:after': 'postToolUse',
  'prompt:submit': 'beforeSubmitPrompt',
  'session:start': 'sessionStart',
  'turn:stop': 'stop',
  'subagent:start': 'subagentStart',
  'subagent:end': 'subagentStop',
  'session:end': 'sessionEnd',
  'tool:error': 'postToolUseFailure',
  'compact:before': 'preCompact',
};

/** Cursor's tool-kind events, each one more name of a canonical tool event. */
export const ALIASES: Readonly<Record<string, CanonicalEvent>> = {
  beforeShellExecution: 'tool:before',
  beforeMCPExecution: 'tool:before',
  beforeReadFile: 'tool:before',
  afterShellExecution: 'tool:after',
  afterMCPExecution: 'tool:after',
  afterFileEdit: 'tool:after',
};
