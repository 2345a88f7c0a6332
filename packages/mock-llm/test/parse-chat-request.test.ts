import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkChatRequest, parseChatRequest } from '../src/parse-chat-request.js';

interface Vector {
  readonly name: string;
  readonly body: string;
  readonly ok: boolean;
  readonly param?: string | null;
  readonly message?: string;
}

const vectors = JSON.parse(readFileSync(new URL('./vectors/parse-chat-request.json', import.meta.url), 'utf8')) as Vector[];

describe('parseChatRequest', () => {
  it.each(vectors)('$name', (vector) => {
    const parsed = parseChatRequest(vector.body);
    expect(parsed.ok).toBe(vector.ok);
    if (parsed.ok) {
      const body = JSON.parse(vector.body) as { model: string; messages: unknown };
      expect(parsed.request).toEqual({ model: body.model, messages: body.messages });
    } else {
      expect(parsed.param).toBe(vector.param);
      expect(parsed.message).toContain(vector.message);
    }
  });

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.string({ unit: 'binary' })), (text) => {
        const parsed = parseChatRequest(text);
        expect(typeof parsed.ok).toBe('boolean');
      }),
      { numRuns: 500 },
    );
  });

  it('never throws on any JSON value, and accepts exactly the well-formed requests', () => {
    const part = fc.oneof(fc.record({ type: fc.constant('text'), text: fc.string() }), fc.anything());
    const message = fc.oneof(fc.record({ role: fc.string(), content: fc.oneof(fc.string(), fc.array(part), fc.anything()) }), fc.anything());
    const body = fc.oneof(fc.record({ model: fc.oneof(fc.string(), fc.anything()), messages: fc.oneof(fc.array(message), fc.anything()) }), fc.anything());
    fc.assert(
      fc.property(body, (value) => {
        const checked = checkChatRequest(value);
        if (checked.ok) {
          expect(typeof checked.request.model).toBe('string');
          expect(checked.request.messages.length).toBeGreaterThan(0);
          for (const entry of checked.request.messages) expect(typeof entry.role).toBe('string');
        } else {
          expect(checked.message.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 500 },
    );
  });
});
