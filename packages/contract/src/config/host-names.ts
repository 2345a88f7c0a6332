/**
 * Every hook event Claude Code 2.1.332 fires (its SDK's `HOOK_EVENTS`; shared/research/claude-hooks.md
 * §1). hookwire handles seven of them; a config naming one of the others is not mistaken, only
 * ahead of hookwire: those hooks are skipped with a warning. Any other unknown name is an error.
 */
export const CLAUDE_CODE_EVENTS: readonly string[] = [
  'PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'PostToolBatch', 'Notification', 'UserPromptSubmit',
  'UserPromptExpansion', 'SessionStart', 'SessionEnd', 'Stop', 'StopFailure', 'SubagentStart', 'SubagentStop',
  'PreCompact', 'PostCompact', 'PreModelSwitch', 'PostModelSwitch', 'PermissionRequest', 'PermissionDenied',
  'Setup', 'TeammateIdle', 'TaskCreated', 'TaskCompleted', 'Elicitation', 'ElicitationResult', 'ConfigChange',
  'WorktreeCreate', 'WorktreeRemove', 'InstructionsLoaded', 'CwdChanged', 'FileChanged', 'DirectoryAdded',
  'MessageDisplay', 'PreSkillShellCommand',
];

/**
 * Claude Code's built-in tool names, with the legacy names its matchers still accept
 * (claude-hooks.md §6.3): matchers compare case-sensitively, so `bash` never matches `Bash`.
 */
export const CLAUDE_CODE_TOOLS: readonly string[] = [
  'Bash', 'BashOutput', 'PowerShell', 'Read', 'Write', 'Edit', 'MultiEdit', 'NotebookEdit', 'NotebookRead', 'Glob', 'Grep', 'LS',
  'WebFetch', 'WebSearch', 'Agent', 'Task', 'TaskStop', 'KillShell', 'KillBash', 'TodoWrite', 'ExitPlanMode', 'AskUserQuestion',
  'Skill', 'SlashCommand', 'Monitor', 'ListMcpResourcesTool', 'ReadMcpResourceTool',
];

/** Whether a name is a Claude Code event (handled by hookwire or not). */
export function isClaudeCodeEvent(name: unknown): boolean {
  return typeof name === 'string' && CLAUDE_CODE_EVENTS.includes(name);
}

/** The tool a matcher's name was meant to be when it differs from one only by case. */
export function findToolCaseMismatch(name: string): string | undefined {
  if (CLAUDE_CODE_TOOLS.includes(name)) return undefined;
  const lower = name.toLowerCase();
  return CLAUDE_CODE_TOOLS.find((tool) => tool.toLowerCase() === lower);
}
