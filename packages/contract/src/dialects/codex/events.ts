import type { CanonicalEvent } from '../../events.js';
import { EVENTS as CLAUDE_EVENTS } from '../claude/events.js';

/** The canonical events Codex CLI 0.171 has (shared/research/codex-observed.md): no tool-failure and no notification event. */
const HAS: readonly CanonicalEvent[] = [
  'tool:before', 'tool:after', 'prompt:submit', 'session:start', 'turn:stop', 'subagent:start', 'subagent:end',
  'session:end', 'compact:before', 'permission:request',
];

/** Codex names its events as Claude Code does. */
export const EVENTS: Readonly<Partial<Record<CanonicalEvent, string>>> = Object.fromEntries(HAS.map((event) => [event, CLAUDE_EVENTS[event]]));

export const ALIASES: Readonly<Record<string, CanonicalEvent>> = {};
