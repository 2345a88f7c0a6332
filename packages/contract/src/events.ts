/**
 * The canonical events of ARCHITECTURE §3, with what each one allows; the last five are the events
 * most hosts share beyond the seven (a session ending, a tool that failed, compaction about to
 * start, the host about to ask for a permission, a notification to the user).
 */
export const CANONICAL_EVENTS = {
  'tool:before': { blockable: true, contextFromStdout: false, subject: 'tool' },
  'tool:after': { blockable: false, contextFromStdout: false, subject: 'tool' },
  'prompt:submit': { blockable: true, contextFromStdout: true, subject: 'none' },
  'session:start': { blockable: false, contextFromStdout: true, subject: 'source' },
  'turn:stop': { blockable: true, contextFromStdout: false, subject: 'none' },
  'subagent:start': { blockable: false, contextFromStdout: false, subject: 'agent' },
  'subagent:end': { blockable: true, contextFromStdout: false, subject: 'agent' },
  'session:end': { blockable: false, contextFromStdout: false, subject: 'reason' },
  'tool:error': { blockable: false, contextFromStdout: false, subject: 'tool' },
  'compact:before': { blockable: true, contextFromStdout: false, subject: 'trigger' },
  'permission:request': { blockable: true, contextFromStdout: false, subject: 'tool' },
  'notification': { blockable: false, contextFromStdout: false, subject: 'notification' },
} as const satisfies Record<string, EventTraits>;

export interface EventTraits {
  /** A deny or ask can stop the action; on other events it is downgraded. */
  readonly blockable: boolean;
  /** Plain (non-JSON) stdout of a successful handler is context. */
  readonly contextFromStdout: boolean;
  /** Where the subject a matcher is applied to comes from; `none` means matchers are not applied. */
  readonly subject: 'tool' | 'source' | 'agent' | 'reason' | 'trigger' | 'notification' | 'none';
}

export type CanonicalEvent = keyof typeof CANONICAL_EVENTS;

export const CANONICAL_EVENT_NAMES = Object.keys(CANONICAL_EVENTS) as readonly CanonicalEvent[];

export function isCanonicalEvent(name: unknown): name is CanonicalEvent {
  return typeof name === 'string' && Object.hasOwn(CANONICAL_EVENTS, name);
}

export function eventTraits(event: CanonicalEvent): EventTraits {
  return CANONICAL_EVENTS[event];
}

/**
 * The subject a matcher is applied to: `tool_name`, then `tool`, then `name` on tool events;
 * `source` for `session:start`; `agent_type` for subagent events; `reason` for `session:end`;
 * `trigger` for `compact:before`; `notification_type` for `notification`; none on `prompt:submit`
 * and `turn:stop`. The tool name is the canonical one (Claude Code's); the runtime translates it
 * into each hook's dialect before testing that hook's matcher.
 */
export function deriveSubject(event: CanonicalEvent, payload: unknown): string | undefined {
  if (!isCanonicalEvent(event) || typeof payload !== 'object' || payload === null) return undefined;
  const fields = payload as Record<string, unknown>;
  const pick = (...keys: string[]) => {
    for (const key of keys) if (typeof fields[key] === 'string') return fields[key] as string;
    return undefined;
  };
  switch (CANONICAL_EVENTS[event].subject) {
    case 'tool':
      return pick('tool_name', 'tool', 'name');
    case 'source':
      return pick('source');
    case 'agent':
      return pick('agent_type');
    case 'reason':
      return pick('reason');
    case 'trigger':
      return pick('trigger');
    case 'notification':
      return pick('notification_type');
    case 'none':
      return undefined;
  }
}
