import type { CanonicalEvent } from '../../events.js';
import type { HandlerResult } from '../../handler-answer.js';
import { readClaudeAnswer } from '../claude/answer.js';
import type { AnswerInput } from '../dialect.js';

const PLAIN_CONTEXT: ReadonlySet<CanonicalEvent> = new Set(['prompt:submit', 'session:start', 'subagent:start']);

/**
 * A codex hook's answer, read leniently (Codex's strictness binds what hookwire writes to Codex,
 * not what it reads from a hook): Claude Code's fields, unknown ones ignored; plain stdout is
 * context on SessionStart, UserPromptSubmit and SubagentStart, as in Codex. An exit 2 without
 * stderr, which Codex itself would mark failed and ignore, is still a deny here (fail closed),
 * with a warning.
 */
export function readAnswer(input: AnswerInput): HandlerResult {
  return readClaudeAnswer(input, {
    plainContext: (event) => PLAIN_CONTEXT.has(event),
    exit2WithoutStderr: 'exited with code 2 without a reason on stderr: Codex would mark this hook failed and ignore it; hookwire denies (fail closed)',
  });
}
