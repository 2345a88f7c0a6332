import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { HandlerResult } from '../src/handler-result.js';
import { DEFAULT_EXIT2_REASON, interpretResponse, readStdout, type ResponseInput } from '../src/response.js';

/** A process end read by `interpretResponse`, or a webhook's 2xx `body` read by `readStdout`. */
type ResponseVectorInput = ResponseInput | { body: string; eventName: string };

interface ResponseVector {
  rule: string;
  name: string;
  input: ResponseVectorInput;
  expected: HandlerResult;
}

const vectors = JSON.parse(readFileSync(new URL('./vectors/response.json', import.meta.url), 'utf8')) as ResponseVector[];

function read(input: ResponseVectorInput): HandlerResult {
  return 'body' in input ? readStdout(input.body, input.eventName) : interpretResponse(input);
}

describe('response vectors', () => {
  it('has vectors', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(60);
  });

  for (const vector of vectors) {
    it(`${vector.rule}: ${vector.name}`, () => {
      expect(read(vector.input)).toStrictEqual(vector.expected);
    });
  }
});

describe('interpretResponse', () => {
  const exit0 = { end: { type: 'exit', code: 0 }, stderr: '', eventName: 'PreToolUse' } as const;

  it('names its default exit-2 reason', () => {
    expect(DEFAULT_EXIT2_REASON).toBe('blocked by hook (exit code 2, no stderr output)');
  });

  it('reads a webhook body exactly like exit-0 stdout', () => {
    for (const vector of vectors) {
      if (!('end' in vector.input) || vector.input.end.type !== 'exit' || vector.input.end.code !== 0) continue;
      const { stdout, eventName, stdoutTruncated, acceptOracleForm } = vector.input;
      expect(readStdout(stdout, eventName, stdoutTruncated, acceptOracleForm)).toStrictEqual(vector.expected);
    }
  });

  it('returns a fresh result each time, sharing nothing with the answer it read', () => {
    const stdout = JSON.stringify({ additionalContext: 'c', hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { a: 1 } } });
    const first = interpretResponse({ ...exit0, stdout });
    first.additionalContext?.push('mutated');
    first.warnings.push('mutated');
    expect(interpretResponse({ ...exit0, stdout })).toStrictEqual({
      additionalContext: ['c'],
      updatedInput: { a: 1 },
      warnings: ['hookSpecificOutput.updatedInput is recorded but not applied'],
    });
  });

  it('copies the failure it was given', () => {
    const failure = { class: 'timeout', message: 'timed out' } as const;
    const result = interpretResponse({ end: { type: 'failed', failure }, stdout: '', stderr: '', eventName: 'Stop' });
    expect(result.failure).toStrictEqual(failure);
    expect(result.failure).not.toBe(failure);
  });

  it('treats an end without an integer exit code as a spawn failure', () => {
    for (const end of [{ type: 'exit', code: 1.5 }, { type: 'exit', code: Number.NaN }, { type: 'exit' }, { type: 'gone' }, null]) {
      expect(interpretResponse({ ...exit0, end, stdout: '{"decision":"block"}' } as unknown as ResponseInput)).toStrictEqual({
        warnings: [],
        failure: { class: 'spawn', message: 'the handler reported no exit code' },
      });
    }
  });
});
