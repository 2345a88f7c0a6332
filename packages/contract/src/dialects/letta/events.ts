import type { CanonicalEvent } from '../../events.js';
import { EVENTS as CLAUDE_EVENTS } from '../claude/events.js';

/** The canonical events Letta Code 0.32.18 has (`HookEvent` in the package's `dist/types/hooks/types.d.ts`): all but SubagentStart. */
const HAS: readonly CanonicalEvent[] = [
  'tool:before', 'tool:after', 'prompt:submit', 'session:start', 'turn:stop', 'subagent:end',
  'session:end', 'tool:error', 'compact:before', 'permission:request', 'notification',
];

/** Letta Code names its events as Claude Code does; its payload names the event in `event_type`. */
export const EVENTS: Readonly<Partial<Record<CanonicalEvent, string>>> = Object.fromEntries(HAS.map((event) => [event, CLAUDE_EVENTS[event]]));

export const ALIASES: Readonly<Record<string, CanonicalEvent>> = {};
