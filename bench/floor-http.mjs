#!/usr/bin/env node
// The floor of the serve figures: a bare node:http server that reads each request body and answers
// it with one constant JSON body (shaped like a no-match dispatch answer). Its first stdout line is
// `floor listening on http://127.0.0.1:PORT`, as `hookwire serve` prints its own.
import { createServer } from 'node:http';

const ANSWER = '{"ok":true,"canonical":"tool:before","outcome":{"decision":"none","continue":true,"additionalContext":[],"systemMessage":[],"downgraded":false},"runs":[]}\n';
const HEADERS = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(ANSWER) };

const server = createServer((req, res) => {
  req.on('data', () => {});
  req.on('end', () => {
    res.writeHead(200, HEADERS);
    res.end(ANSWER);
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`floor listening on http://127.0.0.1:${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
