import { isRecord } from '../../describe-value.js';
import type { CanonicalEvent } from '../../events.js';
import type { PayloadRead } from '../dialect.js';
import { resolveName } from '../event-names.js';
import { copyRecord, setOwn } from '../own-keys.js';
import { isPatchText, PATCH_FIELD, readPatchCall } from '../patch.js';
import { toCanonicalTool, toHostTool, type ToolCall } from '../tools.js';
import { ALIASES, EVENTS } from './events.js';
import { TOOLS } from './tools.js';

const NAMES = { events: EVENTS, aliases: ALIASES };

/** The text of an OpenClaw tool result's content (`[{type: "text", text}]`), joined. */
function contentText(result: unknown): string | undefined {
  const content = isRecord(result) ? result.content : undefined;
  if (!Array.isArray(content)) return undefined;
  return content.map((part) => (isRecord(part) && typeof part.text === 'string' ? part.text : '')).join('');
}

/** An OpenClaw tool call in Claude Code's names: `apply_patch`'s `{input: <patch>}` as the patch's file calls (patch.ts), the rest by the tool table. */
function readCall(name: string, params: unknown, cwd: unknown): ToolCall {
  const patch = name === 'apply_patch' && isRecord(params) ? params.input : undefined;
  if (isPatchText(patch)) {
    const call = readPatchCall(patch, cwd);
    if (call !== undefined) return call;
  }
  return toCanonicalTool(TOOLS, { name, input: params });
}

/**
 * Reads an OpenClaw hook event as hookwire's OpenClaw plugin sends it (the event object, with
 * `cwd` and `session_id` added): `type` is the event; `toolName` / `params` the tool in Claude
 * Code's names; an `after_tool_call`'s `result` text (or its `error`) the `tool_response`;
 * `before_prompt_build`'s `prompt` the prompt; `before_agent_finalize`'s `lastAssistantMessage`
 * and `stopHookActive` Claude Code's `last_assistant_message` and `stop_hook_active`.
 */
export function readPayload(raw: Record<string, unknown>, eventName?: string): PayloadRead | undefined {
  const name = typeof raw.type === 'string' ? raw.type : eventName;
  const event = resolveName(NAMES, name);
  if (event === undefined) return undefined;
  const payload = copyRecord(raw);
  for (const key of ['type', 'toolName', 'params', 'toolCallId', 'result', 'error', 'lastAssistantMessage', 'stopHookActive']) delete payload[key];
  if (typeof raw.toolName === 'string') {
    const call = readCall(raw.toolName, raw.params, raw.cwd);
    setOwn(payload, 'tool_name', call.name);
    setOwn(payload, 'tool_input', call.input);
    if (typeof raw.toolCallId === 'string') setOwn(payload, 'tool_use_id', raw.toolCallId);
    if (typeof raw.error === 'string') setOwn(payload, 'tool_response', { error: raw.error });
    else {
      const text = contentText(raw.result);
      if (text !== undefined) setOwn(payload, 'tool_response', text);
    }
  }
  if (typeof raw.lastAssistantMessage === 'string') setOwn(payload, 'last_assistant_message', raw.lastAssistantMessage);
  if (typeof raw.stopHookActive === 'boolean') setOwn(payload, 'stop_hook_active', raw.stopHookActive);
  return { event, eventName: EVENTS[event] ?? String(name), payload };
}

/** A canonical payload as an OpenClaw event object (for a hook written for OpenClaw): `type` first, its tool names, no trailing newline. */
export function render(event: CanonicalEvent, payload: Record<string, unknown>): string {
  const out: Record<string, unknown> = { type: EVENTS[event] ?? event };
  if (typeof payload.tool_name === 'string') {
    // A file call read from a patch (it holds the patch) goes back as the patch; others by the table.
    const patch = isRecord(payload.tool_input) ? payload.tool_input[PATCH_FIELD] : undefined;
    const call = isPatchText(patch) ? { name: 'apply_patch', input: { input: patch } } : toHostTool(TOOLS, { name: payload.tool_name, input: payload.tool_input });
    out.toolName = call.name;
    if (typeof payload.tool_use_id === 'string') out.toolCallId = payload.tool_use_id;
    out.params = call.input;
  }
  if (typeof payload.last_assistant_message === 'string') out.lastAssistantMessage = payload.last_assistant_message;
  if (typeof payload.stop_hook_active === 'boolean') out.stopHookActive = payload.stop_hook_active;
  const done = ['tool_name', 'tool_input', 'tool_use_id', 'hook_event_name', 'last_assistant_message', 'stop_hook_active'];
  for (const key of Object.keys(payload)) if (!done.includes(key) && !Object.hasOwn(out, key)) setOwn(out, key, payload[key]);
  return JSON.stringify(out);
}
