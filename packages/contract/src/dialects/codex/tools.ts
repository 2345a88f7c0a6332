import type { ToolTable } from '../tools.js';

/**
 * Codex names its shell tool `Bash` with `{command}`, as Claude Code does. Its file tool is
 * `apply_patch` (`{command: <patch>}`), which edits, adds, deletes and moves files: read as Claude
 * Code's `Edit`, or `Write` when the patch only adds files, one call per file (patch.ts; the
 * payload reader reshapes the input). Codex's own matchers let `apply_patch` answer to `Edit` and
 * `Write` too, and hookwire's matchers for codex hooks do the same (toolNamesIn).
 */
export const TOOLS: ToolTable = [
  { host: 'apply_patch', canonical: 'Edit' },
  { host: 'apply_patch', canonical: 'Write', only: 'render' },
];
