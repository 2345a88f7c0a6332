import { randomBytes } from 'node:crypto';
import type { ChatMessage } from './parse-chat-request.js';

// An OpenAI chat completion object, non-streamed.
export interface ChatCompletion {
  readonly id: string;
  readonly object: 'chat.completion';
  readonly created: number;
  readonly model: string;
  readonly choices: readonly [
    {
      readonly index: 0;
      readonly message: { readonly role: 'assistant'; readonly content: string; readonly refusal: null };
      readonly logprobs: null;
      readonly finish_reason: 'stop';
    },
  ];
  readonly usage: { readonly prompt_tokens: number; readonly completion_tokens: number; readonly total_tokens: number };
}

const CHARS_PER_TOKEN = 4;

function countTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

function measurePrompt(messages: readonly ChatMessage[]): number {
  let tokens = 0;
  for (const message of messages) {
    const { content } = message;
    if (typeof content === 'string') tokens += countTokens(content);
    else if (Array.isArray(content)) tokens += countTokens(JSON.stringify(content));
  }
  return tokens;
}

// Wraps an answer text in a chat completion for the given model, with a rough token count.
export function buildCompletion(model: string, messages: readonly ChatMessage[], content: string): ChatCompletion {
  const promptTokens = measurePrompt(messages);
  const completionTokens = countTokens(content);
  return {
    id: `chatcmpl-mock${randomBytes(12).toString('hex')}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: 'stop' }],
    usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
  };
}
