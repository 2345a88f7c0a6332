import type { ToolTable } from '../tools.js';

/** Codex names its shell tool `Bash` with `{command}`; `apply_patch` (a patch, not a file path) has no Claude Code counterpart and passes through. */
export const TOOLS: ToolTable = [];
