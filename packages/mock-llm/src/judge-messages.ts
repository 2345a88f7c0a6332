import type { ChatMessage } from './parse-chat-request.js';

export const DENY_MARKER = 'DENY';
export const ALLOW_ANSWER = '{"ok":true}';
export const DENY_ANSWER = '{"ok":false,"reason":"mock denied"}';

// Collects the text of the user messages, from string content and from `text` parts.
export function readUserText(messages: readonly ChatMessage[]): string[] {
  const texts: string[] = [];
  for (const message of messages) {
    if (message.role !== 'user') continue;
    const { content } = message;
    if (typeof content === 'string') {
      texts.push(content);
      continue;
    }
    if (!Array.isArray(content)) continue;
    for (const part of content as unknown[]) {
      if (typeof part !== 'object' || part === null) continue;
      const { type, text } = part as { type?: unknown; text?: unknown };
      if (type === 'text' && typeof text === 'string') texts.push(text);
    }
  }
  return texts;
}

// Answers `{"ok":false,...}` when a user message contains `DENY`, else `{"ok":true}`.
export function judgeMessages(messages: readonly ChatMessage[]): string {
  const denied = readUserText(messages).some((text) => text.includes(DENY_MARKER));
  return denied ? DENY_ANSWER : ALLOW_ANSWER;
}
