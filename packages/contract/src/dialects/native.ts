import type { CanonicalEvent } from '../events.js';
import type { Outcome } from '@hookwire/fold';
import type { BridgeResponse, Dialect } from './dialect.js';

/** hookwire's own dialect: canonical names, an envelope with `event` and an ISO timestamp first, and the outcome object as its answer. */
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
  renderOutcome(_event: CanonicalEvent, outcome: Outcome): BridgeResponse {
    return { exitCode: 0, stdout: `${JSON.stringify(outcome)}\n` };
  },
};
