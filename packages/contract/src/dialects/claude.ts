import type { CanonicalEvent } from '../events.js';
import type { Dialect } from './dialect.js';

/** Claude Code's dialect: its event names, and payloads as compact JSON plus one newline. */
export const claude: Dialect = {
  name: 'claude',
  events: {
    'tool:before': 'PreToolUse',
    'tool:after': 'PostToolUse',
    'prompt:submit': 'UserPromptSubmit',
    'session:start': 'SessionStart',
    'turn:stop': 'Stop',
    'subagent:start': 'SubagentStart',
    'subagent:end': 'SubagentStop',
  },
  render(event: CanonicalEvent, payload: Record<string, unknown>): string {
    return `${JSON.stringify({ ...payload, hook_event_name: claude.events[event] })}\n`;
  },
};
