import { isRecord } from '../../describe-value.js';
import type { CanonicalEvent } from '../../events.js';
import type { PayloadRead } from '../dialect.js';
import { resolveName } from '../event-names.js';
import { copyRecord, setOwn } from '../own-keys.js';
import { toCanonicalTool, toHostTool } from '../tools.js';
import { ALIASES, EVENTS } from './events.js';
import { TOOLS } from './tools.js';

const NAMES = { events: EVENTS, aliases: ALIASES };

/** The text of pi's tool-result content (`[{type: "text", text}]`), joined. */
function contentText(content: unknown): string | undefined {
  if (!Array.isArray(content)) return undefined;
  return content.map((part) => (isRecord(part) && typeof part.text === 'string' ? part.text : '')).join('');
}

/**
 * Reads a pi event as hookwire's pi extension sends it (the event object, with `cwd` and
 * `session_id` added): `type` is the event, `toolName` / `input` the tool in Claude Code's names,
 * a tool result's text its `tool_response`, `input`'s `text` the `prompt` (an older extension's
 * `before_agent_start` sends `prompt` itself); `agent_end` carries the extension's
 * `stop_hook_active` and `last_assistant_message` in Claude Code's names already.
 */
export function readPayload(raw: Record<string, unknown>, eventName?: string): PayloadRead | undefined {
  const name = typeof raw.type === 'string' ? raw.type : eventName;
  const event = resolveName(NAMES, name);
  if (event === undefined) return undefined;
  const payload = copyRecord(raw);
  delete payload.type;
  if (typeof raw.toolName === 'string') {
    const call = toCanonicalTool(TOOLS, { name: raw.toolName, input: raw.input });
    setOwn(payload, 'tool_name', call.name);
    setOwn(payload, 'tool_input', call.input);
    if (typeof raw.toolCallId === 'string') setOwn(payload, 'tool_use_id', raw.toolCallId);
    const text = contentText(raw.content);
    if (text !== undefined) setOwn(payload, 'tool_response', raw.isError === true ? { error: text } : text);
  }
  if (event === 'prompt:submit' && typeof raw.text === 'string') {
    delete payload.text;
    if (typeof raw.prompt !== 'string') setOwn(payload, 'prompt', raw.text);
  }
  return { event, eventName: EVENTS[event] ?? String(name), payload };
}

/**
 * A canonical payload as a pi event object (for a hook written for pi): `type` first, its tool
 * names, a prompt as `input`'s `text` (and as `prompt`, which the older `before_agent_start` form
 * gave), no trailing newline.
 */
export function render(event: CanonicalEvent, payload: Record<string, unknown>): string {
  const out: Record<string, unknown> = { type: EVENTS[event] ?? event };
  if (event === 'prompt:submit' && typeof payload.prompt === 'string') out.text = payload.prompt;
  if (typeof payload.tool_name === 'string') {
    const call = toHostTool(TOOLS, { name: payload.tool_name, input: payload.tool_input });
    out.toolName = call.name;
    if (typeof payload.tool_use_id === 'string') out.toolCallId = payload.tool_use_id;
    out.input = call.input;
  }
  for (const key of Object.keys(payload)) if (!['tool_name', 'tool_input', 'tool_use_id', 'hook_event_name'].includes(key) && !Object.hasOwn(out, key)) setOwn(out, key, payload[key]);
  return JSON.stringify(out);
}
