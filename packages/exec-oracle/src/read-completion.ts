import type { HandlerResult } from '@hookwire/contract';
import { describeValue, isRecord, parseOracleAnswer, redactText } from '@hookwire/contract';

function parseFailure(message: string): HandlerResult {
  return { warnings: [], failure: { class: 'parse', message } };
}

/** The text of a message's `content`: a string, or the `text` parts of an array of content parts. */
function readContent(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  const texts = content.filter((part): part is { type: 'text'; text: string } => isRecord(part) && part.type === 'text' && typeof part.text === 'string');
  return texts.length === 0 ? undefined : texts.map((part) => part.text).join('');
}

/**
 * Reads a 2xx `/chat/completions` response body: `choices[0].message.content` through the oracle
 * answer contract. A body that is not JSON, or has no such content, is a `parse` failure. The
 * content and refusal are redacted of `secrets` before any message quotes (and clips) them.
 */
export function readCompletion(body: string, eventName: string, secrets: readonly string[] = []): HandlerResult {
  let completion: unknown;
  try {
    completion = JSON.parse(body);
  } catch {
    return parseFailure(`the LLM response body is not JSON: ${describeValue(body.trim().slice(0, 200))}`);
  }
  if (!isRecord(completion)) return parseFailure(`the LLM response body must be a JSON object, received ${describeValue(completion)}`);
  const { choices } = completion;
  if (!Array.isArray(choices) || choices.length === 0) {
    return parseFailure(`the LLM response has no choices[0] (choices: ${describeValue(choices)})`);
  }
  const message = isRecord(choices[0]) ? choices[0].message : undefined;
  if (!isRecord(message)) return parseFailure(`the LLM response has no choices[0].message, received ${describeValue(choices[0])}`);
  const read = readContent(message.content);
  const content = read === undefined ? undefined : redactText(read, secrets);
  if (content === undefined) {
    const refusal = typeof message.refusal === 'string' ? `; the model refused: ${redactText(message.refusal, secrets).slice(0, 200)}` : '';
    return parseFailure(`the LLM response has no text in choices[0].message.content, received ${describeValue(message.content)}${refusal}`);
  }
  return parseOracleAnswer(content, eventName);
}
