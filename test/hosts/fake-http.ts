import type { ServerResponse } from 'node:http';
import { reply } from '@hookwire/test-utils';
import type { RecordedRequest } from './fake-anthropic.js';

/** A request body as the fakes record it: parsed when it is JSON, the text otherwise. */
export function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function replyJson(response: ServerResponse, value: unknown): void {
  reply(response, 200, JSON.stringify(value), { 'content-type': 'application/json' });
}

/** Starts a server-sent event stream; the returned function writes one `data:` frame (with `event:` when named). */
export function openEventStream(response: ServerResponse): (data: unknown, event?: string) => void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  return (data, event) => {
    response.write(`${event === undefined ? '' : `event: ${event}\n`}data: ${JSON.stringify(data)}\n\n`);
  };
}

/** A running fake model API: its base URL, what it was sent, and how to stop it. */
export interface FakeModelApi {
  /** The base URL the host is pointed at. */
  url: string;
  /** Every request, in arrival order. */
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}
