import type { ToolTable } from '../tools.js';

/** pi's built-in tools against Claude Code's (`read`, `bash`, `edit`, `write`; their file is `path`). */
export const TOOLS: ToolTable = [
  { host: 'bash', canonical: 'Bash' },
  { host: 'read', canonical: 'Read', fields: { path: 'file_path' } },
  { host: 'write', canonical: 'Write', fields: { path: 'file_path' } },
  { host: 'edit', canonical: 'Edit', fields: { path: 'file_path' } },
];
