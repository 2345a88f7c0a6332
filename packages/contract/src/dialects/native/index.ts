import type { Outcome } from '@hookwire/fold';
import type { BridgeResponse, Dialect } from '../dialect.js';
import { readClaudeAnswer } from '../claude/answer.js';
import { CAPABILITIES } from './capabilities.js';
import { ALIASES, EVENTS } from './events.js';
import { readPayload, render } from './payload.js';
import { TOOLS } from './tools.js';

/** hookwire's own dialect: canonical names, an envelope with `event` and an ISO timestamp first, Claude Code's answer form, and the outcome object as its answer. */
export const dialect = {
  name: 'native',
  host: 'hookwire (native)',
  events: EVENTS,
  aliases: ALIASES,
  tools: TOOLS,
  capabilities: CAPABILITIES,
  newline: true,
  readPayload,
  render,
  readAnswer: (input) => readClaudeAnswer(input),
  renderOutcome(_event, outcome: Outcome): BridgeResponse {
    return { exitCode: 0, stdout: `${JSON.stringify(outcome)}\n` };
  },
} as const satisfies Dialect;
