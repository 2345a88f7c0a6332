import type { Dialect } from '../dialect.js';
import { readAnswer } from './answer.js';
import { CAPABILITIES } from './capabilities.js';
import { ALIASES, EVENTS } from './events.js';
import { renderOutcome } from './outcome.js';
import { readPayload, render } from './payload.js';
import { TOOLS } from './tools.js';

/** Cline CLI's dialect: one executable per event, its nested camelCase payload and `{cancel, contextModification, errorMessage}` answers. */
export const dialect = {
  name: 'cline',
  host: 'Cline',
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
