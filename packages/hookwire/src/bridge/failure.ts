import { eventNameIn, eventTraits, renderOutcome, type CanonicalEvent, type DialectName } from '@hookwire/contract';

/** Where a failure of the bridge happened: the event, as far as the payload could be read. */
export interface FailureContext {
  /** The hookwire event, when the payload (or what could be read of it) names one. */
  event: CanonicalEvent | undefined;
  /** The payload's `stop_hook_active`, when it could be read: true means the host is already continuing because of a Stop block. */
  stopHookActive: boolean | undefined;
}

/** What a bridge that cannot work answers. */
export interface BridgeFailure {
  /** 0 (the action proceeds, the user is told), or 2 (a block, only under `--on-error block`). */
  exitCode: 0 | 2;
  /** Claude Code's form: one JSON object with the `systemMessage` on exit 0; nothing on exit 2 (Claude Code ignores it). */
  stdout: string;
  /** The notice, then the details (the config's diagnostics), on stderr. */
  stderr: string;
  /** One line naming the problem and what the bridge did about it: the `systemMessage`, the first stderr line, the audit record's `error`. */
  notice: string;
}

// Claude Code cuts a systemMessage at 10,000 characters; the problem's first line is kept well below that.
const MAX_PROBLEM_LENGTH = 2000;

function isStop(event: CanonicalEvent | undefined): boolean {
  return event === 'turn:stop' || event === 'subagent:end';
}

/**
 * Renders a failure of the bridge itself (its command line, its config, the payload, a crash), in
 * Claude Code's form. It is never silent and never a block unless asked for:
 * - `warn` (the default): exit 0 with a `systemMessage` naming the problem, which Claude Code
 *   shows the user on every event hookwire handles; no hook ran, so nothing is blocked.
 * - `block`: exit 2 on the events where that blocks (PreToolUse, UserPromptSubmit, Stop,
 *   SubagentStop) and when the payload names no event (fail closed); the reason is on stderr.
 *   A Stop or SubagentStop is blocked only when the payload says `stop_hook_active: false`: once
 *   the host is continuing because of a block, or when that cannot be told, the bridge does not
 *   block again, so its own failure cannot keep the model looping. Where it does not block, it
 *   answers as under `warn`.
 */
export function renderBridgeFailure(context: FailureContext, message: string, onError: 'warn' | 'block', dialect: DialectName = 'claude'): BridgeFailure {
  const [headline = '', ...details] = message.trimEnd().split('\n');
  const { event } = context;
  const name = event === undefined ? undefined : eventNameIn(dialect, event);
  let exitCode: 0 | 2 = 0;
  let consequence: string;
  if (onError === 'warn') consequence = `no hookwire hook ran${name === undefined ? '' : ` for ${name}`}, nothing was blocked`;
  else if (event !== undefined && !eventTraits(event).blockable) consequence = `${name} cannot be blocked; no hookwire hook ran`;
  else if (isStop(event) && context.stopHookActive !== false) {
    consequence = `--on-error block: not blocking ${name} again (stop_hook_active is ${context.stopHookActive === true ? 'true' : 'unknown'}), so this failure cannot loop the session; no hookwire hook ran`;
  } else {
    exitCode = 2;
    consequence = `--on-error block: blocking ${name ?? 'this event'}`;
  }
  const problem = headline.length > MAX_PROBLEM_LENGTH ? `${headline.slice(0, MAX_PROBLEM_LENGTH - 1)}…` : headline;
  const notice = `hookwire run: ${problem} (${consequence})`;
  const stderr = `${[notice, ...details].join('\n')}\n`;
  if (dialect !== 'claude') return renderInDialect(dialect, event, exitCode, notice, stderr);
  return { exitCode, stdout: exitCode === 0 ? `${JSON.stringify({ systemMessage: notice })}\n` : '', stderr, notice };
}

/**
 * The same failure in another host's form: on a known event, the folded outcome it amounts to (a
 * deny with the notice as reason where `block` blocks, else the notice as a user message), in
 * that host's answer; with no event to answer in, exit 2 for a block (the one signal every
 * host reads as one) and otherwise nothing but the notice on stderr.
 */
function renderInDialect(dialect: DialectName, event: CanonicalEvent | undefined, exitCode: 0 | 2, notice: string, stderr: string): BridgeFailure {
  if (event === undefined) return { exitCode, stdout: '', stderr, notice };
  const blocking = exitCode === 2;
  const answer = renderOutcome(dialect, event, {
    decision: blocking ? 'deny' : 'none',
    ...(blocking ? { reason: notice } : {}),
    continue: true,
    additionalContext: [],
    systemMessage: blocking ? [] : [notice],
    downgraded: false,
  });
  return { exitCode: answer.exitCode === 0 ? 0 : 2, stdout: answer.stdout, stderr, notice };
}
