import type { ToolTable } from '../tools.js';

/**
 * Gemini CLI's built-in tools against Claude Code's (`gemini hooks migrate --from-claude` maps
 * Bash, Edit, Read and Write the same way). Gemini's search tool has been called both
 * `search_file_content` and `grep_search`; both are read, the first is written.
 */
export const TOOLS: ToolTable = [
  { host: 'run_shell_command', canonical: 'Bash' },
  { host: 'read_file', canonical: 'Read' },
  { host: 'write_file', canonical: 'Write' },
  { host: 'replace', canonical: 'Edit' },
  { host: 'glob', canonical: 'Glob', fields: { dir_path: 'path' } },
  { host: 'search_file_content', canonical: 'Grep', fields: { dir_path: 'path', include: 'glob' } },
  { host: 'grep_search', canonical: 'Grep', fields: { dir_path: 'path', include: 'glob' }, only: 'read' },
  { host: 'web_fetch', canonical: 'WebFetch' },
  { host: 'google_web_search', canonical: 'WebSearch' },
];
