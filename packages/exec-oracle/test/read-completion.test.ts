import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCompletion } from '../src/read-completion.js';

const completion = (content: unknown): string => JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content } }] });

describe('readCompletion', () => {
  it.each([
    ['an allow', completion('{"ok":true}'), { decision: 'allow', warnings: [] }],
    ['a fenced deny', completion('```json\n{"ok":false,"reason":"no"}\n```'), { decision: 'deny', reason: 'no', warnings: [] }],
    ['text parts', completion([{ type: 'text', text: '{"ok":' }, { type: 'image_url' }, { type: 'text', text: 'true}' }]), { decision: 'allow', warnings: [] }],
  ])('reads %s', (_name, body, expected) => {
    expect(readCompletion(body, 'PreToolUse')).toEqual(expected);
  });

  it.each([
    ['not JSON', 'Bad Gateway', 'the LLM response body is not JSON: string "Bad Gateway"'],
    ['a JSON array', '[1]', 'the LLM response body must be a JSON object, received array [1]'],
    ['no choices', '{}', 'the LLM response has no choices[0] (choices: undefined)'],
    ['empty choices', '{"choices":[]}', 'the LLM response has no choices[0] (choices: array [])'],
    ['no message', '{"choices":[{"text":"hi"}]}', 'the LLM response has no choices[0].message, received object {"text":"hi"}'],
    ['null content', completion(null), 'the LLM response has no text in choices[0].message.content, received null'],
    ['a refusal', JSON.stringify({ choices: [{ message: { content: null, refusal: 'no can do' } }] }), 'the LLM response has no text in choices[0].message.content, received null; the model refused: no can do'],
    ['prose', completion('Looks fine.'), 'oracle answer is not JSON: string "Looks fine."'],
    ['empty content', completion(''), 'oracle answer is not JSON: string ""'],
  ])('fails as parse on %s', (_name, body, message) => {
    expect(readCompletion(body, 'PreToolUse')).toEqual({ warnings: [], failure: { class: 'parse', message } });
  });

  it('never throws and always gives a decision or a failure', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.jsonValue().map((value) => completion(value)), fc.string().map(completion)), (body) => {
        const result = readCompletion(body, 'PreToolUse');
        expect(result.decision !== undefined || result.failure !== undefined).toBe(true);
      }),
    );
  });
});
