import type { ToolTable } from '../tools.js';

/** Copilot CLI's built-in tools (its camelCase mode) against Claude Code's; its PascalCase mode already uses Claude Code's names. */
export const TOOLS: ToolTable = [
  { host: 'bash', canonical: 'Bash' },
  { host: 'powershell', canonical: 'PowerShell' },
  { host: 'view', canonical: 'Read', fields: { path: 'file_path' } },
  { host: 'create', canonical: 'Write', fields: { path: 'file_path', file_text: 'content' } },
  { host: 'edit', canonical: 'Edit', fields: { path: 'file_path', old_str: 'old_string', new_str: 'new_string' } },
  { host: 'glob', canonical: 'Glob' },
  { host: 'grep', canonical: 'Grep' },
  { host: 'web_fetch', canonical: 'WebFetch' },
  { host: 'task', canonical: 'Task' },
];
