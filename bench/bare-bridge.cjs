#!/usr/bin/env node
// A reference for the one-shot bridge: the least any Node.js bridge does per event. It reads stdin
// to its end, spawns `sh -c <command>` (detached, piped, as exec-shell does) with it, drains the
// child's output and exits with its code. No config, no validation, no answer to render: what
// `hookwire run` costs beyond this is hookwire's own; what this costs beyond the floor (`node -e 0`
// plus a spawn from a warm process) is Node's: loading child_process and the streams in a fresh
// process, and a first spawn. CommonJS, as the hookwire bin is, so neither pays the ESM loader.
// Usage: node bench/bare-bridge.cjs COMMAND < payload
'use strict';
const { spawn } = require('node:child_process');

const command = process.argv[2] ?? 'cat >/dev/null';
const chunks = [];
process.stdin.on('data', (chunk) => chunks.push(chunk));
process.stdin.on('end', () => {
  const child = spawn(command, { shell: true, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
  child.stdout.resume();
  child.stderr.resume();
  child.stdin.on('error', () => {});
  child.stdin.end(Buffer.concat(chunks));
  child.on('close', (code) => process.exit(code ?? 1));
});
