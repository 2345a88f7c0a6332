#!/usr/bin/env node
// Writes src/packs/<pack>.guards.json: each built-in rule's guards (read-guards.ts) as data, so a
// process started per tool call does not read them off the conditions again. Run after a change to
// a built-in pack or to read-guards.ts, once the package is built:
//   npx tsc -b packages/rules && node packages/rules/scripts/write-guards.mjs
// The pack's test fails while the file is out of date.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readGuardSpec } from '../lib/read-guards.js';

for (const name of ['recommended']) {
  const packFile = fileURLToPath(new URL(`../src/packs/${name}.json`, import.meta.url));
  const pack = JSON.parse(readFileSync(packFile, 'utf8'));
  const guards = Object.fromEntries(pack.rules.map((rule) => [rule.id, readGuardSpec(rule.when)]));
  const lines = Object.entries(guards).map(([id, spec]) => `  ${JSON.stringify(id)}: ${JSON.stringify(spec)}`);
  writeFileSync(packFile.replace(/\.json$/, '.guards.json'), `{\n${lines.join(',\n')}\n}\n`);
  console.log(`wrote ${name}.guards.json (${pack.rules.length} rules)`);
}
