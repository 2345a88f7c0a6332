import { isRecord } from '../../describe-value.js';
import type { CanonicalEvent } from '../../events.js';
import { parseJson } from '../claude/answer.js';
import type { PayloadRead } from '../dialect.js';
import { readEventName } from '../event-names.js';
import { copyRecord, renameKeys, setOwn } from '../own-keys.js';
import { toCanonicalTool, toHostTool, withTool } from '../tools.js';
import { ALIASES, EVENTS } from './events.js';
import { TOOLS } from './tools.js';

const NAMES = { events: EVENTS, aliases: ALIASES };

/** A JSON string Cursor sends for an object (MCP `tool_input`, `tool_output`), parsed; anything else as it is. */
function parsedIfJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const parsed = parseJson(value);
  return isRecord(parsed) || Array.isArray(parsed) ? parsed : value;
}

/** Cursor's field names that differ from Claude Code's. */
const TO_CANONICAL: Readonly<Record<string, string>> = { tool_output: 'tool_response', error_message: 'error' };
const TO_CURSOR: Readonly<Record<string, string>> = { tool_response: 'tool_output', error: 'error_message' };

/** The canonical tool call of Cursor's tool-kind events, which carry the call's fields at the top. */
function kindEventTool(eventName: string, raw: Record<string, unknown>): Record<string, unknown> {
  const out = copyRecord(raw);
  switch (eventName) {
    case 'beforeShellExecution':
    case 'afterShellExecution':
      out.tool_name = 'Bash';
      setOwn(out, 'tool_input', { command: raw.command });
      if (raw.output !== undefined) setOwn(out, 'tool_response', raw.output);
      return out;
    case 'beforeReadFile':
      out.tool_name = 'Read';
      setOwn(out, 'tool_input', { file_path: raw.file_path });
      return out;
    case 'afterFileEdit':
      out.tool_name = 'Edit';
      setOwn(out, 'tool_input', { file_path: raw.file_path, edits: raw.edits });
      return out;
    default:
      return out;
  }
}

/**
 * Reads Cursor's payload: its event names (its tool-kind events are tool events whose call is at
 * the top: `command`, `file_path`), its tool types mapped to Claude Code's, JSON strings parsed,
 * `conversation_id` as the session when no `session_id` is given.
 */
export function readPayload(raw: Record<string, unknown>, eventName?: string): PayloadRead | undefined {
  const named = readEventName(NAMES, raw, eventName);
  if (named === undefined) return undefined;
  const renamed = renameKeys(kindEventTool(named.eventName, raw), (key) => TO_CANONICAL[key] ?? key);
  if (Object.hasOwn(renamed, 'tool_input')) setOwn(renamed, 'tool_input', parsedIfJson(renamed.tool_input));
  if (Object.hasOwn(renamed, 'tool_response')) setOwn(renamed, 'tool_response', parsedIfJson(renamed.tool_response));
  if (renamed.session_id === undefined && typeof raw.conversation_id === 'string') renamed.session_id = raw.conversation_id;
  const payload = withTool(renamed, (call) => toCanonicalTool(TOOLS, call));
  return { ...named, payload };
}

/**
 * A canonical payload for a cursor hook: its event and tool names, `conversation_id` and
 * `workspace_roots`, `tool_output` as a JSON string, and the call's `command` or `file_path` at the
 * top as Cursor's tool-kind events give them; one `\n`.
 */
export function render(event: CanonicalEvent, payload: Record<string, unknown>): string {
  const mapped = renameKeys(withTool(payload, (call) => toHostTool(TOOLS, call)), (key) => TO_CURSOR[key] ?? key);
  const out: Record<string, unknown> = { conversation_id: payload.session_id, hook_event_name: EVENTS[event] ?? event };
  if (typeof payload.cwd === 'string') out.workspace_roots = [payload.cwd];
  for (const key of Object.keys(mapped)) if (!Object.hasOwn(out, key) && key !== 'hook_event_name') setOwn(out, key, mapped[key]);
  if (out.tool_output !== undefined && typeof out.tool_output !== 'string') out.tool_output = JSON.stringify(out.tool_output);
  // Hooks written for Cursor's tool-kind events read the call at the top: `command`, `file_path`.
  const input = isRecord(out.tool_input) ? out.tool_input : {};
  if (out.tool_name === 'Shell' && typeof input.command === 'string' && !Object.hasOwn(out, 'command')) out.command = input.command;
  if ((out.tool_name === 'Read' || out.tool_name === 'Write') && typeof input.file_path === 'string' && !Object.hasOwn(out, 'file_path')) out.file_path = input.file_path;
  return `${JSON.stringify(out)}\n`;
}
