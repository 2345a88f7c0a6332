import type { ToolTable } from '../tools.js';

/** Claude Code's tool names are the canonical vocabulary: no row, every tool passes through. */
export const TOOLS: ToolTable = [];
