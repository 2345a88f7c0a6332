import { describeDialect, exit, type DialectCase } from './conformance.js';

const DEFAULT = 'blocked by a hookwire hook (no reason given)';
const bash = { tool_name: 'Bash', tool_input: { command: 'ls' } };
const SAMPLES = {
  'tool:before': bash,
  'tool:after': { ...bash, tool_response: { stdout: 'a' } },
  'tool:error': { ...bash, error: 'boom' },
  'permission:request': bash,
  'prompt:submit': { prompt: 'hi' },
  'turn:stop': { stop_hook_active: false },
  'session:start': { source: 'startup' },
} as const;

// Rows from shared/research/claude-code-observed.md (the claude and native dialects keep today's vectors in ../vectors too).
const CLAUDE: DialectCase = {
  dialect: 'claude',
  planned: false,
  samples: SAMPLES,
  vectors: [
    { row: 'payload: read as it is', payload: { raw: { hook_event_name: 'PreToolUse', ...bash } }, expected: { event: 'tool:before', payload: bash } },
    { row: 'payload: PostToolUseFailure is tool:error', payload: { raw: { hook_event_name: 'PostToolUseFailure', error: 'x' } }, expected: { event: 'tool:error', payload: { error: 'x' } } },
    { row: 'payload: a Gemini name is no Claude event', payload: { raw: { hook_event_name: 'BeforeTool' } }, expected: undefined },
    { row: 'exit 2 + stderr blocks with stderr', answer: { event: 'tool:before', end: exit(2), stderr: 'nope\n' }, expected: { decision: 'deny', reason: 'nope' } },
    { row: 'exit 1 is non-blocking', answer: { event: 'tool:before', end: exit(1) }, expected: { warnings: ['exited with code 1; non-blocking, the action proceeds'] } },
    { row: 'plain stdout on UserPromptSubmit is context', answer: { event: 'prompt:submit', end: exit(0), stdout: 'ctx\n' }, expected: { additionalContext: ['ctx'] } },
    {
      row: 'PermissionRequest decision.behavior deny',
      answer: { event: 'permission:request', end: exit(0), stdout: '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"no"}}}' },
      expected: { decision: 'deny', reason: 'no' },
    },
    {
      row: 'outcome: PermissionRequest deny',
      outcome: { event: 'permission:request', outcome: { decision: 'deny', reason: 'no' } },
      expected: { stdout: '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"no"}}}\n' },
    },
    { row: 'outcome: PreCompact deny is a block', outcome: { event: 'compact:before', outcome: { decision: 'deny', reason: 'not now' } }, expected: { stdout: '{"decision":"block","reason":"not now"}\n' } },
    {
      row: 'outcome: PostToolUseFailure downgraded deny is feedback',
      outcome: { event: 'tool:error', outcome: { downgraded: true, rawDecision: 'deny', rawReason: 'retry differently' } },
      expected: { stdout: '{"decision":"block","reason":"retry differently"}\n' },
    },
  ],
};

const NATIVE: DialectCase = {
  dialect: 'native',
  planned: false,
  samples: SAMPLES,
  vectors: [
    { row: 'payload: names its event in event', payload: { raw: { event: 'tool:before', ts: 'x', ...bash } }, expected: { event: 'tool:before', payload: bash } },
    { row: 'outcome: the outcome object itself', outcome: { event: 'notification', outcome: {} }, expected: { stdout: '{"decision":"none","continue":true,"additionalContext":[],"systemMessage":[],"downgraded":false}\n' } },
  ],
};

// Rows from shared/research/gemini-cli-observed.md and dialects.md §1.
const GEMINI: DialectCase = {
  dialect: 'gemini',
  planned: true,
  samples: { ...SAMPLES, 'turn:stop': { stop_hook_active: false, last_assistant_message: 'done', prompt: 'p' } },
  vectors: [
    {
      row: 'payload: BeforeTool run_shell_command is Bash with tool_input.command',
      payload: { raw: { hook_event_name: 'BeforeTool', timestamp: '2026-01-01T00:00:00.000Z', tool_name: 'run_shell_command', tool_input: { command: 'ls' } } },
      expected: { event: 'tool:before', payload: { ...bash, timestamp: '2026-01-01T00:00:00.000Z' } },
    },
    { row: 'payload: replace is Edit', payload: { raw: { hook_event_name: 'BeforeTool', tool_name: 'replace', tool_input: { file_path: 'a' } } }, expected: { event: 'tool:before', payload: { tool_name: 'Edit' } } },
    { row: 'payload: grep_search is Grep, dir_path is path', payload: { raw: { hook_event_name: 'BeforeTool', tool_name: 'grep_search', tool_input: { pattern: 'x', dir_path: 'src' } } }, expected: { event: 'tool:before', payload: { tool_name: 'Grep', tool_input: { pattern: 'x', path: 'src' } } } },
    { row: 'payload: an MCP tool passes through', payload: { raw: { hook_event_name: 'BeforeTool', tool_name: 'mcp_gh_issue', tool_input: {} } }, expected: { event: 'tool:before', payload: { tool_name: 'mcp_gh_issue' } } },
    { row: 'payload: AfterAgent prompt_response is last_assistant_message', payload: { raw: { hook_event_name: 'AfterAgent', prompt_response: 'done' } }, expected: { event: 'turn:stop', payload: { last_assistant_message: 'done' } } },
    { row: 'payload: PreCompress is compact:before', payload: { raw: { hook_event_name: 'PreCompress', trigger: 'auto' } }, expected: { event: 'compact:before', payload: { trigger: 'auto' } } },
    { row: 'payload: no subagent events', payload: { raw: { hook_event_name: 'SubagentStart' } }, expected: undefined },
    { row: 'exit 2 + stderr blocks with the text', answer: { event: 'tool:before', end: exit(2), stderr: 'no rm' }, expected: { decision: 'deny', reason: 'no rm' } },
    { row: 'exit 2 with stdout text: stdout is the reason', answer: { event: 'tool:before', end: exit(2), stdout: 'from stdout', stderr: 'from stderr' }, expected: { decision: 'deny', reason: 'from stdout' } },
    { row: 'exit 2 with no output blocks nothing', answer: { event: 'tool:before', end: exit(2) }, expected: {} },
    { row: 'exit 3 with text blocks', answer: { event: 'tool:before', end: exit(3), stderr: 'three' }, expected: { decision: 'deny', reason: 'three' } },
    { row: 'exit 1 + deny JSON: JSON wins', answer: { event: 'tool:before', end: exit(1), stdout: '{"decision":"deny","reason":"R"}' }, expected: { decision: 'deny', reason: 'R' } },
    { row: 'exit 2 + allow JSON: JSON wins', answer: { event: 'tool:before', end: exit(2), stdout: '{"decision":"allow"}' }, expected: { decision: 'allow' } },
    { row: 'decision block is a deny', answer: { event: 'tool:before', end: exit(0), stdout: '{"decision":"block","reason":"R"}' }, expected: { decision: 'deny', reason: 'R' } },
    { row: 'decision ask', answer: { event: 'tool:before', end: exit(0), stdout: '{"decision":"ask","reason":"R"}' }, expected: { decision: 'ask', reason: 'R' } },
    {
      row: "Claude's permissionDecision is ignored",
      answer: { event: 'tool:before', end: exit(0), stdout: '{"hookSpecificOutput":{"hookEventName":"BeforeTool","permissionDecision":"deny"}}' },
      expected: {},
    },
    {
      row: 'hookSpecificOutput.tool_input is recorded, not applied',
      answer: { event: 'tool:before', end: exit(0), stdout: '{"hookSpecificOutput":{"tool_input":{"command":"ls -l"}}}' },
      expected: { updatedInput: { command: 'ls -l' } },
    },
    { row: 'AfterTool additionalContext', answer: { event: 'tool:after', end: exit(0), stdout: '{"hookSpecificOutput":{"additionalContext":"C"}}' }, expected: { additionalContext: ['C'] } },
    { row: 'exit 0 plain text is a message to the user', answer: { event: 'tool:before', end: exit(0), stdout: 'hello\n' }, expected: { systemMessage: ['hello'] } },
    { row: 'continue false stops the loop', answer: { event: 'tool:before', end: exit(0), stdout: '{"continue":false,"stopReason":"S"}' }, expected: { continue: false, stopReason: 'S' } },
    { row: 'outcome: BeforeTool deny is a top-level decision', outcome: { event: 'tool:before', outcome: { decision: 'deny', reason: 'R' } }, expected: { stdout: '{"decision":"deny","reason":"R"}\n' } },
    { row: 'outcome: BeforeTool ask', outcome: { event: 'tool:before', outcome: { decision: 'ask', reason: 'R' } }, expected: { stdout: '{"decision":"ask","reason":"R"}\n' } },
    {
      row: 'outcome: BeforeTool takes no context: dropped, recorded',
      outcome: { event: 'tool:before', outcome: { additionalContext: ['C'] } },
      expected: { stdout: '', downgrades: ['1 additional context was dropped: Gemini CLI passes no hook context to the model on BeforeTool'] },
    },
    {
      row: 'outcome: allow does not bypass the policy engine: not rendered',
      outcome: { event: 'tool:before', outcome: { decision: 'allow' }, passAllow: true },
      expected: { stdout: '', downgrades: ['allow on BeforeTool was not rendered: Gemini CLI takes no permission grant there'] },
    },
    {
      row: 'outcome: AfterTool downgraded deny: the model sees the reason instead of the output',
      outcome: { event: 'tool:after', outcome: { downgraded: true, rawDecision: 'deny', rawReason: 'leak' } },
      expected: { stdout: '{"decision":"deny","reason":"leak"}\n' },
    },
    { row: 'outcome: AfterAgent deny re-invokes the model', outcome: { event: 'turn:stop', outcome: { decision: 'deny' } }, expected: { stdout: `{"decision":"deny","reason":"${DEFAULT}"}\n` } },
    {
      row: 'outcome: BeforeAgent ask becomes a deny',
      outcome: { event: 'prompt:submit', outcome: { decision: 'ask', reason: 'R' } },
      expected: { stdout: '{"decision":"deny","reason":"R"}\n', downgrades: ['ask on BeforeAgent became a deny: Gemini CLI cannot ask there (fail closed)'] },
    },
    {
      row: 'outcome: SessionStart context',
      outcome: { event: 'session:start', outcome: { additionalContext: ['a', 'b'] } },
      expected: { stdout: '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"a\\n\\nb"}}\n' },
    },
    {
      row: 'outcome: an event Gemini CLI lacks answers nothing, recorded',
      outcome: { event: 'subagent:end', outcome: { decision: 'deny' } },
      expected: { stdout: '', downgrades: ['Gemini CLI has no subagent:end event: nothing was answered'] },
    },
  ],
};

// Rows from shared/research/codex-observed.md and dialects.md §2.
const CODEX: DialectCase = {
  dialect: 'codex',
  planned: true,
  samples: SAMPLES,
  vectors: [
    { row: 'payload: Claude names, turn_id kept', payload: { raw: { hook_event_name: 'PreToolUse', turn_id: 't', ...bash } }, expected: { event: 'tool:before', payload: { ...bash, turn_id: 't' } } },
    { row: 'payload: apply_patch passes through', payload: { raw: { hook_event_name: 'PreToolUse', tool_name: 'apply_patch', tool_input: { command: '*** Begin Patch' } } }, expected: { event: 'tool:before', payload: { tool_name: 'apply_patch' } } },
    { row: 'payload: no PostToolUseFailure', payload: { raw: { hook_event_name: 'PostToolUseFailure' } }, expected: undefined },
    { row: 'exit 2 + stderr blocks', answer: { event: 'tool:before', end: exit(2), stderr: 'no' }, expected: { decision: 'deny', reason: 'no' } },
    {
      row: 'exit 2 without stderr: Codex ignores it, hookwire denies with a warning',
      answer: { event: 'tool:before', end: exit(2) },
      expected: { decision: 'deny', reason: 'blocked by hook (exit code 2, no stderr output)', warnings: ['exited with code 2 without a reason on stderr: Codex would mark this hook failed and ignore it; hookwire denies (fail closed)'] },
    },
    { row: 'exit 1 + deny JSON: only exit 0 JSON is read', answer: { event: 'tool:before', end: exit(1), stdout: '{"decision":"block","reason":"x"}' }, expected: {} },
    { row: 'read leniently: unknown fields ignored', answer: { event: 'tool:before', end: exit(0), stdout: '{"decision":"block","reason":"R","extra":1}' }, expected: { decision: 'deny', reason: 'R' } },
    { row: 'plain stdout on SubagentStart is context', answer: { event: 'subagent:start', end: exit(0), stdout: 'sub ctx' }, expected: { additionalContext: ['sub ctx'] } },
    { row: 'plain stdout on PreToolUse is not', answer: { event: 'tool:before', end: exit(0), stdout: 'x' }, expected: {} },
    {
      row: 'outcome: deny without a reason gets one',
      outcome: { event: 'tool:before', outcome: { decision: 'deny' } },
      expected: { stdout: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"${DEFAULT}"}}\n` },
    },
    {
      row: 'outcome: ask is rejected by Codex: a deny',
      outcome: { event: 'tool:before', outcome: { decision: 'ask', reason: 'R' } },
      expected: { stdout: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"R"}}\n', downgrades: ['ask on PreToolUse became a deny: Codex cannot ask there (fail closed)'] },
    },
    {
      row: 'outcome: a bare allow is invalid: never written',
      outcome: { event: 'tool:before', outcome: { decision: 'allow' }, passAllow: true },
      expected: { stdout: '', downgrades: ['allow on PreToolUse was not rendered: Codex takes no permission grant there'] },
    },
    {
      row: 'outcome: continue false is rejected on PreToolUse: dropped',
      outcome: { event: 'tool:before', outcome: { continue: false, stopReason: 'S' } },
      expected: { stdout: '', downgrades: ['continue: false on PreToolUse was dropped: Codex cannot stop the agent there'] },
    },
    { row: 'outcome: PostToolUse continue false is accepted', outcome: { event: 'tool:after', outcome: { continue: false } }, expected: { stdout: '{"continue":false}\n' } },
    {
      row: 'outcome: PostToolUse downgraded deny replaces the output with the reason',
      outcome: { event: 'tool:after', outcome: { downgraded: true, rawDecision: 'deny', rawReason: 'leak' } },
      expected: { stdout: '{"decision":"block","reason":"leak"}\n' },
    },
    { row: 'outcome: Stop block with a reason', outcome: { event: 'turn:stop', outcome: { decision: 'deny' } }, expected: { stdout: `{"decision":"block","reason":"${DEFAULT}"}\n` } },
    {
      row: 'outcome: PermissionRequest deny',
      outcome: { event: 'permission:request', outcome: { decision: 'deny', reason: 'no' } },
      expected: { stdout: '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"no"}}}\n' },
    },
    {
      row: 'outcome: context on PreToolUse',
      outcome: { event: 'tool:before', outcome: { additionalContext: ['C'] } },
      expected: { stdout: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"C"}}\n' },
    },
  ],
};

// Rows from shared/research/copilot-observed.md (case ids) and dialects.md §3.
const COPILOT: DialectCase = {
  dialect: 'copilot',
  planned: true,
  samples: { ...SAMPLES, 'tool:before': { tool_name: 'Read', tool_input: { file_path: '/a' } } },
  vectors: [
    {
      row: 'payload (baseline): camelCase preToolUse, toolArgs object, epoch-ms timestamp',
      payload: { raw: { sessionId: 's', timestamp: 1764547200000, cwd: '/w', toolName: 'bash', toolArgs: { command: 'ls', description: 'd' } }, eventName: 'preToolUse' },
      expected: { event: 'tool:before', payload: { session_id: 's', timestamp: '2025-12-01T00:00:00.000Z', tool_name: 'Bash', tool_input: { command: 'ls', description: 'd' } } },
    },
    {
      row: 'payload: toolArgs as a JSON string (older versions)',
      payload: { raw: { toolName: 'view', toolArgs: '{"path":"/a"}' }, eventName: 'preToolUse' },
      expected: { event: 'tool:before', payload: { tool_name: 'Read', tool_input: { file_path: '/a' } } },
    },
    {
      row: 'payload: permissionRequest names itself in hookName, toolInput',
      payload: { raw: { hookName: 'permissionRequest', toolName: 'bash', toolInput: { command: 'ls' } } },
      expected: { event: 'permission:request', payload: bash },
    },
    { row: 'payload: postToolUseFailure error', payload: { raw: { toolName: 'view', error: 'Path does not exist' }, eventName: 'postToolUseFailure' }, expected: { event: 'tool:error', payload: { tool_name: 'Read', error: 'Path does not exist' } } },
    { row: 'payload: agentStop keeps stop_hook_active', payload: { raw: { stopReason: 'end_turn', stop_hook_active: false }, eventName: 'agentStop' }, expected: { event: 'turn:stop', payload: { stop_reason: 'end_turn', stop_hook_active: false } } },
    {
      row: 'payload (f1): PascalCase mode is Claude-like',
      payload: { raw: { hook_event_name: 'PreToolUse', session_id: 's', timestamp: '2026-01-01T00:00:00.000Z', ...bash } },
      expected: { event: 'tool:before', payload: bash },
    },
    { row: 'payload: no event name at all', payload: { raw: { toolName: 'bash' } }, expected: undefined },
    { row: 'a1: permissionDecision deny', answer: { event: 'tool:before', end: exit(0), stdout: '{"permissionDecision":"deny","permissionDecisionReason":"DENY-R"}' }, expected: { decision: 'deny', reason: 'DENY-R' } },
    { row: 'a3: exit 2 denies, stderr is not the reason', answer: { event: 'tool:before', end: exit(2), stderr: 'EXIT2-STDERR' }, expected: { decision: 'deny', reason: 'hook exited with code 2' } },
    { row: 'a4: exit 2 + allow JSON: exit 2 wins', answer: { event: 'tool:before', end: exit(2), stdout: '{"permissionDecision":"allow"}' }, expected: { decision: 'deny', reason: 'hook exited with code 2' } },
    { row: 'a5: exit 1 fails closed on preToolUse', answer: { event: 'tool:before', end: exit(1) }, expected: { decision: 'deny', reason: 'hook exited with code 1 (hook errored)' } },
    { row: 'a6: exit 3 + deny JSON: the JSON is not read', answer: { event: 'tool:before', end: exit(3), stdout: '{"permissionDecision":"allow"}' }, expected: { decision: 'deny', reason: 'hook exited with code 3 (hook errored)' } },
    { row: 'a7: plain text is ignored', answer: { event: 'tool:before', end: exit(0), stdout: 'plain' }, expected: {} },
    { row: 'a10: Claude hookSpecificOutput in camelCase mode is ignored', answer: { event: 'tool:before', end: exit(0), stdout: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}' }, expected: {} },
    { row: 'b1: modifiedArgs is recorded, not applied', answer: { event: 'tool:before', end: exit(0), stdout: '{"modifiedArgs":{"command":"ls -l"}}' }, expected: { updatedInput: { command: 'ls -l' } } },
    { row: 'c2: postToolUse additionalContext', answer: { event: 'tool:after', end: exit(0), stdout: '{"additionalContext":"POST-CTX"}' }, expected: { additionalContext: ['POST-CTX'] } },
    { row: 'c4: postToolUse exit 2 is a warning only', answer: { event: 'tool:after', end: exit(2) }, expected: {} },
    { row: 'c7: userPromptSubmitted decision block', answer: { event: 'prompt:submit', end: exit(0), stdout: '{"decision":"block","reason":"UPS-BLOCKED"}' }, expected: { decision: 'deny', reason: 'UPS-BLOCKED' } },
    { row: 'e6: permissionRequest behavior deny', answer: { event: 'permission:request', end: exit(0), stdout: '{"behavior":"deny","message":"PR-DENY"}' }, expected: { decision: 'deny', reason: 'PR-DENY' } },
    { row: 'progress lines are stripped', answer: { event: 'tool:before', end: exit(0), stdout: '{"type":"progress","message":"…"}\n{"permissionDecision":"deny","permissionDecisionReason":"R"}' }, expected: { decision: 'deny', reason: 'R' } },
    { row: 'outcome (a1): preToolUse deny', outcome: { event: 'tool:before', outcome: { decision: 'deny', reason: 'R' } }, expected: { stdout: '{"permissionDecision":"deny","permissionDecisionReason":"R"}\n' } },
    { row: 'outcome (e4): allow with --pass-allow grants', outcome: { event: 'tool:before', outcome: { decision: 'allow' }, passAllow: true }, expected: { stdout: '{"permissionDecision":"allow"}\n' } },
    { row: 'outcome (d1): agentStop block', outcome: { event: 'turn:stop', outcome: { decision: 'deny', reason: 'KEEP-GOING' } }, expected: { stdout: '{"decision":"block","reason":"KEEP-GOING"}\n' } },
    { row: 'outcome (e6): permissionRequest deny', outcome: { event: 'permission:request', outcome: { decision: 'deny', reason: 'PR-DENY' } }, expected: { stdout: '{"behavior":"deny","message":"PR-DENY"}\n' } },
    {
      row: 'outcome (c2): a downgraded deny after a tool is context for the model',
      outcome: { event: 'tool:after', outcome: { downgraded: true, rawDecision: 'deny', rawReason: 'leak', additionalContext: ['more'] } },
      expected: { stdout: '{"additionalContext":"leak\\n\\nmore"}\n' },
    },
    {
      row: 'outcome: Copilot shows no hook message: dropped, recorded',
      outcome: { event: 'tool:before', outcome: { systemMessage: ['hi'] } },
      expected: { stdout: '', downgrades: ['1 message was dropped: Copilot CLI shows no hook message to the user on preToolUse'] },
    },
    {
      row: 'outcome (f1): under a PascalCase name, Claude Code\'s form',
      outcome: { event: 'tool:before', outcome: { decision: 'deny', reason: 'P' }, eventName: 'PreToolUse' },
      expected: { stdout: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"P"}}\n' },
    },
  ],
};

// Rows from Cursor's documented schema (dialects.md §4): Cursor does not run here.
const CURSOR: DialectCase = {
  dialect: 'cursor',
  planned: true,
  samples: SAMPLES,
  vectors: [
    { row: 'payload: preToolUse Shell is Bash', payload: { raw: { hook_event_name: 'preToolUse', conversation_id: 'c', tool_name: 'Shell', tool_input: { command: 'ls' } } }, expected: { event: 'tool:before', payload: { ...bash, session_id: 'c' } } },
    { row: 'payload: beforeShellExecution command is Bash', payload: { raw: { hook_event_name: 'beforeShellExecution', command: 'rm -rf /', cwd: '/w' } }, expected: { event: 'tool:before', payload: { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } } } },
    { row: 'payload: beforeReadFile is Read', payload: { raw: { hook_event_name: 'beforeReadFile', file_path: '/a', content: 'x' } }, expected: { event: 'tool:before', payload: { tool_name: 'Read', tool_input: { file_path: '/a' } } } },
    { row: 'payload: beforeMCPExecution tool_input JSON string parsed', payload: { raw: { hook_event_name: 'beforeMCPExecution', tool_name: 'issue', tool_input: '{"n":1}' } }, expected: { event: 'tool:before', payload: { tool_name: 'issue', tool_input: { n: 1 } } } },
    { row: 'payload: postToolUse tool_output string is tool_response', payload: { raw: { hook_event_name: 'postToolUse', tool_name: 'Shell', tool_output: '{"out":"a"}' } }, expected: { event: 'tool:after', payload: { tool_name: 'Bash', tool_response: { out: 'a' } } } },
    { row: 'payload: afterFileEdit is Edit', payload: { raw: { hook_event_name: 'afterFileEdit', file_path: '/a', edits: [] } }, expected: { event: 'tool:after', payload: { tool_name: 'Edit', tool_input: { file_path: '/a', edits: [] } } } },
    { row: 'payload: no PermissionRequest', payload: { raw: { hook_event_name: 'permissionRequest' } }, expected: undefined },
    { row: 'exit 2 is a deny', answer: { event: 'tool:before', end: exit(2), stderr: 'no' }, expected: { decision: 'deny', reason: 'no' } },
    { row: 'other exits fail open', answer: { event: 'tool:before', end: exit(1) }, expected: {} },
    { row: 'permission deny with agent_message', answer: { event: 'tool:before', end: exit(0), stdout: '{"permission":"deny","agent_message":"A","user_message":"U"}' }, expected: { decision: 'deny', reason: 'A', systemMessage: ['U'] } },
    { row: 'stop followup_message makes the agent go on', answer: { event: 'turn:stop', end: exit(0), stdout: '{"followup_message":"keep going"}' }, expected: { decision: 'deny', reason: 'keep going' } },
    { row: 'beforeSubmitPrompt continue false blocks', answer: { event: 'prompt:submit', end: exit(0), stdout: '{"continue":false,"user_message":"no"}' }, expected: { decision: 'deny', reason: 'no', systemMessage: ['no'] } },
    { row: 'postToolUse additional_context', answer: { event: 'tool:after', end: exit(0), stdout: '{"additional_context":"C"}' }, expected: { additionalContext: ['C'] } },
    {
      row: "Claude's nested output is accepted",
      answer: { event: 'tool:before', end: exit(0), stdout: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"R"}}' },
      expected: { decision: 'deny', reason: 'R' },
    },
    { row: 'outcome: preToolUse deny', outcome: { event: 'tool:before', outcome: { decision: 'deny', reason: 'R' } }, expected: { stdout: '{"permission":"deny","agent_message":"R","user_message":"R"}\n' } },
    {
      row: 'outcome: ask is not enforced on preToolUse: a deny',
      outcome: { event: 'tool:before', outcome: { decision: 'ask', reason: 'R' } },
      expected: { stdout: '{"permission":"deny","agent_message":"R","user_message":"R"}\n', downgrades: ['ask on preToolUse became a deny: Cursor cannot ask there (fail closed)'] },
    },
    {
      row: 'outcome: ask is enforced on beforeShellExecution',
      outcome: { event: 'tool:before', outcome: { decision: 'ask', reason: 'R' }, eventName: 'beforeShellExecution' },
      expected: { stdout: '{"permission":"ask","agent_message":"R","user_message":"R"}\n' },
    },
    { row: 'outcome: stop block is a followup_message', outcome: { event: 'turn:stop', outcome: { decision: 'deny', reason: 'go on' } }, expected: { stdout: '{"followup_message":"go on"}\n' } },
    { row: 'outcome: beforeSubmitPrompt deny', outcome: { event: 'prompt:submit', outcome: { decision: 'deny', reason: 'R' } }, expected: { stdout: '{"continue":false,"user_message":"R"}\n' } },
    { row: 'outcome: sessionStart context', outcome: { event: 'session:start', outcome: { additionalContext: ['C'] } }, expected: { stdout: '{"additional_context":"C"}\n' } },
    {
      row: 'outcome: afterShellExecution takes no answer',
      outcome: { event: 'tool:after', outcome: { additionalContext: ['C'] }, eventName: 'afterShellExecution' },
      expected: { stdout: '', downgrades: ['1 additional context was dropped: Cursor passes no hook context to the model on afterShellExecution'] },
    },
  ],
};

// Rows from shared/research/qwen-code-observed.md (Qwen Code 0.24.4, observed headless here) and dialects.md §8.
const QWEN: DialectCase = {
  dialect: 'qwen',
  planned: true,
  samples: SAMPLES,
  vectors: [
    {
      row: 'payload (baseline): run_shell_command is Bash, the rest kept',
      payload: { raw: { session_id: 's', hook_event_name: 'PreToolUse', permission_mode: 'yolo', tool_name: 'run_shell_command', tool_input: { command: 'ls', description: 'd' }, tool_call_id: 'call_1' } },
      expected: { event: 'tool:before', payload: { session_id: 's', permission_mode: 'yolo', tool_name: 'Bash', tool_input: { command: 'ls', description: 'd' }, tool_call_id: 'call_1' } },
    },
    { row: 'payload: edit is Edit, fields already Claude Code\'s', payload: { raw: { hook_event_name: 'PostToolUse', tool_name: 'edit', tool_input: { file_path: '/a', old_string: 'x', new_string: 'y' } } }, expected: { event: 'tool:after', payload: { tool_name: 'Edit', tool_input: { file_path: '/a', old_string: 'x', new_string: 'y' } } } },
    { row: 'payload: write_file is Write', payload: { raw: { hook_event_name: 'PreToolUse', tool_name: 'write_file', tool_input: { file_path: '/a', content: 'c' } } }, expected: { event: 'tool:before', payload: { tool_name: 'Write', tool_input: { file_path: '/a', content: 'c' } } } },
    { row: 'payload: PostToolUseFailure is tool:error', payload: { raw: { hook_event_name: 'PostToolUseFailure', tool_name: 'run_shell_command', error: 'x' } }, expected: { event: 'tool:error', payload: { tool_name: 'Bash', error: 'x' } } },
    { row: 'payload: PostToolBatch has no canonical event', payload: { raw: { hook_event_name: 'PostToolBatch', tool_calls: [] } }, expected: undefined },
    { row: 'payload: a Gemini name is no Qwen event', payload: { raw: { hook_event_name: 'BeforeTool' } }, expected: undefined },
    { row: 'a1: exit 2 blocks with stderr', answer: { event: 'tool:before', end: exit(2), stderr: 'NOPE-STDERR\n' }, expected: { decision: 'deny', reason: 'NOPE-STDERR' } },
    { row: 'a2: on exit 2 stdout is ignored', answer: { event: 'tool:before', end: exit(2), stdout: '{"decision":"allow"}', stderr: 'X2-STDERR' }, expected: { decision: 'deny', reason: 'X2-STDERR' } },
    {
      row: 'a3: exit 2 without output: Qwen lets it through, hookwire denies and says so',
      answer: { event: 'tool:before', end: exit(2) },
      expected: { decision: 'deny', reason: 'blocked by hook (exit code 2, no stderr output)', warnings: ['exited with code 2 without a reason on stderr: Qwen Code would let the action proceed; hookwire denies (fail closed)'] },
    },
    { row: 'a4: exit 1 is non-blocking', answer: { event: 'tool:before', end: exit(1), stderr: 'OOPS-ONE' }, expected: { warnings: ['exited with code 1: OOPS-ONE; non-blocking, the action proceeds'] } },
    { row: 'b1: permissionDecision deny', answer: { event: 'tool:before', end: exit(0), stdout: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"JSON-DENY-R"}}' }, expected: { decision: 'deny', reason: 'JSON-DENY-R' } },
    { row: 'b2: top-level decision deny', answer: { event: 'tool:before', end: exit(0), stdout: '{"decision":"deny","reason":"TOP-DENY-R"}' }, expected: { decision: 'deny', reason: 'TOP-DENY-R' } },
    { row: 'c2: plain stdout on SessionStart is context', answer: { event: 'session:start', end: exit(0), stdout: 'CTX-SS\n' }, expected: { additionalContext: ['CTX-SS'] } },
    { row: 'c2: plain stdout on PreToolUse is no context', answer: { event: 'tool:before', end: exit(0), stdout: 'CTX-PRE\n' }, expected: { warnings: [] } },
    {
      row: 'outcome (b1, j2): PreToolUse deny is both a top-level deny and a permissionDecision',
      outcome: { event: 'tool:before', outcome: { decision: 'deny', reason: 'R' } },
      expected: { stdout: '{"decision":"deny","reason":"R","hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"R"}}\n' },
    },
    {
      row: 'outcome (c1): PreToolUse context is not delivered: dropped, recorded',
      outcome: { event: 'tool:before', outcome: { additionalContext: ['C'] } },
      expected: { stdout: '', downgrades: ['1 additional context was dropped: Qwen Code passes no hook context to the model on PreToolUse'] },
    },
    { row: 'outcome (c1): PostToolUse context', outcome: { event: 'tool:after', outcome: { additionalContext: ['C'] } }, expected: { stdout: '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"C"}}\n' } },
    {
      row: 'outcome (p1): a downgraded PostToolUse deny cannot be feedback: the user is told',
      outcome: { event: 'tool:after', outcome: { downgraded: true, rawDecision: 'deny', rawReason: 'leak' } },
      expected: { stdout: '{"systemMessage":"hookwire: a hook denied PostToolUse, which cannot be blocked: leak"}\n' },
    },
    { row: 'outcome (s1): a Stop block re-prompts the model', outcome: { event: 'turn:stop', outcome: { decision: 'deny', reason: 'KEEP-GOING' } }, expected: { stdout: '{"decision":"block","reason":"KEEP-GOING"}\n' } },
    {
      row: 'outcome (b4): allow grants nothing on PreToolUse',
      outcome: { event: 'tool:before', outcome: { decision: 'allow' }, passAllow: true },
      expected: { stdout: '', downgrades: ['allow on PreToolUse was not rendered: Qwen Code takes no permission grant there'] },
    },
    {
      row: 'outcome: PermissionRequest deny',
      outcome: { event: 'permission:request', outcome: { decision: 'deny', reason: 'no' } },
      expected: { stdout: '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"no"}}}\n' },
    },
  ],
};

// Rows from Crush's documented schema (charmbracelet/crush docs/hooks/README.md and internal/hooks,
// 2026-08-21): Crush's npm package downloads its binary from GitHub at install time, which cannot
// work here, so it does not run in the tests (docs/hosts-observed.md, "Crush").
const CRUSH: DialectCase = {
  dialect: 'crush',
  planned: true,
  samples: { 'tool:before': bash },
  vectors: [
    {
      row: 'payload: {event, session_id, cwd, tool_name, tool_input}, bash is Bash',
      payload: { raw: { event: 'PreToolUse', session_id: '313909e', cwd: '/p', tool_name: 'bash', tool_input: { command: 'rm -rf /' } } },
      expected: { event: 'tool:before', payload: { session_id: '313909e', cwd: '/p', tool_name: 'Bash', tool_input: { command: 'rm -rf /' } } },
    },
    { row: 'payload: event names are case-insensitive and snake-caseable', payload: { raw: { event: 'pre_tool_use', tool_name: 'view', tool_input: { file_path: '/a' } } }, expected: { event: 'tool:before', payload: { tool_name: 'Read', tool_input: { file_path: '/a' } } } },
    { row: 'payload: multiedit is Edit', payload: { raw: { event: 'PreToolUse', tool_name: 'multiedit', tool_input: { file_path: '/a', edits: [] } } }, expected: { event: 'tool:before', payload: { tool_name: 'Edit', tool_input: { file_path: '/a', edits: [] } } } },
    { row: 'payload: no PostToolUse in Crush', payload: { raw: { event: 'PostToolUse', tool_name: 'bash' } }, expected: undefined },
    { row: 'exit 2 blocks with stderr, stdout ignored', answer: { event: 'tool:before', end: exit(2), stdout: '{"decision":"allow"}', stderr: 'No Haskell allowed, kiddo.\n' }, expected: { decision: 'deny', reason: 'No Haskell allowed, kiddo.' } },
    { row: 'exit 49 halts the turn', answer: { event: 'tool:before', end: exit(49), stderr: 'stop everything' }, expected: { decision: 'deny', reason: 'stop everything', continue: false, stopReason: 'stop everything' } },
    { row: 'other exits are non-blocking', answer: { event: 'tool:before', end: exit(1), stderr: 'oops' }, expected: { warnings: ['exited with code 1: oops; non-blocking, the action proceeds'] } },
    { row: 'envelope deny with reason', answer: { event: 'tool:before', end: exit(0), stdout: '{"version":1,"decision":"deny","reason":"not allowed"}' }, expected: { decision: 'deny', reason: 'not allowed' } },
    { row: 'envelope decision null is no opinion', answer: { event: 'tool:before', end: exit(0), stdout: '{"decision":null,"context":"c"}' }, expected: { additionalContext: ['c'], warnings: [] } },
    { row: 'envelope context array, empty entries dropped', answer: { event: 'tool:before', end: exit(0), stdout: '{"context":["a","","b"]}' }, expected: { additionalContext: ['a', 'b'] } },
    { row: 'envelope halt', answer: { event: 'tool:before', end: exit(0), stdout: '{"halt":true,"reason":"enough"}' }, expected: { continue: false, stopReason: 'enough', reason: 'enough' } },
    { row: 'envelope updated_input is recorded', answer: { event: 'tool:before', end: exit(0), stdout: '{"decision":"allow","updated_input":{"command":"bun test"}}' }, expected: { decision: 'allow', updatedInput: { command: 'bun test' } } },
    {
      row: "Claude Code's hookSpecificOutput is read instead when present",
      answer: { event: 'tool:before', end: exit(0), stdout: '{"decision":"allow","hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"R"}}' },
      expected: { decision: 'deny', reason: 'R' },
    },
    { row: 'plain stdout is no opinion', answer: { event: 'tool:before', end: exit(0), stdout: 'hello' }, expected: { warnings: ['stdout is not a JSON object: Crush reads it as no opinion'] } },
    { row: 'outcome: deny', outcome: { event: 'tool:before', outcome: { decision: 'deny', reason: 'R' } }, expected: { stdout: '{"decision":"deny","reason":"R"}\n' } },
    { row: 'outcome: continue false is a halt', outcome: { event: 'tool:before', outcome: { decision: 'deny', reason: 'R', continue: false, stopReason: 'S' } }, expected: { stdout: '{"decision":"deny","reason":"S","halt":true}\n' } },
    { row: 'outcome: context is an array', outcome: { event: 'tool:before', outcome: { additionalContext: ['a', 'b'] } }, expected: { stdout: '{"context":["a","b"]}\n' } },
    { row: 'outcome: allow with --pass-allow pre-approves', outcome: { event: 'tool:before', outcome: { decision: 'allow' }, passAllow: true }, expected: { stdout: '{"decision":"allow"}\n' } },
    {
      row: 'outcome: ask becomes a deny (Crush cannot ask)',
      outcome: { event: 'tool:before', outcome: { decision: 'ask', reason: 'R' } },
      expected: { stdout: '{"decision":"deny","reason":"R"}\n', downgrades: ['ask on PreToolUse became a deny: Crush cannot ask there (fail closed)'] },
    },
    {
      row: 'outcome: a user message is dropped, recorded',
      outcome: { event: 'tool:before', outcome: { systemMessage: ['hi'] } },
      expected: { stdout: '', downgrades: ['1 message was dropped: Crush shows no hook message to the user on PreToolUse'] },
    },
    {
      row: 'outcome: an event Crush lacks answers nothing',
      outcome: { event: 'turn:stop', outcome: { decision: 'deny', reason: 'R' } },
      expected: { stdout: '', downgrades: ['Crush has no turn:stop event: nothing was answered'] },
    },
  ],
};

// Rows observed on the real Cline CLI 3.0.65 (docs/hosts-observed.md, "Cline"), and its hook runner's source.
const CLINE_TOOL_CALL = {
  clineVersion: '', timestamp: '2026-12-05T05:29:45.934Z', taskId: 'conv_1', sessionContext: { rootSessionId: 'r' }, workspaceRoots: ['/p'],
  userId: 'unknown', agent_id: 'agent_1', parent_agent_id: null, hookName: 'tool_call', iteration: 1,
  tool_call: { id: 'call_1', name: 'run_commands', input: { commands: ['echo hi', 'rm -rf ~/keep'] } },
  preToolUse: { toolName: 'run_commands', parameters: { commands: '["echo hi","rm -rf ~/keep"]' } },
};
const CLINE: DialectCase = {
  dialect: 'cline',
  planned: true,
  samples: { 'tool:before': bash, 'tool:after': { ...bash, tool_response: 'a' }, 'prompt:submit': { prompt: 'hi' }, 'session:start': {} },
  vectors: [
    {
      row: 'payload (observed): run_commands is Bash, its commands one per line',
      payload: { raw: CLINE_TOOL_CALL },
      expected: { event: 'tool:before', payload: { session_id: 'conv_1', cwd: '/p', tool_name: 'Bash', tool_input: { commands: ['echo hi', 'rm -rf ~/keep'], command: 'echo hi\nrm -rf ~/keep' }, tool_use_id: 'call_1' } },
    },
    {
      row: 'payload: editor with old_text is Edit, without it Write',
      payload: { raw: { hookName: 'tool_call', tool_call: { name: 'editor', input: { path: '/p/.env', new_text: 'X=1' } } } },
      expected: { event: 'tool:before', payload: { tool_name: 'Write', tool_input: { file_path: '/p/.env', content: 'X=1' } } },
    },
    {
      row: 'payload: editor replacing text is Edit',
      payload: { raw: { hookName: 'tool_call', tool_call: { name: 'editor', input: { path: '/a', old_text: 'x', new_text: 'y' } } } },
      expected: { event: 'tool:before', payload: { tool_name: 'Edit', tool_input: { file_path: '/a', old_string: 'x', new_string: 'y' } } },
    },
    {
      row: 'payload (observed): tool_result output is the tool_response',
      payload: { raw: { hookName: 'tool_result', tool_result: { id: 'call_1', name: 'read_files', input: { files: [{ path: '/a' }] }, output: 'x' } } },
      expected: { event: 'tool:after', payload: { tool_name: 'Read', tool_input: { files: [{ path: '/a' }], file_path: '/a' }, tool_response: 'x' } },
    },
    { row: 'payload (observed): agent_end is turn:stop, the final text the last message', payload: { raw: { hookName: 'agent_end', turn: { outputText: 'FINAL', status: 'completed' } } }, expected: { event: 'turn:stop', payload: { last_assistant_message: 'FINAL' } } },
    { row: 'payload: the file name is the event when hookName is absent', payload: { raw: { taskId: 't' }, eventName: 'TaskStart' }, expected: { event: 'session:start', payload: { session_id: 't' } } },
    { row: 'payload: agent_error has no canonical event', payload: { raw: { hookName: 'agent_error' } }, expected: undefined },
    { row: 'cancel with errorMessage is a deny', answer: { event: 'tool:before', end: exit(0), stdout: '{"cancel":true,"errorMessage":"NOPE-DENY"}' }, expected: { decision: 'deny', reason: 'NOPE-DENY' } },
    { row: 'the exit code means nothing: JSON on exit 2 is read, with a warning', answer: { event: 'tool:before', end: exit(2), stdout: '{"contextModification":"C"}' }, expected: { additionalContext: ['C'], warnings: ["exited with code 2: Cline reads a hook's answer whatever its exit code"] } },
    { row: 'exit 2 without JSON blocks nothing', answer: { event: 'tool:before', end: exit(2), stderr: 'no' }, expected: { warnings: ["exited with code 2: Cline reads a hook's answer whatever its exit code"] } },
    { row: 'the last HOOK_CONTROL line wins over debug text', answer: { event: 'tool:before', end: exit(0), stdout: 'debug\nHOOK_CONTROL\t{"cancel":false}\nHOOK_CONTROL\t{"context":"C2"}\n' }, expected: { additionalContext: ['C2'] } },
    { row: 'plain text is ignored', answer: { event: 'tool:after', end: exit(0), stdout: 'hello' }, expected: { warnings: ['stdout is not a JSON object: Cline ignores it'] } },
    {
      row: 'outcome: a deny cancels the run',
      outcome: { event: 'tool:before', outcome: { decision: 'deny', reason: 'R' } },
      expected: { stdout: '{"cancel":true,"errorMessage":"R"}\n' },
    },
    { row: 'outcome: context is contextModification', outcome: { event: 'tool:after', outcome: { additionalContext: ['a', 'b'] } }, expected: { stdout: '{"contextModification":"a\\n\\nb"}\n' } },
    {
      row: 'outcome: a Stop block cannot keep the task going',
      outcome: { event: 'turn:stop', outcome: { decision: 'deny', reason: 'go on' } },
      expected: { stdout: '', downgrades: ['deny on TaskComplete was not enforced: Cline cannot block it', '1 message was dropped: Cline shows no hook message to the user on TaskComplete'] },
    },
  ],
};

// Rows observed on the real pi 0.73.1 through hookwire's extension (docs/hosts-observed.md, "pi").
const PI: DialectCase = {
  dialect: 'pi',
  planned: true,
  samples: { 'tool:before': bash, 'tool:after': { ...bash, tool_response: 'a' }, 'prompt:submit': { prompt: 'hi' }, 'session:start': { reason: 'startup' } },
  vectors: [
    {
      row: 'payload (observed): a tool_call event, bash is Bash',
      payload: { raw: { type: 'tool_call', toolName: 'bash', toolCallId: 'call_1', input: { command: 'echo hi' }, cwd: '/p' } },
      expected: { event: 'tool:before', payload: { tool_name: 'Bash', tool_input: { command: 'echo hi' }, tool_use_id: 'call_1', cwd: '/p' } },
    },
    { row: 'payload: write path is file_path', payload: { raw: { type: 'tool_call', toolName: 'write', input: { path: '.env', content: 'x' } } }, expected: { event: 'tool:before', payload: { tool_name: 'Write', tool_input: { file_path: '.env', content: 'x' } } } },
    {
      row: 'payload: a tool_result content is the tool_response',
      payload: { raw: { type: 'tool_result', toolName: 'bash', input: { command: 'ls' }, content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }], isError: false } },
      expected: { event: 'tool:after', payload: { tool_name: 'Bash', tool_response: 'ab' } },
    },
    { row: 'payload (observed): an input event, its text is the prompt', payload: { raw: { type: 'input', text: 'hi there', source: 'interactive' } }, expected: { event: 'prompt:submit', payload: { prompt: 'hi there', source: 'interactive' } } },
    { row: 'payload: an older extension\'s before_agent_start prompt is prompt:submit', payload: { raw: { type: 'before_agent_start', prompt: 'hi' } }, expected: { event: 'prompt:submit', payload: { prompt: 'hi' } } },
    {
      row: 'payload (observed): agent_end carries the extension\'s stop_hook_active and last_assistant_message',
      payload: { raw: { type: 'agent_end', stop_hook_active: true, last_assistant_message: 'done' } },
      expected: { event: 'turn:stop', payload: { stop_hook_active: true, last_assistant_message: 'done' } },
    },
    { row: 'payload: session_start', payload: { raw: { type: 'session_start', reason: 'startup' } }, expected: { event: 'session:start', payload: { reason: 'startup' } } },
    { row: 'payload: turn_start has no canonical event', payload: { raw: { type: 'turn_start' } }, expected: undefined },
    { row: 'block with reason', answer: { event: 'tool:before', end: exit(0), stdout: '{"block":true,"reason":"R"}' }, expected: { decision: 'deny', reason: 'R' } },
    { row: 'context and message', answer: { event: 'tool:after', end: exit(0), stdout: '{"context":"C","message":"M"}' }, expected: { additionalContext: ['C'], systemMessage: ['M'] } },
    { row: 'a non-zero exit is non-blocking', answer: { event: 'tool:before', end: exit(3), stderr: 'boom' }, expected: { warnings: ['exited with code 3: boom; non-blocking, the action proceeds'] } },
    { row: 'outcome: deny is block with the reason', outcome: { event: 'tool:before', outcome: { decision: 'deny', reason: 'R' } }, expected: { stdout: '{"block":true,"reason":"R"}\n' } },
    { row: 'outcome: a downgraded deny after a tool is context', outcome: { event: 'tool:after', outcome: { downgraded: true, rawDecision: 'deny', rawReason: 'leak', additionalContext: ['more'] } }, expected: { stdout: '{"context":"leak\\n\\nmore"}\n' } },
    {
      row: 'outcome: session_start context is dropped, recorded',
      outcome: { event: 'session:start', outcome: { additionalContext: ['C'] } },
      expected: { stdout: '', downgrades: ['1 additional context was dropped: pi passes no hook context to the model on session_start'] },
    },
    { row: 'outcome: a message', outcome: { event: 'session:end', outcome: { systemMessage: ['bye'] } }, expected: { stdout: '{"message":"bye"}\n' } },
    { row: 'outcome (observed): a prompt deny is block (input refuses the prompt)', outcome: { event: 'prompt:submit', outcome: { decision: 'deny', reason: 'R', additionalContext: ['C'] } }, expected: { stdout: '{"block":true,"reason":"R","context":"C"}\n' } },
    { row: 'outcome: prompt context', outcome: { event: 'prompt:submit', outcome: { additionalContext: ['C'] } }, expected: { stdout: '{"context":"C"}\n' } },
    { row: 'outcome (observed): a Stop block goes on with its reason', outcome: { event: 'turn:stop', outcome: { decision: 'deny', reason: 'go on' } }, expected: { stdout: '{"block":true,"reason":"go on"}\n' } },
    { row: 'outcome (observed): Stop context is a block whose reason is the context', outcome: { event: 'turn:stop', outcome: { additionalContext: ['run the tests'] } }, expected: { stdout: '{"block":true,"reason":"run the tests"}\n' } },
    {
      row: 'outcome: continue: false on Stop sends no block (the agent stops there anyway)',
      outcome: { event: 'turn:stop', outcome: { decision: 'deny', reason: 'go on', continue: false, stopReason: 'enough' } },
      expected: { stdout: '{"message":"enough"}\n' },
    },
  ],
};

// Rows from Letta Code 0.32.18's own types (dist/types/hooks/types.d.ts) and hook runner (executeHooks and
// executeHooksParallel in letta.js), checked on the real Letta Code headless (docs/hosts-observed.md, "Letta Code").
const LETTA: DialectCase = {
  dialect: 'letta',
  planned: true,
  plainAnswers: true,
  samples: SAMPLES,
  vectors: [
    {
      row: 'payload: event_type and working_directory are Claude Code\'s hook_event_name and cwd',
      payload: { raw: { event_type: 'PreToolUse', working_directory: '/p', session_id: 's', tool_name: 'Bash', tool_input: { command: 'ls' }, tool_call_id: 'c1' } },
      expected: { event: 'tool:before', payload: { cwd: '/p', session_id: 's', tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'c1' } },
    },
    { row: 'payload: PostToolUseFailure error_message is error', payload: { raw: { event_type: 'PostToolUseFailure', tool_name: 'Bash', error_message: 'boom' } }, expected: { event: 'tool:error', payload: { tool_name: 'Bash', error: 'boom' } } },
    { row: 'payload: Stop assistant_message is last_assistant_message', payload: { raw: { event_type: 'Stop', stop_reason: 'end_turn', assistant_message: 'done' } }, expected: { event: 'turn:stop', payload: { stop_reason: 'end_turn', last_assistant_message: 'done' } } },
    { row: 'payload: no SubagentStart in Letta Code', payload: { raw: { event_type: 'SubagentStart' } }, expected: undefined },
    { row: 'exit 2 blocks with stderr', answer: { event: 'tool:before', end: exit(2), stderr: 'no\n' }, expected: { decision: 'deny', reason: 'no' } },
    { row: 'exit 1 is an error, non-blocking', answer: { event: 'tool:before', end: exit(1), stderr: 'oops' }, expected: { warnings: ['exited with code 1: oops; non-blocking, the action proceeds'] } },
    {
      row: 'a JSON permissionDecision is not read',
      answer: { event: 'tool:before', end: exit(0), stdout: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}' },
      expected: { warnings: ['hookSpecificOutput.permissionDecision is not read by Letta Code: exit 2 with the reason on stderr to block'] },
    },
    { row: 'UserPromptSubmit stdout is context', answer: { event: 'prompt:submit', end: exit(0), stdout: 'ctx\n' }, expected: { additionalContext: ['ctx'] } },
    { row: 'outcome: deny is exit 2 with the reason on stderr', outcome: { event: 'tool:before', outcome: { decision: 'deny', reason: 'R' } }, expected: { exitCode: 2, stdout: '', stderr: 'R\n' } },
    { row: 'outcome: UserPromptSubmit context is plain stdout', outcome: { event: 'prompt:submit', outcome: { additionalContext: ['a', 'b'] } }, expected: { stdout: 'a\n\nb\n' } },
    {
      row: 'outcome (observed): PostToolUse context is hookSpecificOutput.additionalContext on exit 0, appended to the tool result as [Hook feedback]',
      outcome: { event: 'tool:after', outcome: { additionalContext: ['C'] } },
      expected: { stdout: '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"C"}}\n' },
    },
    {
      row: 'outcome: a downgraded deny after a tool is feedback, before the context',
      outcome: { event: 'tool:after', outcome: { downgraded: true, rawDecision: 'deny', rawReason: 'leak', additionalContext: ['more'] } },
      expected: { stdout: '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"leak\\n\\nmore"}}\n' },
    },
    {
      row: 'outcome: SessionStart context cannot be passed, recorded',
      outcome: { event: 'session:start', outcome: { additionalContext: ['C'] } },
      expected: { stdout: '', downgrades: ['1 additional context was dropped: Letta Code passes no hook context to the model on SessionStart'] },
    },
    { row: 'PostToolUse additionalContext is context', answer: { event: 'tool:after', end: exit(0), stdout: '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"ctx"}}' }, expected: { additionalContext: ['ctx'], warnings: [] } },
    { row: 'PostToolUseFailure top-level additionalContext is context', answer: { event: 'tool:error', end: exit(0), stdout: '{"additionalContext":"ctx"}' }, expected: { additionalContext: ['ctx'], warnings: [] } },
  ],
};

// Rows observed on the real OpenClaw 2026.9.6 through hookwire's plugin (docs/hosts-observed.md,
// "OpenClaw"), and its documented hook results (docs/plugins/hooks/*.md in the package).
const OPENCLAW: DialectCase = {
  dialect: 'openclaw',
  planned: true,
  samples: { 'tool:before': bash, 'tool:after': { ...bash, tool_response: 'a' }, 'prompt:submit': { prompt: 'hi' }, 'turn:stop': { last_assistant_message: 'done', stop_hook_active: false } },
  vectors: [
    {
      row: 'payload (observed): a before_tool_call event, exec is Bash',
      payload: { raw: { type: 'before_tool_call', toolName: 'exec', params: { command: 'rm -rf ../keep' }, toolCallId: 'call_0', cwd: '/p', session_id: 's' } },
      expected: { event: 'tool:before', payload: { tool_name: 'Bash', tool_input: { command: 'rm -rf ../keep' }, tool_use_id: 'call_0', cwd: '/p', session_id: 's' } },
    },
    { row: 'payload: write path is file_path', payload: { raw: { type: 'before_tool_call', toolName: 'write', params: { path: '.env', content: 'x' } } }, expected: { event: 'tool:before', payload: { tool_name: 'Write', tool_input: { file_path: '.env', content: 'x' } } } },
    {
      row: 'payload: apply_patch {input} is the Edit of its first file, with every path and the patch',
      payload: { raw: { type: 'before_tool_call', toolName: 'apply_patch', params: { input: '*** Begin Patch\n*** Update File: .env\n@@\n-A=1\n+A=2\n*** End Patch\n' }, cwd: '/p' } },
      expected: {
        event: 'tool:before',
        payload: { tool_name: 'Edit', tool_input: { file_path: '/p/.env', old_string: 'A=1', new_string: 'A=2', command: '*** Begin Patch\n*** Update File: .env\n@@\n-A=1\n+A=2\n*** End Patch\n', file_paths: ['/p/.env'] } },
      },
    },
    {
      row: 'payload (observed): an after_tool_call result content is the tool_response',
      payload: { raw: { type: 'after_tool_call', toolName: 'exec', params: { command: 'ls' }, result: { content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }], details: { exitCode: 0 } } } },
      expected: { event: 'tool:after', payload: { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_response: 'ab' } },
    },
    { row: 'payload: an after_tool_call error is the tool_response error', payload: { raw: { type: 'after_tool_call', toolName: 'exec', params: { command: 'x' }, error: 'boom' } }, expected: { event: 'tool:after', payload: { tool_name: 'Bash', tool_response: { error: 'boom' } } } },
    {
      row: 'payload (observed): before_agent_finalize is the Stop, in Claude Code\'s fields',
      payload: { raw: { type: 'before_agent_finalize', lastAssistantMessage: 'finished', stopHookActive: false } },
      expected: { event: 'turn:stop', payload: { last_assistant_message: 'finished', stop_hook_active: false } },
    },
    { row: 'payload: before_prompt_build prompt', payload: { raw: { type: 'before_prompt_build', prompt: 'Clean up.' } }, expected: { event: 'prompt:submit', payload: { prompt: 'Clean up.' } } },
    { row: 'payload: llm_input has no canonical event', payload: { raw: { type: 'llm_input' } }, expected: undefined },
    { row: 'block with reason', answer: { event: 'tool:before', end: exit(0), stdout: '{"block":true,"reason":"R"}' }, expected: { decision: 'deny', reason: 'R' } },
    { row: 'outcome: deny is block with the reason', outcome: { event: 'tool:before', outcome: { decision: 'deny', reason: 'R' } }, expected: { stdout: '{"block":true,"reason":"R"}\n' } },
    { row: 'outcome: a prompt deny is a block (the plugin stops the run from before_agent_run)', outcome: { event: 'prompt:submit', outcome: { decision: 'deny', reason: 'no' } }, expected: { stdout: '{"block":true,"reason":"no"}\n' } },
    { row: 'outcome: prompt context', outcome: { event: 'prompt:submit', outcome: { additionalContext: ['a', 'b'] } }, expected: { stdout: '{"context":"a\\n\\nb"}\n' } },
    { row: 'outcome: Stop context keeps the turn going as a block (a revise)', outcome: { event: 'turn:stop', outcome: { additionalContext: ['run the tests'] } }, expected: { stdout: '{"block":true,"reason":"run the tests"}\n' } },
    {
      row: 'outcome: after_tool_call only observes: a deny is not enforced and context is dropped, recorded',
      outcome: { event: 'tool:after', outcome: { downgraded: true, rawDecision: 'deny', rawReason: 'leak', additionalContext: ['more'] } },
      expected: {
        stdout: '{"message":"hookwire: a hook denied after_tool_call, which cannot be blocked: leak"}\n',
        downgrades: ['1 additional context was dropped: OpenClaw passes no hook context to the model on after_tool_call'],
      },
    },
    { row: 'outcome: a message', outcome: { event: 'session:end', outcome: { systemMessage: ['bye'] } }, expected: { stdout: '{"message":"bye"}\n' } },
  ],
};

for (const testCase of [CLAUDE, NATIVE, GEMINI, CODEX, COPILOT, CURSOR, QWEN, CRUSH, CLINE, PI, LETTA, OPENCLAW]) describeDialect(testCase);
