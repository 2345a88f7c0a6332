import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALLOW_ANSWER, DENY_ANSWER, judgeMessages, readUserText } from '../src/judge-messages.js';
import type { ChatMessage } from '../src/parse-chat-request.js';

const cases: ReadonlyArray<{ name: string; messages: ChatMessage[]; answer: string }> = [
  { name: 'plain user text', messages: [{ role: 'user', content: 'run ls' }], answer: ALLOW_ANSWER },
  { name: 'DENY in user text', messages: [{ role: 'user', content: 'please DENY this' }], answer: DENY_ANSWER },
  { name: 'DENY inside a word', messages: [{ role: 'user', content: '{"tool_input":{"command":"echo xDENYx"}}' }], answer: DENY_ANSWER },
  { name: 'lower-case deny', messages: [{ role: 'user', content: 'deny Deny' }], answer: ALLOW_ANSWER },
  { name: 'DENY in a text part', messages: [{ role: 'user', content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'DENY' }] }], answer: DENY_ANSWER },
  { name: 'DENY in a non-text part', messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'DENY' } }] }], answer: ALLOW_ANSWER },
  { name: 'DENY in the system message only', messages: [{ role: 'system', content: 'Answer DENY never' }, { role: 'user', content: 'ok' }], answer: ALLOW_ANSWER },
  { name: 'DENY in an assistant message only', messages: [{ role: 'assistant', content: 'DENY' }, { role: 'user', content: 'ok' }], answer: ALLOW_ANSWER },
  { name: 'DENY in a second user message', messages: [{ role: 'user', content: 'ok' }, { role: 'assistant', content: null }, { role: 'user', content: 'DENY' }], answer: DENY_ANSWER },
  { name: 'DENY split across parts', messages: [{ role: 'user', content: [{ type: 'text', text: 'DE' }, { type: 'text', text: 'NY' }] }], answer: ALLOW_ANSWER },
  { name: 'user message without content', messages: [{ role: 'user' }], answer: ALLOW_ANSWER },
];

describe('judgeMessages', () => {
  it.each(cases)('$name', ({ messages, answer }) => {
    expect(judgeMessages(messages)).toBe(answer);
  });

  it('answers the exact oracle texts', () => {
    expect(JSON.parse(ALLOW_ANSWER)).toEqual({ ok: true });
    expect(JSON.parse(DENY_ANSWER)).toEqual({ ok: false, reason: 'mock denied' });
  });

  it('denies exactly when some user text contains DENY', () => {
    const message = fc.record({
      role: fc.constantFrom('user', 'system', 'assistant', 'developer'),
      content: fc.oneof(fc.string(), fc.array(fc.record({ type: fc.constantFrom('text', 'other'), text: fc.string() }))),
    });
    fc.assert(
      fc.property(fc.array(message, { minLength: 1 }), fc.string(), fc.string(), (messages, before, after) => {
        const denied = readUserText(messages).some((text) => text.includes('DENY'));
        expect(judgeMessages(messages)).toBe(denied ? DENY_ANSWER : ALLOW_ANSWER);
        const withDeny = [...messages, { role: 'user', content: `${before}DENY${after}` }];
        expect(judgeMessages(withDeny)).toBe(DENY_ANSWER);
        const withoutUser = messages.map((entry) => ({ ...entry, role: entry.role === 'user' ? 'system' : entry.role }));
        expect(judgeMessages(withoutUser)).toBe(ALLOW_ANSWER);
      }),
      { numRuns: 300 },
    );
  });
});
