#!/usr/bin/env node
// The smallest hookwire host: spawn the sidecar, ping it, ask about one tool call, say bye.
//   node examples/minimal-host.mjs        (after `pnpm build`)
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const hookwire = fileURLToPath(new URL('../packages/stdio-server/lib/index.js', import.meta.url));
const config = fileURLToPath(new URL('./hookwire.json', import.meta.url));
const sidecar = spawn(process.execPath, [hookwire, 'listen', '--config', config], { stdio: ['pipe', 'pipe', 'inherit'] });
const lines = createInterface({ input: sidecar.stdout })[Symbol.asyncIterator]();

async function ask(request) {
  sidecar.stdin.write(`${JSON.stringify(request)}\n`);
  return JSON.parse((await lines.next()).value);
}

console.log('ping     ->', JSON.stringify(await ask({ op: 'ping' })));
const answer = await ask({ op: 'dispatch', event: 'PreToolUse', payload: { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } } });
console.log('dispatch ->', JSON.stringify(answer, null, 2));
console.log('bye      ->', JSON.stringify(await ask({ op: 'bye' })));
