import type { Dialect } from '../dialect.js';
import { readClaudeAnswer } from './answer.js';
import { CAPABILITIES } from './capabilities.js';
import { ALIASES, EVENTS } from './events.js';
import { renderOutcome } from './outcome.js';
import { readPayload, render } from './payload.js';
import { TOOLS } from './tools.js';

/** Claude Code's dialect: the canonical payload and tool names, compact JSON plus one newline, and its hook response form. */
export const dialect = {
  name: 'claude',
  host: 'Claude Code',
  events: EVENTS,
  aliases: ALIASES,
  tools: TOOLS,
  capabilities: CAPABILITIES,
  newline: true,
  readPayload,
  render,
  readAnswer: (input) => readClaudeAnswer(input),
  renderOutcome,
} as const satisfies Dialect;
