import type { ToolTable } from '../tools.js';

/** Letta Code's matchers name Claude Code's tools (`Bash`, `Edit`, `Write`): no row, every tool passes through. */
export const TOOLS: ToolTable = [];
