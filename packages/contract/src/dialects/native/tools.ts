import type { ToolTable } from '../tools.js';

/** hookwire's own dialect uses the canonical (Claude Code) tool names. */
export const TOOLS: ToolTable = [];
