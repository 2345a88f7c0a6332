import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { buildCompletion } from './build-completion.js';
import { buildErrorBody } from './build-error-body.js';
import { judgeMessages } from './judge-messages.js';
import { checkChatRequest, parseJsonBody } from './parse-chat-request.js';
import { readBody } from './read-body.js';

/** What the mock saw of one HTTP request, handed to `onRequest`. */
export interface MockLlmRequest {
  readonly method: string;
  /** The request target as sent, query string included. */
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  /** The body parsed as JSON; `undefined` when it was empty, not JSON or over the size limit. */
  readonly body: unknown;
}

export const CHAT_COMPLETIONS_PATH = '/v1/chat/completions';
export const BODY_LIMIT = 8 * 1024 * 1024;

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  if (response.headersSent || response.destroyed) return;
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

function notify(onRequest: ((request: MockLlmRequest) => void) | undefined, request: MockLlmRequest): void {
  try {
    onRequest?.(request);
  } catch {
    // An observer's failure is the observer's business; the mock keeps answering.
  }
}

async function answer(request: IncomingMessage, response: ServerResponse, onRequest?: (request: MockLlmRequest) => void): Promise<void> {
  const read = await readBody(request, BODY_LIMIT);
  if (read.kind === 'aborted') return;
  const method = request.method ?? '';
  const url = request.url ?? '';
  const path = url.split('?', 1)[0] ?? '';
  const json = read.kind === 'read' ? parseJsonBody(read.text) : undefined;
  notify(onRequest, { method, url, headers: request.headers, body: json?.ok === true ? json.value : undefined });

  if (method !== 'POST' || path !== CHAT_COMPLETIONS_PATH) {
    sendJson(response, 404, buildErrorBody(`Invalid URL (${method} ${path}); the mock answers POST ${CHAT_COMPLETIONS_PATH}`, 'invalid_request_error', null, 'not_found'));
    return;
  }
  if (json === undefined) {
    sendJson(response, 400, buildErrorBody(`The request body exceeds the mock's limit of ${BODY_LIMIT} bytes`, 'invalid_request_error', null, 'request_too_large'));
    return;
  }
  if (!json.ok) {
    sendJson(response, 400, buildErrorBody(json.message, 'invalid_request_error', null, 'invalid_json'));
    return;
  }
  const checked = checkChatRequest(json.value);
  if (!checked.ok) {
    sendJson(response, 400, buildErrorBody(checked.message, 'invalid_request_error', checked.param, 'invalid_request'));
    return;
  }
  const { model, messages } = checked.request;
  sendJson(response, 200, buildCompletion(model, messages, judgeMessages(messages)));
}

// Answers one HTTP request; never rejects, whatever the client sends or does.
export async function answerRequest(request: IncomingMessage, response: ServerResponse, onRequest?: (request: MockLlmRequest) => void): Promise<void> {
  response.on('error', () => undefined);
  try {
    await answer(request, response, onRequest);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    try {
      sendJson(response, 500, buildErrorBody(`The mock failed: ${reason}`, 'server_error'));
    } finally {
      if (!response.writableEnded) response.destroy();
    }
  }
}
