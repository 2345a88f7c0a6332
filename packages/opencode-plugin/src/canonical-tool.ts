/** A tool call in Claude Code's vocabulary: what a config `matcher` is tested against and what a Claude-written guard reads. */
export interface CanonicalTool {
  name: string;
  input: Record<string, unknown>;
}

/** OpenCode's built-in tools (1.18): Claude Code's name for each, and its argument names → Claude's `tool_input` fields. */
const OPENCODE_TOOLS: Readonly<Record<string, { name: string; fields: Readonly<Record<string, string>> }>> = {
  bash: { name: 'Bash', fields: { command: 'command', description: 'description', timeout: 'timeout' } },
  read: { name: 'Read', fields: { filePath: 'file_path', offset: 'offset', limit: 'limit' } },
  write: { name: 'Write', fields: { filePath: 'file_path', content: 'content' } },
  edit: { name: 'Edit', fields: { filePath: 'file_path', oldString: 'old_string', newString: 'new_string', replaceAll: 'replace_all' } },
  glob: { name: 'Glob', fields: { pattern: 'pattern', path: 'path' } },
  grep: { name: 'Grep', fields: { pattern: 'pattern', path: 'path', include: 'glob' } },
  webfetch: { name: 'WebFetch', fields: { url: 'url', format: 'format', timeout: 'timeout' } },
  task: { name: 'Task', fields: { description: 'description', prompt: 'prompt', subagent_type: 'subagent_type' } },
  todowrite: { name: 'TodoWrite', fields: { todos: 'todos' } },
};

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Names an OpenCode tool call in Claude Code's vocabulary: `bash` → `Bash` with
 * `tool_input.command`, `read` → `Read` with `file_path`, ... Arguments with no Claude counterpart
 * (`workdir`) keep their own names; tools with none (MCP tools, plugin tools, `skill`) pass
 * through under their own name and arguments. Arguments that are not an object become `{}`.
 */
export function toCanonicalTool(tool: string, args: unknown): CanonicalTool {
  const given = isPlainObject(args) ? args : {};
  const known = Object.hasOwn(OPENCODE_TOOLS, tool) ? OPENCODE_TOOLS[tool] : undefined;
  if (known === undefined) return { name: tool, input: { ...given } };
  const input: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(given)) input[Object.hasOwn(known.fields, key) ? known.fields[key]! : key] = value;
  return { name: known.name, input };
}
