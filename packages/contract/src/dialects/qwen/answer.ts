import type { Decision } from '@hookwire/fold';
import type { CanonicalEvent } from '../../events.js';
import type { HandlerResult } from '../../handler-answer.js';
import { readClaudeAnswer } from '../claude/answer.js';
import type { AnswerInput } from '../dialect.js';

/** Qwen Code's top-level `decision` values (dialects.md §8.4). */
const DECISIONS: Readonly<Record<string, Decision>> = { allow: 'allow', approve: 'allow', deny: 'deny', block: 'deny', ask: 'ask' };

const PLAIN_CONTEXT: ReadonlySet<CanonicalEvent> = new Set(['prompt:submit', 'session:start']);

/**
 * A qwen hook's answer: Claude Code's contract (exit 2 denies with stderr, JSON on exit 0, a
 * top-level `decision: "deny"` or `"block"` as well as `permissionDecision`), plain stdout is
 * context on SessionStart and UserPromptSubmit only, as in Qwen Code. An exit 2 without stderr,
 * which Qwen Code itself lets through, is still a deny here (fail closed), with a warning.
 */
export function readAnswer(input: AnswerInput): HandlerResult {
  return readClaudeAnswer(input, {
    plainContext: (event) => PLAIN_CONTEXT.has(event),
    decisions: DECISIONS,
    exit2WithoutStderr: 'exited with code 2 without a reason on stderr: Qwen Code would let the action proceed; hookwire denies (fail closed)',
  });
}
