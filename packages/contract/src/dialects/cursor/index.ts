import type { Dialect } from '../dialect.js';
import { readAnswer } from './answer.js';
import { CAPABILITIES } from './capabilities.js';
import { ALIASES, EVENTS } from './events.js';
import { renderOutcome } from './outcome.js';
import { readPayload, render } from './payload.js';
import { TOOLS } from './tools.js';

/** Cursor's dialect, from its documented schema: its event names (tool-kind events included), tool types and snake_case answers. */
export const dialect = {
  name: 'cursor',
  host: 'Cursor',
  events: EVENTS,
  aliases: ALIASES,
  tools: TOOLS,
  capabilities: CAPABILITIES,
  newline: true,
  readPayload,
  render,
  readAnswer,
  renderOutcome,
} as const satisfies Dialect;
