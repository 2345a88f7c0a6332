import type { Dialect } from '../dialect.js';
import { readAnswer } from './answer.js';
import { CAPABILITIES } from './capabilities.js';
import { ALIASES, EVENTS } from './events.js';
import { renderOutcome } from './outcome.js';
import { readPayload, render } from './payload.js';
import { TOOLS } from './tools.js';

/** Gemini CLI's dialect: its event and tool names, no trailing newline, top-level `decision` answers. */
export const dialect = {
  name: 'gemini',
  host: 'Gemini CLI',
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
