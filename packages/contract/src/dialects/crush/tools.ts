import type { ToolTable } from '../tools.js';

/**
 * Crush's built-in tools against Claude Code's (`internal/agent/tools`). Its file tools already
 * take Claude Code's field names (`file_path`, `content`, `old_string`, `new_string`), so no field
 * is renamed; `multiedit` (several edits of one file) is read as `Edit`, `Edit` is written `edit`.
 */
export const TOOLS: ToolTable = [
  { host: 'bash', canonical: 'Bash' },
  { host: 'view', canonical: 'Read' },
  { host: 'write', canonical: 'Write' },
  { host: 'edit', canonical: 'Edit' },
  { host: 'multiedit', canonical: 'Edit', only: 'read' },
  { host: 'glob', canonical: 'Glob' },
  { host: 'grep', canonical: 'Grep', fields: { include: 'glob' } },
  { host: 'fetch', canonical: 'WebFetch' },
];
