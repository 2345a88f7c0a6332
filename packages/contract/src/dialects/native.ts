import type { CanonicalEvent } from '../events.js';
import type { Dialect } from './dialect.js';

/** hookwire's own dialect: canonical names, and an envelope with `event` and an ISO timestamp first. */
export const native: Dialect = {
  name: 'native',
  events: {
    'tool:before': 'tool:before',
    'tool:after': 'tool:after',
    'prompt:submit': 'prompt:submit',
    'session:start': 'session:start',
    'turn:stop': 'turn:stop',
    'subagent:start': 'subagent:start',
    'subagent:end': 'subagent:end',
  },
  render(event: CanonicalEvent, payload: Record<string, unknown>, now: Date = new Date()): string {
    const ts = now.toISOString();
    const envelope: Record<string, unknown> = { event, ts, ...payload, hook_event_name: event };
    envelope.event = event;
    envelope.ts = ts;
    return `${JSON.stringify(envelope)}\n`;
  },
};
