import type { ToolTable } from '../tools.js';

/**
 * Qwen Code's runtime tool ids against Claude Code's (its own matcher aliases map `Bash`, `Read`,
 * `Write` and `Edit` the same way). Its file tools already take Claude Code's fields (`file_path`,
 * `content`, `old_string`, `new_string`), so no field is renamed.
 */
export const TOOLS: ToolTable = [
  { host: 'run_shell_command', canonical: 'Bash' },
  { host: 'read_file', canonical: 'Read' },
  { host: 'write_file', canonical: 'Write' },
  { host: 'edit', canonical: 'Edit' },
  { host: 'glob', canonical: 'Glob' },
  { host: 'grep_search', canonical: 'Grep' },
  { host: 'web_fetch', canonical: 'WebFetch' },
  { host: 'web_search', canonical: 'WebSearch' },
];
