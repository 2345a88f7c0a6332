import type { CanonicalEvent } from '../../events.js';

/**
 * pi's extension events (`pi.on(name, handler)`, @mariozechner/pi-coding-agent 0.73.1
 * docs/extensions.md) that hookwire's pi extension forwards to the bridge; the event object names
 * itself in `type`. A prompt is `input` (its handler can refuse the prompt before the agent runs).
 */
export const EVENTS: Readonly<Partial<Record<CanonicalEvent, string>>> = {
  'tool:before': 'tool_call',
  'tool:after': 'tool_result',
  'prompt:submit': 'input',
  'session:start': 'session_start',
  'turn:stop': 'agent_end',
  'session:end': 'session_shutdown',
};

/**
 * `before_agent_start`: the prompt event of the extension an older `hookwire init --host pi` wrote
 * (which could only add context), still read so that extension keeps working until init rewrites it.
 */
export const ALIASES: Readonly<Record<string, CanonicalEvent>> = { before_agent_start: 'prompt:submit' };
