import { isRecord } from '../describe-value.js';
import { copyRecord, renameKeys, setOwn } from './own-keys.js';

/**
 * One host tool against its canonical counterpart. The canonical vocabulary is Claude Code's tool
 * names with their `tool_input` shapes (Bash `{command}`, Read/Write/Edit `{file_path, ...}`),
 * because most third-party guards are written for them. `fields` renames the host's input fields
 * to the canonical ones; fields it does not name pass through unchanged.
 */
export interface ToolRow {
  readonly host: string;
  readonly canonical: string;
  readonly fields?: Readonly<Record<string, string>>;
  /**
   * `read`: the row only reads a second host name of one canonical tool (rendering uses the first
   * row); `render`: the row only renders a canonical tool the host folds into another (Cursor's
   * `Write` for Claude Code's `Edit`).
   */
  readonly only?: 'read' | 'render';
}

export type ToolTable = readonly ToolRow[];

/** A tool call: its name and input. */
export interface ToolCall {
  name: string;
  input: unknown;
}

/**
 * `input` with the fields of `fields` renamed (host to canonical, or back when `reverse`). A renamed
 * field wins over one already spelt like its new name: the acting host uses its own spelling, and
 * the model chooses tool arguments, so `{"file_path": "/safe", "path": "/etc/shadow"}` to Copilot's
 * `view` must reach guards as `file_path: "/etc/shadow"`, never the decoy, in whatever order.
 */
function renameFields(input: unknown, fields: Readonly<Record<string, string>> | undefined, reverse: boolean): unknown {
  if (fields === undefined || !isRecord(input)) return input;
  const map = reverse ? Object.fromEntries(Object.entries(fields).map(([from, to]) => [to, from])) : fields;
  const replaced = new Set(Object.keys(map).filter((key) => Object.hasOwn(input, key)).map((key) => map[key]));
  return renameKeys(input, (key) => (Object.hasOwn(map, key) ? map[key] : replaced.has(key) ? undefined : key));
}

/** The canonical name and input of a host's tool call; tools without a row (MCP, host-only tools) pass through under their own name. */
export function toCanonicalTool(table: ToolTable, call: ToolCall): ToolCall {
  const row = table.find((candidate) => candidate.host === call.name && candidate.only !== 'render');
  if (row === undefined) return call;
  return { name: row.canonical, input: renameFields(call.input, row.fields, false) };
}

/** The host's name and input of a canonical tool call; tools without a row pass through under their own name. */
export function toHostTool(table: ToolTable, call: ToolCall): ToolCall {
  const row = table.find((candidate) => candidate.canonical === call.name && candidate.only !== 'read');
  if (row === undefined) return call;
  return { name: row.host, input: renameFields(call.input, row.fields, true) };
}

/** The host's name of a canonical tool (what a matcher in that dialect is tested against). */
export function hostToolName(table: ToolTable, name: string): string {
  return table.find((candidate) => candidate.canonical === name && candidate.only !== 'read')?.host ?? name;
}

/** A payload with its `tool_name` and `tool_input` translated by `translate`; other payloads are returned as they are. */
export function withTool(payload: Record<string, unknown>, translate: (call: ToolCall) => ToolCall): Record<string, unknown> {
  if (typeof payload.tool_name !== 'string') return payload;
  const call = translate({ name: payload.tool_name, input: payload.tool_input });
  const out = copyRecord(payload);
  out.tool_name = call.name;
  if (Object.hasOwn(payload, 'tool_input')) setOwn(out, 'tool_input', call.input);
  return out;
}
