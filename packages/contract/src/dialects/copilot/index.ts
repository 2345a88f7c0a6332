import type { Dialect } from '../dialect.js';
import { readAnswer } from './answer.js';
import { CAPABILITIES } from './capabilities.js';
import { ALIASES, EVENTS } from './events.js';
import { renderOutcome } from './outcome.js';
import { readPayload, render } from './payload.js';
import { TOOLS } from './tools.js';

/** Copilot CLI's dialect: its camelCase payloads and flat answers (its PascalCase event names switch a hook to Claude Code's forms); no trailing newline. */
export const dialect = {
  name: 'copilot',
  host: 'Copilot CLI',
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
