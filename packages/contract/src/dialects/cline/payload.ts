import { isRecord } from '../../describe-value.js';
import type { CanonicalEvent } from '../../events.js';
import type { PayloadRead } from '../dialect.js';
import { resolveName } from '../event-names.js';
import { copyRecord, setOwn } from '../own-keys.js';
import { toCanonicalTool, toHostTool, type ToolCall } from '../tools.js';
import { ALIASES, EVENTS } from './events.js';
import { TOOLS } from './tools.js';

const NAMES = { events: EVENTS, aliases: ALIASES };

/** The SDK's name of each event, as Cline writes it in `hookName`. */
const HOOK_NAMES: Readonly<Partial<Record<CanonicalEvent, string>>> = {
  'tool:before': 'tool_call',
  'tool:after': 'tool_result',
  'prompt:submit': 'prompt_submit',
  'session:start': 'agent_start',
  'turn:stop': 'agent_end',
  'session:end': 'session_shutdown',
  'compact:before': 'pre_compact',
};

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** A Cline tool call in Claude Code's names and input shapes: `run_commands` is `Bash` with its commands one per line (and `commands` kept when there are several), `editor` `Edit` or `Write`, `read_files` `Read` of its first file (and `files` kept). */
export function readClineTool(call: ToolCall): ToolCall {
  const input = isRecord(call.input) ? copyRecord(call.input) : call.input;
  if (!isRecord(input)) return toCanonicalTool(TOOLS, call);
  if (call.name === 'run_commands') {
    const commands = strings(input.commands);
    // One command is Claude Code's shape exactly; several are kept as Cline gave them beside their lines.
    if (commands.length === 1 && Array.isArray(input.commands) && input.commands.length === 1) delete input.commands;
    setOwn(input, 'command', commands.join('\n'));
    return { name: 'Bash', input };
  }
  if (call.name === 'editor') {
    const out: Record<string, unknown> = { file_path: input.path };
    if (typeof input.old_text === 'string') return { name: 'Edit', input: { ...out, old_string: input.old_text, new_string: input.new_text, ...(input.insert_line == null ? {} : { insert_line: input.insert_line }) } };
    return { name: 'Write', input: { ...out, content: input.new_text, ...(input.insert_line == null ? {} : { insert_line: input.insert_line }) } };
  }
  if (call.name === 'read_files') {
    const first = Array.isArray(input.files) && isRecord(input.files[0]) ? input.files[0].path : undefined;
    if (typeof first === 'string') setOwn(input, 'file_path', first);
    return { name: 'Read', input };
  }
  return toCanonicalTool(TOOLS, { name: call.name, input });
}

/** A canonical tool call in Cline's names and shapes (the inverse of {@link readClineTool}). */
export function renderClineTool(call: ToolCall): ToolCall {
  const input = isRecord(call.input) ? call.input : {};
  if (call.name === 'Bash' && typeof input.command === 'string') return { name: 'run_commands', input: { commands: Array.isArray(input.commands) ? input.commands : [input.command] } };
  if (call.name === 'Edit') return { name: 'editor', input: { path: input.file_path, old_text: input.old_string, new_text: input.new_string } };
  if (call.name === 'Write') return { name: 'editor', input: { path: input.file_path, new_text: input.content } };
  if (call.name === 'Read' && typeof input.file_path === 'string') return { name: 'read_files', input: { files: Array.isArray(input.files) ? input.files : [{ path: input.file_path }] } };
  return toHostTool(TOOLS, call);
}

/**
 * Reads Cline's payload into Claude Code's fields: `taskId` is `session_id`, the first workspace
 * root `cwd`, `tool_call` / `tool_result` the tool (its `output` the `tool_response`), the prompt
 * and the task's final text where Cline gives them; every Cline field is kept as it was.
 */
export function readPayload(raw: Record<string, unknown>, eventName?: string): PayloadRead | undefined {
  const name = typeof raw.hookName === 'string' ? raw.hookName : eventName;
  const event = resolveName(NAMES, name);
  if (event === undefined) return undefined;
  const payload = copyRecord(raw);
  if (typeof raw.taskId === 'string') setOwn(payload, 'session_id', raw.taskId);
  const roots = strings(raw.workspaceRoots);
  if (roots[0] !== undefined) setOwn(payload, 'cwd', roots[0]);
  const call = isRecord(raw.tool_call) ? raw.tool_call : isRecord(raw.tool_result) ? raw.tool_result : undefined;
  if (call !== undefined && typeof call.name === 'string') {
    const tool = readClineTool({ name: call.name, input: call.input });
    setOwn(payload, 'tool_name', tool.name);
    setOwn(payload, 'tool_input', tool.input);
    if (typeof call.id === 'string') setOwn(payload, 'tool_use_id', call.id);
    if (Object.hasOwn(call, 'output')) setOwn(payload, 'tool_response', call.output);
  }
  if (isRecord(raw.userPromptSubmit) && typeof raw.userPromptSubmit.prompt === 'string') setOwn(payload, 'prompt', raw.userPromptSubmit.prompt);
  if (isRecord(raw.turn) && typeof raw.turn.outputText === 'string') setOwn(payload, 'last_assistant_message', raw.turn.outputText);
  return { event, eventName: EVENTS[event] ?? String(name), payload };
}

/**
 * Compact JSON in Cline's shape, for a hook written for Cline: `hookName`, `taskId`,
 * `workspaceRoots`, the tool as `tool_call` / `tool_result` and in the legacy `preToolUse` /
 * `postToolUse` form (parameters as strings), the prompt as `userPromptSubmit`; no trailing newline.
 */
export function render(event: CanonicalEvent, payload: Record<string, unknown>, now: Date = new Date()): string {
  const out: Record<string, unknown> = {
    clineVersion: '',
    timestamp: typeof payload.timestamp === 'string' ? payload.timestamp : now.toISOString(),
    taskId: typeof payload.session_id === 'string' ? payload.session_id : '',
    workspaceRoots: typeof payload.cwd === 'string' ? [payload.cwd] : [],
    hookName: HOOK_NAMES[event] ?? event,
  };
  if (typeof payload.tool_name === 'string') {
    const tool = renderClineTool({ name: payload.tool_name, input: payload.tool_input });
    const parameters = isRecord(tool.input) ? Object.fromEntries(Object.entries(tool.input).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)])) : {};
    const entry = { ...(typeof payload.tool_use_id === 'string' ? { id: payload.tool_use_id } : {}), name: tool.name, input: tool.input };
    if (event === 'tool:after') {
      out.tool_result = { ...entry, output: payload.tool_response };
      out.postToolUse = { toolName: tool.name, parameters };
    } else {
      out.tool_call = entry;
      out.preToolUse = { toolName: tool.name, parameters };
    }
  }
  if (typeof payload.prompt === 'string') out.userPromptSubmit = { prompt: payload.prompt, attachments: [] };
  for (const key of Object.keys(payload)) if (!Object.hasOwn(out, key) && !['session_id', 'cwd', 'tool_name', 'tool_input', 'tool_response', 'tool_use_id', 'hook_event_name'].includes(key)) setOwn(out, key, payload[key]);
  return JSON.stringify(out);
}
