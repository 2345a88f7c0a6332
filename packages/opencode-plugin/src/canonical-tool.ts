import { readPatchCall } from '@hookwire/contract';

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

/** OpenCode's patch tools (`apply_patch`, offered to GPT models; `patch` in older versions): their patch text. */
const PATCH_TOOLS: Readonly<Record<string, string>> = { apply_patch: 'patchText', patch: 'patchText' };

/**
 * Names an OpenCode tool call in Claude Code's vocabulary: `bash` → `Bash` with
 * `tool_input.command`, `read` → `Read` with `file_path`, ... `apply_patch` is read as Codex's is
 * (the contract's patch.ts): `Edit` (`Write` when it only adds files) of its first file, with
 * every path in `file_paths` and the patch in `command`; the runtime runs each hook once per file.
 * Arguments with no Claude counterpart (`workdir`) keep their own names; tools with none (MCP
 * tools, plugin tools, `skill`) pass through under their own name and arguments. Arguments that
 * are not an object become `{}`. `cwd` resolves a patch's relative paths.
 */
export function toCanonicalTool(tool: string, args: unknown, cwd?: string): CanonicalTool {
  const given = isPlainObject(args) ? args : {};
  const patchField = Object.hasOwn(PATCH_TOOLS, tool) ? PATCH_TOOLS[tool]! : undefined;
  const patch = patchField === undefined ? undefined : given[patchField];
  const read = typeof patch === 'string' ? readPatchCall(patch, cwd) : undefined;
  if (read !== undefined) return { name: read.name, input: read.input as Record<string, unknown> };
  const known = Object.hasOwn(OPENCODE_TOOLS, tool) ? OPENCODE_TOOLS[tool] : undefined;
  if (known === undefined) return { name: tool, input: { ...given } };
  const input: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(given)) input[Object.hasOwn(known.fields, key) ? known.fields[key]! : key] = value;
  return { name: known.name, input };
}
