import { describe, expect, it } from 'vitest';
import { renderOutcome } from '../../src/dialects/index.js';

describe("renderOutcome('native')", () => {
  it('answers the outcome object itself, compact, with exit 0', () => {
    const outcome = { decision: 'deny' as const, reason: 'no', continue: true, additionalContext: [], systemMessage: [], downgraded: false };
    expect(renderOutcome('native', 'tool:before', outcome)).toEqual({
      exitCode: 0,
      stdout: '{"decision":"deny","reason":"no","continue":true,"additionalContext":[],"systemMessage":[],"downgraded":false}\n',
    });
  });
});
