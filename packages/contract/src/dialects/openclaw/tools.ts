import type { ToolTable } from '../tools.js';

/**
 * OpenClaw's coding tools against Claude Code's (`exec`, `read`, `write`, `edit`: their file is
 * `path`). Its `apply_patch` (`{input: <patch>}`) is read as Claude Code's `Edit` or `Write`, one
 * call per file (patch.ts; the payload reader reshapes the input), as Codex's is.
 */
export const TOOLS: ToolTable = [
  { host: 'exec', canonical: 'Bash' },
  { host: 'read', canonical: 'Read', fields: { path: 'file_path' } },
  { host: 'write', canonical: 'Write', fields: { path: 'file_path' } },
  { host: 'edit', canonical: 'Edit', fields: { path: 'file_path' } },
  { host: 'apply_patch', canonical: 'Edit', only: 'render' },
];
