import type { CanonicalEvent } from '../../events.js';

/**
 * OpenClaw's typed plugin hooks (`api.on(name, handler)`, openclaw 2026.9.6
 * docs/plugins/hooks/reference.md) that hookwire's OpenClaw plugin forwards to the bridge; the
 * event object names itself in `type`. `before_agent_finalize` is the Stop of a turn: its
 * `revise` sends the model one more pass.
 */
export const EVENTS: Readonly<Partial<Record<CanonicalEvent, string>>> = {
  'tool:before': 'before_tool_call',
  'tool:after': 'after_tool_call',
  'prompt:submit': 'before_prompt_build',
  'session:start': 'session_start',
  'turn:stop': 'before_agent_finalize',
  'session:end': 'session_end',
};

export const ALIASES: Readonly<Record<string, CanonicalEvent>> = {};
