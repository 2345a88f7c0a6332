#!/usr/bin/env node
// The floor of the sidecar figures: a bare Node process that reads line-delimited JSON on stdin,
// JSON.parses each line and answers it with one constant JSON line (shaped like a no-match
// dispatch answer) as soon as it has parsed it. It exits when stdin ends.
const ANSWER = '{"ok":true,"id":0,"canonical":"tool:before","outcome":{"decision":"none","continue":true,"additionalContext":[],"systemMessage":[],"downgraded":false},"runs":[]}\n';

let parts = [];

function answer(line) {
  if (line.trim() === '') return;
  JSON.parse(line);
  process.stdout.write(ANSWER);
}

process.stdin.on('data', (chunk) => {
  let start = 0;
  for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, start)) {
    const piece = chunk.subarray(start, nl);
    if (parts.length === 0) answer(piece.toString('utf8'));
    else {
      parts.push(piece);
      answer(Buffer.concat(parts).toString('utf8'));
      parts = [];
    }
    start = nl + 1;
  }
  if (start < chunk.length) parts.push(chunk.subarray(start));
});
