import type { Outcome } from '@hookwire/fold';
import { describe, expect, it } from 'vitest';
import { renderOutcome, type DialectName } from '../../src/dialects/index.js';
import type { CanonicalEvent } from '../../src/events.js';

// Issue 23: a Stop hook's additionalContext is feedback that keeps the turn going in Claude Code
// (≥ 2.1.163). Every host that can continue a turn (through a block) gets it as one; the answer each
// host is written, by hand from its documented or observed form.

function outcome(fields: Partial<Outcome> = {}): Outcome {
  return { decision: 'none', continue: true, additionalContext: [], systemMessage: [], downgraded: false, ...fields };
}

interface Vector {
  name: string;
  dialect: DialectName;
  event: CanonicalEvent;
  eventName?: string;
  outcome: Outcome;
  stdout: string;
  downgrades?: string[];
}

const RUN_TESTS = 'run the tests before you finish';

const VECTORS: Vector[] = [
  { name: 'Claude Code takes it as it is', dialect: 'claude', event: 'turn:stop', outcome: outcome({ additionalContext: [RUN_TESTS] }), stdout: `{"hookSpecificOutput":{"hookEventName":"Stop","additionalContext":"${RUN_TESTS}"}}\n` },
  { name: 'Gemini CLI: AfterAgent deny, which re-prompts the model with the reason', dialect: 'gemini', event: 'turn:stop', outcome: outcome({ additionalContext: [RUN_TESTS] }), stdout: `{"decision":"deny","reason":"${RUN_TESTS}"}\n` },
  { name: 'Codex: Stop block, a continuation prompt', dialect: 'codex', event: 'turn:stop', outcome: outcome({ additionalContext: [RUN_TESTS] }), stdout: `{"decision":"block","reason":"${RUN_TESTS}"}\n` },
  { name: 'Codex: SubagentStop block, the subagent goes on', dialect: 'codex', event: 'subagent:end', outcome: outcome({ additionalContext: [RUN_TESTS] }), stdout: `{"decision":"block","reason":"${RUN_TESTS}"}\n` },
  { name: 'Copilot CLI: agentStop block, a new user message', dialect: 'copilot', event: 'turn:stop', outcome: outcome({ additionalContext: [RUN_TESTS] }), stdout: `{"decision":"block","reason":"${RUN_TESTS}"}\n` },
  { name: 'Copilot CLI in its Claude form: a Stop block', dialect: 'copilot', event: 'turn:stop', eventName: 'Stop', outcome: outcome({ additionalContext: [RUN_TESTS] }), stdout: `{"decision":"block","reason":"${RUN_TESTS}"}\n` },
  { name: 'pi: agent_end block, which hookwire\'s extension sends as a new user message', dialect: 'pi', event: 'turn:stop', outcome: outcome({ additionalContext: [RUN_TESTS] }), stdout: `{"block":true,"reason":"${RUN_TESTS}"}\n` },
  { name: 'OpenClaw: a block, which the plugin returns from before_agent_finalize as a revise: one more model pass', dialect: 'openclaw', event: 'turn:stop', outcome: outcome({ additionalContext: [RUN_TESTS] }), stdout: `{"block":true,"reason":"${RUN_TESTS}"}\n` },
  { name: 'Cursor: stop followup_message, sent as the next user message', dialect: 'cursor', event: 'turn:stop', outcome: outcome({ additionalContext: [RUN_TESTS] }), stdout: `{"followup_message":"${RUN_TESTS}"}\n` },
  { name: 'a block and context: the reason first, then the context', dialect: 'codex', event: 'turn:stop', outcome: outcome({ decision: 'deny', reason: 'not done', additionalContext: ['a', 'b'] }), stdout: '{"decision":"block","reason":"not done\\n\\na\\n\\nb"}\n' },
  {
    name: 'continue: false wins: nothing continues, the context is dropped and said',
    dialect: 'gemini',
    event: 'turn:stop',
    outcome: outcome({ continue: false, stopReason: 'halt', additionalContext: [RUN_TESTS] }),
    stdout: '{"continue":false,"stopReason":"halt"}\n',
    downgrades: ['1 additional context was dropped: Gemini CLI passes no hook context to the model on AfterAgent'],
  },
  {
    name: 'continue: false on Codex\'s Stop, which has no such field: no block is sent (the turn ends, as continue: false wins in Claude Code), the stopReason told to the user',
    dialect: 'codex',
    event: 'turn:stop',
    outcome: outcome({ decision: 'deny', reason: 'keep going', continue: false, stopReason: 'budget spent', additionalContext: [RUN_TESTS] }),
    stdout: '{"systemMessage":"budget spent"}\n',
    downgrades: ['1 additional context was dropped: Codex passes no hook context to the model on Stop'],
  },
  {
    name: 'continue: false on Copilot\'s agentStop: no block; its stopReason has nowhere to go, said',
    dialect: 'copilot',
    event: 'turn:stop',
    outcome: outcome({ decision: 'deny', reason: 'keep going', continue: false, stopReason: 'budget spent' }),
    stdout: '',
    downgrades: ['the stopReason on agentStop was dropped: Copilot CLI shows no hook message to the user there'],
  },
  { name: 'not on other events: Codex SessionStart context stays context', dialect: 'codex', event: 'session:start', outcome: outcome({ additionalContext: ['c'] }), stdout: '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"c"}}\n' },
];

describe('Stop context keeps the turn going on every host that can', () => {
  it.each(VECTORS.map((vector) => [vector.name, vector] as const))('%s', (_name, vector) => {
    const answer = renderOutcome(vector.dialect, vector.event, vector.outcome, { passAllow: false, ...(vector.eventName === undefined ? {} : { eventName: vector.eventName }) });
    expect(answer.stdout).toBe(vector.stdout);
    expect(answer.downgrades).toEqual(vector.downgrades);
  });
});
