import type { ToolTable } from '../tools.js';

/**
 * Cline's tools by name against Claude Code's (what a matcher sees). Their inputs differ in shape,
 * not only in field names (`run_commands` takes an array of commands, `editor` both edits and
 * creates), so payload.ts converts the inputs; `editor` is read as `Edit` when it replaces text and
 * as `Write` when it creates a file.
 */
export const TOOLS: ToolTable = [
  { host: 'run_commands', canonical: 'Bash' },
  { host: 'read_files', canonical: 'Read' },
  { host: 'editor', canonical: 'Edit' },
  { host: 'editor', canonical: 'Write', only: 'render' },
  { host: 'search_codebase', canonical: 'Grep' },
  { host: 'fetch_web_content', canonical: 'WebFetch' },
];
