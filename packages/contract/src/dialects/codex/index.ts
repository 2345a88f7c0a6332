import type { Dialect } from '../dialect.js';
import { readAnswer } from './answer.js';
import { CAPABILITIES } from './capabilities.js';
import { ALIASES, EVENTS } from './events.js';
import { renderOutcome } from './outcome.js';
import { readPayload, render } from './payload.js';
import { TOOLS } from './tools.js';

/** Codex's dialect: Claude Code's names and payload without the trailing newline; strict answers (only fields Codex knows). */
export const dialect = {
  name: 'codex',
  host: 'Codex',
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
