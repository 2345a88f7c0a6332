import type { CanonicalEvent } from '../../events.js';

/**
 * pi's extension events (`pi.on(name, handler)`, @mariozechner/pi-coding-agent 0.73.1
 * docs/extensions.md) that hookwire's pi extension forwards to the bridge; the event object names
 * itself in `type`.
 */
export const EVENTS: Readonly<Partial<Record<CanonicalEvent, string>>> = {
  'tool:before': 'tool_call',
  'tool:after': 'tool_result',
  'prompt:submit': 'before_agent_start',
  'session:start': 'session_start',
  'turn:stop': 'agent_end',
  'session:end': 'session_shutdown',
};

export const ALIASES: Readonly<Record<string, CanonicalEvent>> = {};
