#!/usr/bin/env node
// Which shell parser @hookwire/action should use: accuracy on tricky lines, time to the first parse in
// a fresh node process, and the warm cost of one line. unbash is measured from packages/action (a
// dependency there); sh-syntax and web-tree-sitter + tree-sitter-bash are measured when a folder
// holding them is given (they are not dependencies of the repo):
//   mkdir /tmp/alt && cd /tmp/alt && npm i sh-syntax@0.7.0 web-tree-sitter@0.27.1 tree-sitter-bash@0.25.1 --ignore-scripts
//   node bench/action/parsers.mjs --alt /tmp/alt [--runs 10]
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values: flags } = parseArgs({ options: { alt: { type: 'string' }, runs: { type: 'string', default: '10' } } });
const RUNS = Number(flags.runs);
const ACTION_DIR = fileURLToPath(new URL('../../packages/action/', import.meta.url));

/** Valid lines and the command names a parser should find in them (nested ones included), in any order. */
const VALID = [
  ['cat <<EOF | sh\nrm -rf /\nEOF', ['cat', 'sh']],
  ['echo $(rm -rf /) `ls`', ['echo', 'rm', 'ls']],
  ['diff <(ls a) >(cat)', ['diff', 'ls', 'cat']],
  ['case $x in a) rm y;; b|c) ls;; esac', ['rm', 'ls']],
  ['f() { rm -rf /; }; f', ['rm', 'f']],
  ['arr=(a b "c d"); echo "${arr[@]}"', ['echo']],
  ['[[ -f x && $(id -u) -eq 0 ]] && rm x', ['id', 'rm']],
  ['{ ls; pwd; } > out', ['ls', 'pwd']],
  ['(cd /tmp && rm -rf x)', ['cd', 'rm']],
  ['a && b || c; d | e & f', ['a', 'b', 'c', 'd', 'e', 'f']],
  ['ls # rm -rf /', ['ls']],
  ["echo $'rm\\x20-rf' 'a b'", ['echo']],
  ['for i in 1 2; do echo $i; done', ['echo']],
  ['while read l; do rm "$l"; done < list', ['read', 'rm']],
  ['if [ -f x ]; then rm x; elif true; then ls; else pwd; fi', ['[', 'rm', 'true', 'ls', 'pwd']],
  ['X=1 Y=2 env | grep X', ['env', 'grep']],
  ['echo "$(echo "$(rm x)")"', ['echo', 'echo', 'rm']],
  ['time ls -la', ['ls']],
  ['coproc cat', ['cat']],
  ['echo `echo \\`rm x\\``', ['echo', 'echo', 'rm']],
  ["sudo -u root bash -c 'rm -rf /'", ['sudo']],
  ['for ((i=0;i<3;i++)); do rm x$i; done', ['rm']],
  ['select x in a b; do rm $x; done', ['rm']],
  ['ls 2>&1 >/dev/null &>all', ['ls']],
  ['echo ${X:-$(rm y)}', ['echo', 'rm']],
  ['cat <<-EOF\n\t$(rm z)\n\tEOF', ['cat', 'rm']],
];
/** Lines bash rejects: a parser should say so. */
const INVALID = ["echo 'unterminated", 'echo $(', 'if then fi', 'ls |', 'a &&', 'case x in', 'ls )', '(ls'];

/** Each parser: how to load it (in a child process, as source text) and how to read command names out of its tree. */
const PARSERS = {
  unbash: {
    available: () => true,
    base: ACTION_DIR,
    load: `const { parse } = await import(${JSON.stringify(pathToFileURL(createRequire(join(ACTION_DIR, 'package.json')).resolve('unbash')).href)});
      globalThis.parseLine = (line) => parse(line);`,
    async setup() {
      const { parse, forEachChild } = await import(pathToFileURL(createRequire(join(ACTION_DIR, 'package.json')).resolve('unbash')).href);
      const names = (line) => {
        const found = [];
        let failed = false;
        const visit = (node) => {
          if (node.type === 'Script' && node.errors?.length) failed = true;
          if (node.type === 'Command' && node.name !== undefined) found.push(node.name.text);
          forEachChild(node, visit);
        };
        visit(parse(line));
        return { names: found, failed };
      };
      return { parse, names };
    },
  },
  'web-tree-sitter + tree-sitter-bash': {
    available: (alt) => alt !== undefined && existsSync(join(alt, 'node_modules/web-tree-sitter')),
    base: flags.alt,
    load: (alt) => `const { Parser, Language } = await import(${JSON.stringify(pathToFileURL(join(alt, 'node_modules/web-tree-sitter/web-tree-sitter.js')).href)});
      await Parser.init();
      const language = await Language.load(${JSON.stringify(join(alt, 'node_modules/tree-sitter-bash/tree-sitter-bash.wasm'))});
      const parser = new Parser(); parser.setLanguage(language);
      globalThis.parseLine = (line) => { const tree = parser.parse(line); tree.delete(); };`,
    async setup(alt) {
      const { Parser, Language } = await import(pathToFileURL(join(alt, 'node_modules/web-tree-sitter/web-tree-sitter.js')).href);
      await Parser.init();
      const language = await Language.load(join(alt, 'node_modules/tree-sitter-bash/tree-sitter-bash.wasm'));
      const parser = new Parser();
      parser.setLanguage(language);
      const names = (line) => {
        const tree = parser.parse(line);
        const found = [];
        const visit = (node) => {
          if (node.type === 'command') {
            const name = node.childForFieldName('name');
            if (name !== null) found.push(name.text);
          }
          for (const child of node.children) visit(child);
        };
        visit(tree.rootNode);
        const failed = tree.rootNode.hasError;
        tree.delete();
        return { names: found, failed };
      };
      return { parse: (line) => parser.parse(line).delete(), names };
    },
  },
  'sh-syntax (mvdan/sh, WASM)': {
    available: (alt) => alt !== undefined && existsSync(join(alt, 'node_modules/sh-syntax')),
    base: flags.alt,
    load: (alt) => `const { parse } = await import(${JSON.stringify(pathToFileURL(join(alt, 'node_modules/sh-syntax/lib/index.js')).href)});
      globalThis.parseLine = (line) => parse(line);`,
    async setup(alt) {
      const { parse } = await import(pathToFileURL(join(alt, 'node_modules/sh-syntax/lib/index.js')).href);
      // Its tree reaches JavaScript with each command as { Pos, End } only (Cmd: Node): no names, no argv.
      const names = async (line) => {
        try {
          await parse(line);
          return { names: undefined, failed: false };
        } catch {
          return { names: undefined, failed: true };
        }
      };
      return { parse, names };
    },
  },
};

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Time from before the import to after the first parse, inside a fresh node, and that process's wall time. */
function measureStart(loadSource) {
  const child = `const t0 = performance.now();
    ${loadSource}
    await globalThis.parseLine('git status --short');
    const t1 = performance.now();
    process.stdout.write(JSON.stringify({ firstParse: t1 - t0 }));`;
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', child], { encoding: 'utf8' });
  const wall = performance.now() - started;
  if (result.status !== 0) throw new Error(result.stderr);
  return { ...JSON.parse(result.stdout), wall };
}

function measureBare() {
  const started = performance.now();
  spawnSync(process.execPath, ['-e', '0']);
  return performance.now() - started;
}

async function measureWarm(parse) {
  const lines = VALID.map(([line]) => line);
  for (let round = 0; round < 200; round += 1) for (const line of lines) await parse(line);
  const samples = [];
  for (let round = 0; round < 200; round += 1) {
    const started = performance.now();
    for (const line of lines) await parse(line);
    samples.push(((performance.now() - started) * 1000) / lines.length);
  }
  return median(samples);
}

const sameNames = (found, expected) => JSON.stringify([...found].sort()) === JSON.stringify([...expected].sort());

const rows = [];
const bare = [];
const available = Object.entries(PARSERS).filter(([, parser]) => parser.available(flags.alt));
const starts = Object.fromEntries(available.map(([name]) => [name, []]));
for (let run = 0; run < RUNS; run += 1) {
  bare.push(measureBare());
  for (const [name, parser] of available) starts[name].push(measureStart(typeof parser.load === 'function' ? parser.load(flags.alt) : parser.load));
}
for (const [name, parser] of available) {
  const { parse, names } = await parser.setup(flags.alt);
  let right = 0;
  let parsed = 0;
  let named = true;
  const misses = [];
  for (const [line, expected] of VALID) {
    const found = await names(line);
    if (!found.failed) parsed += 1;
    if (found.names === undefined) named = false;
    else if (!found.failed && sameNames(found.names, expected)) right += 1;
    else misses.push(line.replaceAll('\n', '\\n'));
  }
  let rejected = 0;
  for (const line of INVALID) if ((await names(line)).failed) rejected += 1;
  rows.push({
    parser: name,
    validParsed: `${parsed}/${VALID.length}`,
    commandsRight: named ? `${right}/${VALID.length}` : 'n/a (no command nodes)',
    invalidRejected: `${rejected}/${INVALID.length}`,
    firstParseMs: median(starts[name].map((start) => start.firstParse)).toFixed(1),
    processWallMs: median(starts[name].map((start) => start.wall)).toFixed(1),
    warmUsPerLine: (await measureWarm(parse)).toFixed(1),
    misses,
  });
}
console.log(`node ${process.version}, ${RUNS} fresh processes per parser; bare \`node -e 0\` wall: ${median(bare).toFixed(1)} ms`);
console.table(rows.map(({ misses, ...row }) => row));
for (const row of rows) if (row.misses.length > 0) console.log(`${row.parser} missed:`, row.misses);
for (const [name, parser] of Object.entries(PARSERS)) if (!parser.available(flags.alt)) console.log(`${name}: not measured (give --alt DIR holding it)`);
