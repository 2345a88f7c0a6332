import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  rawHeaders: string[];
  body: string;
  socket: Socket;
}

export type Handler = (request: Received, response: ServerResponse, raw: IncomingMessage) => void;

export interface TestServerOptions {
  /** The path of the server's `url`; default `/hook`. The server answers on every path. */
  path?: string;
}

export interface TestServer {
  url: string;
  port: number;
  received: Received[];
  /** How many TCP connections the server accepted. */
  readonly connections: number;
  close(): Promise<void>;
}

const servers: TestServer[] = [];

/** Starts a real HTTP server on 127.0.0.1 port 0; the handler gets each request once its body was read. */
export async function startTestServer(handler: Handler, options: TestServerOptions = {}): Promise<TestServer> {
  const received: Received[] = [];
  let connections = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry: Received = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        rawHeaders: request.rawHeaders,
        body: Buffer.concat(chunks).toString('utf8'),
        socket: request.socket,
      };
      received.push(entry);
      handler(entry, response, request);
    });
  });
  server.on('connection', () => {
    connections += 1;
  });
  // A client that sends garbage gets its socket closed, not an unhandled error.
  server.on('clientError', (_error, socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  const testServer: TestServer = {
    url: `http://127.0.0.1:${port}${options.path ?? '/hook'}`,
    port,
    received,
    get connections() {
      return connections;
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
  servers.push(testServer);
  return testServer;
}

/** Closes every server started since the last call. */
export async function closeTestServers(): Promise<void> {
  await Promise.all(servers.splice(0).map((server) => server.close()));
}

/** A port nothing listens on: a server's, after it closed. */
export async function findClosedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Answers with a status and a body. */
export function reply(response: ServerResponse, status: number, body = '', headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-length': Buffer.byteLength(body), ...headers });
  response.end(body);
}
