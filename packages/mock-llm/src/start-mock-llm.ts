import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerRequest, type MockLlmRequest } from './answer-request.js';

/** Options of {@link startMockLlm}. */
export interface MockLlmOptions {
  /** The port to listen on; `0` (the default) picks a free one. */
  readonly port?: number;
  /** The address to listen on; default `127.0.0.1`. */
  readonly host?: string;
  /** Called once for every HTTP request, after its body was read and before it is answered. */
  readonly onRequest?: (request: MockLlmRequest) => void;
}

/** A running mock LLM server. */
export interface MockLlm {
  /** The base URL to configure as `llm.baseUrl`, e.g. `http://127.0.0.1:8765/v1`. */
  readonly url: string;
  readonly port: number;
  /** How many HTTP requests the server has received so far, on any path. */
  readonly requests: number;
  /** Stops listening and closes every connection, idle or not. Safe to call more than once. */
  close(): Promise<void>;
}

/** Stable `code` of the error {@link startMockLlm} rejects with when the server cannot listen. */
export const MOCK_LLM_LISTEN_FAILED = 'HOOKWIRE_MOCK_LLM_LISTEN_FAILED';

function formatUrl(address: AddressInfo): string {
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}/v1`;
}

/**
 * Starts a local OpenAI-compatible server that answers `POST /v1/chat/completions` with
 * `{"ok":false,"reason":"mock denied"}` when a user message contains `DENY`, else `{"ok":true}`.
 * Rejects with an error of code `HOOKWIRE_MOCK_LLM_LISTEN_FAILED` when it cannot listen.
 */
export async function startMockLlm(options: MockLlmOptions = {}): Promise<MockLlm> {
  const { port = 0, host = '127.0.0.1', onRequest } = options;
  let requests = 0;
  const server = createServer((request, response) => {
    requests += 1;
    void answerRequest(request, response, onRequest);
  });

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw Object.assign(new Error(`The mock LLM could not listen on ${host}:${port}: ${reason}`, { cause }), { code: MOCK_LLM_LISTEN_FAILED });
  }
  server.on('error', () => undefined);

  const address = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: formatUrl(address),
    port: address.port,
    get requests() {
      return requests;
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
