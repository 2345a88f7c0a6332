import { request as httpRequest, Agent, type ClientRequest, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';

export interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  text: string;
}

/** One request over node:http (optionally through a keep-alive agent); resolves once the answer is read. */
export function send(url: string, method: string, path: string, body?: string | Buffer, options: { headers?: Record<string, string>; agent?: Agent; chunked?: boolean } = {}): { request: ClientRequest; answer: Promise<Answer> } {
  const target = new URL(path, url);
  const headers: Record<string, string | number> = { ...options.headers };
  if (body !== undefined && !options.chunked) headers['content-length'] = Buffer.byteLength(body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const request = httpRequest(target, { method, headers, ...(options.agent ? { agent: options.agent } : {}) });
  const answer = new Promise<Answer>((resolve, reject) => {
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
  if (body !== undefined && options.chunked) {
    // Several chunks, so that no Content-Length announces the size.
    const bytes = Buffer.from(body);
    const step = Math.max(1, Math.ceil(bytes.length / 8));
    for (let at = 0; at < bytes.length; at += step) request.write(bytes.subarray(at, at + step));
    request.end();
  } else {
    request.end(body);
  }
  return { request, answer };
}

/** A raw TCP connection to the server, for clients that misbehave below HTTP. */
export function rawSocket(url: string): Promise<Socket & { received(): string; ended: Promise<void> }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname.replace(/^\[|\]$/g, ''), port: Number(port) });
    let received = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
    const ended = new Promise<void>((done) => socket.on('close', () => done()));
    socket.on('error', () => {});
    socket.once('connect', () => resolve(Object.assign(socket, { received: () => received, ended })));
    socket.once('error', reject);
  });
}
