import type { Outcome } from '@hookwire/fold';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderOutcome } from '../../src/dialects/index.js';
import { eventTraits, type CanonicalEvent } from '../../src/events.js';
import type { RenderOutcomeOptions } from '../../src/dialects/dialect.js';

const renderClaudeOutput = (event: CanonicalEvent, outcome: Outcome, options: RenderOutcomeOptions) => renderOutcome('claude', event, outcome, options);

function outcome(fields: Partial<Outcome> = {}): Outcome {
  return { decision: 'none', continue: true, additionalContext: [], systemMessage: [], downgraded: false, ...fields };
}

const CLAUDE_NAMES: Record<CanonicalEvent, string> = {
  'tool:before': 'PreToolUse',
  'tool:after': 'PostToolUse',
  'prompt:submit': 'UserPromptSubmit',
  'session:start': 'SessionStart',
  'turn:stop': 'Stop',
  'subagent:start': 'SubagentStart',
  'subagent:end': 'SubagentStop',
  'session:end': 'SessionEnd',
  'tool:error': 'PostToolUseFailure',
  'compact:before': 'PreCompact',
  'permission:request': 'PermissionRequest',
  'notification': 'Notification',
};

interface Vector {
  name: string;
  event: CanonicalEvent;
  outcome: Outcome;
  passAllow?: boolean;
  stdout: string;
  /** What Claude Code cannot express, recorded beside the answer. */
  downgrades?: string[];
}

// Every expected stdout below is written by hand from the rendering table in docs/bridge.md.
const VECTORS: Vector[] = [
  { name: 'nothing to say', event: 'tool:before', outcome: outcome(), stdout: '' },
  {
    name: 'PreToolUse deny',
    event: 'tool:before',
    outcome: outcome({ decision: 'deny', reason: 'rm -rf is not allowed' }),
    stdout: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"rm -rf is not allowed"}}\n',
  },
  {
    name: 'PreToolUse deny without a reason',
    event: 'tool:before',
    outcome: outcome({ decision: 'deny' }),
    stdout: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}\n',
  },
  {
    name: 'PreToolUse deny with reasons the fold joined',
    event: 'tool:before',
    outcome: outcome({ decision: 'deny', reason: 'first\n\nsecond' }),
    stdout: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"first\\n\\nsecond"}}\n',
  },
  {
    name: 'PreToolUse ask',
    event: 'tool:before',
    outcome: outcome({ decision: 'ask', reason: 'pushes to main' }),
    stdout: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"pushes to main"}}\n',
  },
  { name: 'PreToolUse allow without --pass-allow', event: 'tool:before', outcome: outcome({ decision: 'allow', reason: 'safe' }), stdout: '' },
  {
    name: 'PreToolUse allow with --pass-allow',
    event: 'tool:before',
    outcome: outcome({ decision: 'allow', reason: 'safe' }),
    passAllow: true,
    stdout: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"safe"}}\n',
  },
  {
    name: 'PreToolUse allow without a reason with --pass-allow',
    event: 'tool:before',
    outcome: outcome({ decision: 'allow' }),
    passAllow: true,
    stdout: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}\n',
  },
  {
    name: 'PreToolUse deny wins over --pass-allow',
    event: 'tool:before',
    outcome: outcome({ decision: 'deny', reason: 'no' }),
    passAllow: true,
    stdout: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}\n',
  },
  {
    name: 'PreToolUse context, joined with a blank line',
    event: 'tool:before',
    outcome: outcome({ additionalContext: ['branch: main', 'env: prod'] }),
    stdout: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"branch: main\\n\\nenv: prod"}}\n',
  },
  {
    name: 'system messages, joined with a newline',
    event: 'tool:before',
    outcome: outcome({ systemMessage: ['careful', 'really'] }),
    stdout: '{"systemMessage":"careful\\nreally"}\n',
  },
  {
    name: 'continue false with a stop reason',
    event: 'tool:before',
    outcome: outcome({ continue: false, stopReason: 'build is broken' }),
    stdout: '{"continue":false,"stopReason":"build is broken"}\n',
  },
  { name: 'continue false without a stop reason', event: 'turn:stop', outcome: outcome({ continue: false }), stdout: '{"continue":false}\n' },
  {
    name: 'PreToolUse with every field',
    event: 'tool:before',
    outcome: outcome({ decision: 'deny', reason: 'r', continue: false, stopReason: 's', additionalContext: ['c'], systemMessage: ['m'] }),
    stdout: '{"continue":false,"stopReason":"s","systemMessage":"m","hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"r","additionalContext":"c"}}\n',
  },
  {
    name: 'quotes, control characters and non-ASCII text are JSON-escaped only as JSON requires',
    event: 'tool:before',
    outcome: outcome({ decision: 'deny', reason: 'say "no"\tthen — ü' }),
    stdout: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"say \\"no\\"\\tthen — ü"}}\n',
  },
  {
    name: 'empty context and message strings say nothing',
    event: 'tool:before',
    outcome: outcome({ additionalContext: [''], systemMessage: [''] }),
    stdout: '',
  },
  {
    name: 'empty strings are dropped before joining',
    event: 'prompt:submit',
    outcome: outcome({ additionalContext: ['', 'a', ''], systemMessage: ['', 'b'] }),
    stdout: '{"systemMessage":"b","hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"a"}}\n',
  },
  {
    name: 'PostToolUse downgraded deny becomes post-tool feedback',
    event: 'tool:after',
    outcome: outcome({ downgraded: true, rawDecision: 'deny', rawReason: 'the output leaks a token' }),
    stdout: '{"decision":"block","reason":"the output leaks a token"}\n',
  },
  {
    name: 'PostToolUse downgraded ask becomes post-tool feedback too',
    event: 'tool:after',
    outcome: outcome({ downgraded: true, rawDecision: 'ask', rawReason: 'check this diff' }),
    stdout: '{"decision":"block","reason":"check this diff"}\n',
  },
  {
    name: 'PostToolUse downgraded deny without a reason',
    event: 'tool:after',
    outcome: outcome({ downgraded: true, rawDecision: 'deny' }),
    stdout: '{"decision":"block","reason":"blocked by a hookwire hook (no reason given)"}\n',
  },
  { name: 'PostToolUse allow, even with --pass-allow', event: 'tool:after', outcome: outcome({ decision: 'allow' }), passAllow: true, stdout: '' },
  {
    name: 'PostToolUse context and feedback',
    event: 'tool:after',
    outcome: outcome({ downgraded: true, rawDecision: 'deny', rawReason: 'no', additionalContext: ['lint: 3 warnings'] }),
    stdout: '{"decision":"block","reason":"no","hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"lint: 3 warnings"}}\n',
  },
  {
    name: 'UserPromptSubmit deny',
    event: 'prompt:submit',
    outcome: outcome({ decision: 'deny', reason: 'the prompt contains a secret' }),
    stdout: '{"decision":"block","reason":"the prompt contains a secret"}\n',
  },
  {
    name: 'UserPromptSubmit ask fails closed',
    event: 'prompt:submit',
    outcome: outcome({ decision: 'ask', reason: 'confirm first' }),
    stdout: '{"decision":"block","reason":"confirm first"}\n',
    downgrades: ['ask on UserPromptSubmit became a block: Claude Code cannot ask there (fail closed)'],
  },
  {
    name: 'UserPromptSubmit deny without a reason',
    event: 'prompt:submit',
    outcome: outcome({ decision: 'deny' }),
    stdout: '{"decision":"block","reason":"blocked by a hookwire hook (no reason given)"}\n',
  },
  { name: 'UserPromptSubmit allow with --pass-allow', event: 'prompt:submit', outcome: outcome({ decision: 'allow', reason: 'ok' }), passAllow: true, stdout: '' },
  {
    name: 'UserPromptSubmit context',
    event: 'prompt:submit',
    outcome: outcome({ additionalContext: ['today is Monday'] }),
    stdout: '{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"today is Monday"}}\n',
  },
  {
    name: 'SessionStart context',
    event: 'session:start',
    outcome: outcome({ additionalContext: ['branch: feat/x'] }),
    stdout: '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"branch: feat/x"}}\n',
  },
  {
    name: 'SessionStart downgraded deny becomes a system message',
    event: 'session:start',
    outcome: outcome({ downgraded: true, rawDecision: 'deny', rawReason: 'not on a weekend' }),
    stdout: '{"systemMessage":"hookwire: a hook denied SessionStart, which cannot be blocked: not on a weekend"}\n',
  },
  {
    name: 'SessionStart downgraded ask without a reason comes after the hooks\' own messages',
    event: 'session:start',
    outcome: outcome({ downgraded: true, rawDecision: 'ask', systemMessage: ['hello'] }),
    stdout: '{"systemMessage":"hello\\nhookwire: a hook asked to confirm SessionStart, which cannot be blocked"}\n',
  },
  {
    name: 'Stop deny keeps the model working',
    event: 'turn:stop',
    outcome: outcome({ decision: 'deny', reason: 'the tests fail' }),
    stdout: '{"decision":"block","reason":"the tests fail"}\n',
  },
  {
    name: 'Stop ask fails closed',
    event: 'turn:stop',
    outcome: outcome({ decision: 'ask', reason: 'are the docs updated?' }),
    stdout: '{"decision":"block","reason":"are the docs updated?"}\n',
    downgrades: ['ask on Stop became a block: Claude Code cannot ask there (fail closed)'],
  },
  {
    name: 'Stop deny without a reason gets the required reason',
    event: 'turn:stop',
    outcome: outcome({ decision: 'deny' }),
    stdout: '{"decision":"block","reason":"blocked by a hookwire hook (no reason given)"}\n',
  },
  {
    name: 'Stop context',
    event: 'turn:stop',
    outcome: outcome({ additionalContext: ['run the linter too'] }),
    stdout: '{"hookSpecificOutput":{"hookEventName":"Stop","additionalContext":"run the linter too"}}\n',
  },
  {
    name: 'SubagentStart context',
    event: 'subagent:start',
    outcome: outcome({ additionalContext: ['you are read-only'] }),
    stdout: '{"hookSpecificOutput":{"hookEventName":"SubagentStart","additionalContext":"you are read-only"}}\n',
  },
  {
    name: 'SubagentStart downgraded deny becomes a system message',
    event: 'subagent:start',
    outcome: outcome({ downgraded: true, rawDecision: 'deny', rawReason: 'no subagents here' }),
    stdout: '{"systemMessage":"hookwire: a hook denied SubagentStart, which cannot be blocked: no subagents here"}\n',
  },
  {
    name: 'SubagentStop deny with context',
    event: 'subagent:end',
    outcome: outcome({ decision: 'deny', reason: 'finish the task', additionalContext: ['hint'] }),
    stdout: '{"decision":"block","reason":"finish the task","hookSpecificOutput":{"hookEventName":"SubagentStop","additionalContext":"hint"}}\n',
  },
  {
    name: 'SubagentStop stop and messages',
    event: 'subagent:end',
    outcome: outcome({ continue: false, stopReason: 'enough', systemMessage: ['bye'] }),
    stdout: '{"continue":false,"stopReason":"enough","systemMessage":"bye"}\n',
  },
];

describe("renderOutcome('claude')", () => {
  it.each(VECTORS)('$name', ({ event, outcome: given, passAllow = false, stdout, downgrades }) => {
    expect(renderClaudeOutput(event, given, { passAllow })).toEqual({ exitCode: 0, stdout, ...(downgrades === undefined ? {} : { downgrades }) });
  });

  interface Drawn {
    level: Outcome['decision'];
    reason: string | undefined;
    stopped: boolean;
    stopReason: string | undefined;
    additionalContext: string[];
    systemMessage: string[];
  }

  const events = fc.constantFrom(...(Object.keys(CLAUDE_NAMES) as CanonicalEvent[]));
  const text = fc.oneof(fc.constant(''), fc.string(), fc.string({ unit: 'binary' }));
  const outcomes: fc.Arbitrary<Drawn> = fc.record({
    level: fc.constantFrom<Outcome['decision']>('none', 'allow', 'ask', 'deny'),
    reason: fc.option(text, { nil: undefined }),
    stopped: fc.boolean(),
    stopReason: fc.option(text, { nil: undefined }),
    additionalContext: fc.array(text, { maxLength: 3 }),
    systemMessage: fc.array(text, { maxLength: 3 }),
  });

  // Builds the outcome the fold would give for these draws (deny and ask downgraded where the event cannot block).
  function build(event: CanonicalEvent, r: Drawn): Outcome {
    const blockable = eventTraits(event).blockable;
    const downgrade = !blockable && (r.level === 'deny' || r.level === 'ask');
    const o = outcome({ decision: downgrade ? 'none' : r.level, continue: !r.stopped, additionalContext: r.additionalContext, systemMessage: r.systemMessage, downgraded: downgrade });
    if (!downgrade && r.level !== 'none' && r.reason !== undefined) o.reason = r.reason;
    if (r.stopped && r.stopReason !== undefined) o.stopReason = r.stopReason;
    if (downgrade) {
      o.rawDecision = r.level as 'deny' | 'ask';
      if (r.reason !== undefined) o.rawReason = r.reason;
    }
    return o;
  }

  it('always exits 0 and prints nothing or exactly one JSON object on one line', () => {
    fc.assert(
      fc.property(events, outcomes, fc.boolean(), (event, r, passAllow) => {
        const { exitCode, stdout } = renderClaudeOutput(event, build(event, r), { passAllow });
        expect(exitCode).toBe(0);
        if (stdout === '') return;
        expect(stdout.endsWith('\n')).toBe(true);
        expect(stdout.slice(0, -1)).not.toContain('\n');
        const parsed = JSON.parse(stdout) as Record<string, unknown>;
        expect(typeof parsed).toBe('object');
        const specific = parsed.hookSpecificOutput as Record<string, unknown> | undefined;
        if (specific !== undefined) expect(specific.hookEventName).toBe(CLAUDE_NAMES[event]);
      }),
    );
  });

  it('never approves a tool or a permission unless --pass-allow is given, and never approves anything else', () => {
    fc.assert(
      fc.property(events, outcomes, fc.boolean(), (event, r, passAllow) => {
        const { stdout } = renderClaudeOutput(event, build(event, r), { passAllow });
        const approves = stdout.includes('"permissionDecision":"allow"') || stdout.includes('"behavior":"allow"');
        expect(approves).toBe(passAllow && (event === 'tool:before' || event === 'permission:request') && r.level === 'allow');
        expect(stdout).not.toContain('"decision":"approve"');
      }),
    );
  });

  it('blocks on a blockable event exactly when the fold denied or asked', () => {
    fc.assert(
      fc.property(events, outcomes, (event, r) => {
        const { stdout } = renderClaudeOutput(event, build(event, r), { passAllow: false });
        const parsed = (stdout === '' ? {} : JSON.parse(stdout)) as {
          decision?: string;
          hookSpecificOutput?: { permissionDecision?: string; decision?: { behavior?: string } };
        };
        const objects = r.level === 'deny' || r.level === 'ask';
        if (event === 'tool:before') expect(parsed.hookSpecificOutput?.permissionDecision).toBe(objects ? r.level : undefined);
        else if (event === 'permission:request') {
          // An ask there is Claude Code's own prompt: nothing to render.
          expect(parsed.hookSpecificOutput?.decision?.behavior).toBe(r.level === 'deny' ? 'deny' : undefined);
          expect(parsed.decision).toBeUndefined();
        } else if (event === 'tool:after' || event === 'tool:error') expect(parsed.decision).toBe(objects ? 'block' : undefined);
        else if (!eventTraits(event).blockable) expect(parsed.decision).toBeUndefined();
        else expect(parsed.decision).toBe(objects ? 'block' : undefined);
      }),
    );
  });

  it('prints nothing exactly when the outcome has nothing to say', () => {
    fc.assert(
      fc.property(events, outcomes, fc.boolean(), (event, r, passAllow) => {
        const { stdout } = renderClaudeOutput(event, build(event, r), { passAllow });
        const silent =
          !r.stopped &&
          r.additionalContext.every((c) => c === '') &&
          r.systemMessage.every((m) => m === '') &&
          (r.level === 'none' ||
            (r.level === 'allow' && !(passAllow && (event === 'tool:before' || event === 'permission:request'))) ||
            (r.level === 'ask' && event === 'permission:request'));
        expect(stdout === '').toBe(silent);
      }),
    );
  });
});
