import { describe, expect, it } from 'vitest';
import { describeRequestError } from '../src/describe-failure.js';

describe('describeRequestError', () => {
  it.each([
    ['a system error', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }), 'ECONNREFUSED (connect ECONNREFUSED 127.0.0.1:9)'],
    ['an error whose cause has another code', Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET', cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) }), 'UND_ERR_SOCKET / ECONNRESET (other side closed)'],
    ['an error without a code', new Error('plain'), 'plain'],
    ['a string', 'text', 'text'],
    ['an aggregate error', Object.assign(new AggregateError([new Error('a'), new Error('b')], ''), { code: 'ECONNREFUSED' }), 'ECONNREFUSED (a; b)'],
    ['nothing useful', {}, 'unknown error'],
  ])('%s', (_name, error, expected) => {
    expect(describeRequestError(error)).toBe(expected);
  });

  it('survives a cause cycle', () => {
    const error = Object.assign(new Error('loop'), { code: 'ELOOP' }) as Error & { cause?: unknown };
    error.cause = error;
    expect(describeRequestError(error)).toBe('ELOOP (loop)');
  });
});
