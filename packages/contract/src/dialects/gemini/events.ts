import type { CanonicalEvent } from '../../events.js';

/** Gemini CLI 0.61's hook events (`HookEventName`; shared/research/dialects.md §1.2). It has no subagent, tool-failure or permission events. */
export const EVENTS: Readonly<Partial<Record<CanonicalEvent, string>>> = {
  'tool:before': 'BeforeTool',
  'tool:after': 'AfterTool',
  'prompt:submit': 'BeforeAgent',
  'session:start': 'SessionStart',
  'turn:stop': 'AfterAgent',
  'session:end': 'SessionEnd',
  'compact:before': 'PreCompress',
  'notification': 'Notification',
};

export const ALIASES: Readonly<Record<string, CanonicalEvent>> = {};
