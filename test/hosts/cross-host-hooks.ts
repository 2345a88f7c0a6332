import { join } from 'node:path';
import { REPO_DIR } from './claude-settings.js';
import { describeExitGuard } from './guards.js';
import { CC_SAFETY_NET } from './init-project.js';
import { describeRecorder } from './record-hook.js';

// The hookwire configs the cross-host tests run in every host: Claude Code hooks, unchanged (the
// default `claude` dialect: Claude's event names, `Bash` and `tool_input.command`, its answers).

/** What examples/hooks/guard-bash.mjs says about `rm -rf` (exit 2, the reason on stderr). */
export const GUARD_REASON = 'rm -rf deletes recursively without asking; remove the files by name, or ask the user';
/** What cc-safety-net 2.4.5 says about `rm -rf` outside the current directory (a JSON deny). */
export const SAFETY_NET_REASON = 'rm -rf outside cwd is blocked';

export const SESSION_CONTEXT = 'session-context-marker: the project uses tabs';
export const PROMPT_CONTEXT = 'prompt-context-marker: answer in English';
export const AFTER_CONTEXT = 'after-context-marker: the output above is complete';
export const POST_FEEDBACK = 'post-feedback-marker: that output is not for you';
export const STOP_REASON = 'stop-continue-marker: say goodbye before you stop';

/** A command that prints one JSON answer, whatever its stdin. */
function printJson(answer: unknown): string {
  return `cat >/dev/null; echo '${JSON.stringify(answer)}'`;
}

/**
 * Turn A: two Claude Code guards deny `rm -rf ../keep` (the example guard first, then the real
 * cc-safety-net), and SessionStart / UserPromptSubmit hooks add context.
 */
export function describeGuardConfig(): unknown {
  return {
    hooks: [
      { id: 'guard-bash', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: `node ${JSON.stringify(join(REPO_DIR, 'examples', 'hooks', 'guard-bash.mjs'))}`, timeout: 10 },
      { id: 'cc-safety-net', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: `${JSON.stringify(CC_SAFETY_NET)} hook --coding-cli`, timeout: 20 },
      { id: 'session-context', event: 'SessionStart', type: 'command', command: printJson({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: SESSION_CONTEXT } }), timeout: 10 },
      { id: 'prompt-context', event: 'UserPromptSubmit', type: 'command', command: printJson({ hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: PROMPT_CONTEXT } }), timeout: 10 },
    ],
  };
}

/**
 * Turn B: after `echo first-out` a PostToolUse hook adds context, after `echo second-out` it blocks
 * with feedback; the first Stop is blocked with a reason (a file in the project marks it done).
 */
export function describeFeedbackConfig(project: string): unknown {
  const stopOnce = join(project, 'stop-once');
  const after = [
    'input=$(cat);',
    `case "$input" in *first-out*) echo '${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: AFTER_CONTEXT } })}';;`,
    `*second-out*) echo '${JSON.stringify({ decision: 'block', reason: POST_FEEDBACK })}';; esac`,
  ].join(' ');
  const stop = `cat >/dev/null; if [ ! -e '${stopOnce}' ]; then touch '${stopOnce}'; echo '${JSON.stringify({ decision: 'block', reason: STOP_REASON })}'; fi`;
  return {
    hooks: [
      { id: 'after-tool', event: 'PostToolUse', matcher: 'Bash', type: 'command', command: after, timeout: 10 },
      { id: 'stop-once', event: 'Stop', type: 'command', command: stop, timeout: 10 },
    ],
  };
}

export const FEEDBACK_SCRIPT = [{ bash: 'echo first-out' }, { bash: 'echo second-out' }, { text: 'finished' }, { text: 'goodbye' }];

/**
 * Turn C: on `sleep-marker`, a PreToolUse hook starts a grandchild (`sleep 300 &`), writes both pids
 * and waits: past its 2 s timeout hookwire must kill the whole tree. The next command reports
 * whether either pid is still alive, to the model, while the host still runs.
 */
export function describeTimeoutConfig(project: string): unknown {
  return { hooks: [{ id: 'slow', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: describeSlowCommand(project), timeout: 2 }] };
}

/** The slow hook's command: on `sleep-marker` it writes its pid and its grandchild's, then waits for the grandchild. */
export function describeSlowCommand(project: string): string {
  return `if grep -q sleep-marker; then sleep 300 & echo $! > '${join(project, 'grandchild.pid')}'; echo $$ > '${join(project, 'child.pid')}'; wait; fi`;
}

export function describeTimeoutScript(project: string): { bash: string }[] {
  // No command substitution: Gemini CLI refuses a shell command holding `$(...)` or backticks.
  const check = `cat '${join(project, 'child.pid')}' '${join(project, 'grandchild.pid')}' | while read -r p; do kill -0 "$p" 2>/dev/null && echo "alive $p"; done; echo checked-pids`;
  return [{ bash: 'echo sleep-marker' }, { bash: check }];
}

/** Turn D: a config with a typo (`"type": "comand"`): the bridge cannot run it. */
export const BROKEN_CONFIG = { hooks: [{ id: 'typo', event: 'PreToolUse', matcher: 'Bash', type: 'comand', command: 'exit 2' }] };

export const FAILURE_CONTEXT = 'failure-context-marker: the command failed on purpose';

/** Where the newer-events config's recorders write, in the project: one JSON payload a line. */
export const FAILURE_LOG = 'tool-error.jsonl';
export const END_LOG = 'session-end.jsonl';
export const PERMISSION_LOG = 'permission-request.jsonl';

/**
 * Turn E, the newer events in Claude Code's names: a PostToolUseFailure hook (tool:error) records
 * the payload it sees and adds context; SessionEnd (session:end) and PermissionRequest
 * (permission:request) hooks record theirs and answer nothing.
 */
export function describeNewerEventsConfig(project: string): unknown {
  const failure = { hookSpecificOutput: { hookEventName: 'PostToolUseFailure', additionalContext: FAILURE_CONTEXT } };
  return {
    hooks: [
      { id: 'record-failure', event: 'PostToolUseFailure', type: 'command', command: `${describeRecorder(join(project, FAILURE_LOG))}; echo '${JSON.stringify(failure)}'`, timeout: 10 },
      { id: 'record-end', event: 'SessionEnd', type: 'command', command: describeRecorder(join(project, END_LOG)), timeout: 10 },
      { id: 'record-permission', event: 'PermissionRequest', type: 'command', command: describeRecorder(join(project, PERMISSION_LOG)), timeout: 10 },
    ],
  };
}

/** A shell command that fails: prints `failing-out`, exits 3. */
export const FAILING_COMMAND = 'echo failing-out; exit 3';

export const ENV_REASON = 'env-guard-marker: .env holds secrets; ask the user to change it';
export const STOP_CONTEXT = 'stop-context-marker: run the tests before you finish';

/** A Claude Code guard on `Edit|Write`: reads `tool_input.file_path` only, exits 2 with {@link ENV_REASON} when it names an env file (`.env`, `.env.local`, `prod.env`). */
export const ENV_GUARD = describeExitGuard('protect-env', 'Edit|Write', '/(^|\\/)(\\.env|\\.env\\..*|[^/]*\\.env)$/.test(String(p.tool_input?.file_path))', ENV_REASON);

/**
 * Turn F, one config for every host (issue 23): cc-safety-net and a `.env` guard, both Claude Code
 * guards as written for it, and a Stop hook that answers once with `additionalContext` — which
 * Claude Code (≥ 2.1.163) takes as feedback that keeps the turn going (a file marks it done).
 */
export function describeParityConfig(project: string): unknown {
  const stopOnce = join(project, 'stop-context-once');
  const answer = JSON.stringify({ hookSpecificOutput: { hookEventName: 'Stop', additionalContext: STOP_CONTEXT } });
  return {
    hooks: [
      { id: 'cc-safety-net', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: `${JSON.stringify(CC_SAFETY_NET)} hook --coding-cli`, timeout: 20 },
      ENV_GUARD,
      { id: 'stop-context', event: 'Stop', type: 'command', command: `cat >/dev/null; if [ ! -e '${stopOnce}' ]; then touch '${stopOnce}'; echo '${answer}'; fi`, timeout: 10 },
    ],
  };
}

/** A Codex patch that edits `src/a.ts` and then `.env`: the guard reads only `file_path`, and must still see `.env`. */
export const ENV_PATCH = '*** Begin Patch\n*** Update File: src/a.ts\n@@\n-export const a = 1;\n+export const a = 2;\n*** Update File: .env\n@@\n-SECRET=1\n+SECRET=2\n*** End Patch\n';
