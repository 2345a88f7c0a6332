import type { ToolTable } from '../tools.js';

/**
 * Cursor's tool types against Claude Code's. Cursor has one `Write` for writes and edits (its
 * Claude compatibility maps Edit to Write), so Claude Code's `Edit` is rendered as `Write`; Glob
 * has no Cursor counterpart and passes through.
 */
export const TOOLS: ToolTable = [
  { host: 'Shell', canonical: 'Bash' },
  { host: 'Read', canonical: 'Read' },
  { host: 'Write', canonical: 'Write' },
  { host: 'Write', canonical: 'Edit', only: 'render' },
  { host: 'Grep', canonical: 'Grep' },
  { host: 'Task', canonical: 'Task' },
];
