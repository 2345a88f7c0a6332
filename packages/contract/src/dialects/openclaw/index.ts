import type { Dialect } from '../dialect.js';
import { readAnswer } from './answer.js';
import { CAPABILITIES } from './capabilities.js';
import { ALIASES, EVENTS } from './events.js';
import { renderOutcome } from './outcome.js';
import { readPayload, render } from './payload.js';
import { TOOLS } from './tools.js';

/** OpenClaw's dialect: the hook events hookwire's OpenClaw plugin forwards, and the `{block, reason, context, message}` it applies. */
export const dialect = {
  name: 'openclaw',
  host: 'OpenClaw',
  events: EVENTS,
  aliases: ALIASES,
  tools: TOOLS,
  capabilities: CAPABILITIES,
  newline: false,
  readPayload,
  render,
  readAnswer,
  renderOutcome,
} as const satisfies Dialect;
