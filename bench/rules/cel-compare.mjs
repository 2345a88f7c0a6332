#!/usr/bin/env node
// Compares three CEL libraries for @hookwire/rules: load time in a fresh process, compile and
// evaluation cost of a pack-sized set of conditions, bundle size, and what their errors say.
// Run from the repository root after `pnpm install` (the candidates are devDependencies of
// packages/rules):  node bench/rules/cel-compare.mjs [--runs 7]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const fromRules = createRequire(join(ROOT, 'packages/rules/package.json'));
const LIBS = ['@marcbachmann/cel-js', '@bufbuild/cel', 'cel-js'];
const PROGRAMS = ['rm', 'git', 'npm', 'curl', 'psql', 'docker', 'kubectl', 'terraform', 'aws', 'find', 'chmod', 'dd', 'kill', 'crontab', 'redis-cli', 'mkfs'];
/** 64 conditions shaped like the pack's: field tests, `in` lists, exists macros, a custom function. */
const EXPRESSIONS = PROGRAMS.flatMap((p) => [
  `c.program == '${p}' && c.args.exists(a, a == '-rf' || a == '--force')`,
  `c.program in ['${p}', '${p}2', 's${p}'] && size(c.words) > 1 && c.words[0] == 'delete'`,
  `c.program == '${p}' && c.words.exists(w, w == 'main' || w == 'master') && !c.args.exists(a, a == '--dry-run')`,
  `c.program == '${p}' && c.args.exists(a, isRootish(a))`,
]);
const COMMANDS = [
  { program: 'git', args: ['push', 'origin', 'feature/x'], words: ['push', 'origin', 'feature/x'] },
  { program: 'npm', args: ['run', 'build'], words: ['run', 'build'] },
  { program: 'rm', args: ['-rf', 'dist'], words: ['dist'] },
];
const isRootish = (p) => p === '/' || p === '~';

/** One adapter per library: compile(expr) → evaluate(ctx) → boolean. */
async function loadAdapter(name) {
  const mod = await import(pathToFileURL(fromRules.resolve(name)).href);
  if (name === '@marcbachmann/cel-js') {
    const env = new mod.Environment({ unlistedVariablesAreDyn: false })
      .registerVariable('c', 'map')
      .registerFunction('isRootish(string): bool', isRootish);
    return { compile: (e) => env.parse(e), errorOf: (e) => { try { env.parse(e); return 'ok'; } catch (err) { return `${err.summary ?? err.message} (offset ${err.range?.start})`; } } };
  }
  if (name === '@bufbuild/cel') {
    const env = mod.celEnv({ funcs: [mod.celFunc('isRootish', [mod.CelScalar.STRING], mod.CelScalar.BOOL, isRootish)] });
    return {
      compile: (e) => { const run = mod.plan(env, mod.parse(e)); return (ctx) => run(ctx); },
      errorOf: (e) => { try { mod.parse(e); return 'ok'; } catch (err) { return err.message; } },
    };
  }
  return {
    compile: (e) => { const parsed = mod.parse(e); if (!parsed.isSuccess) throw new Error(String(parsed.errors[0])); return (ctx) => mod.evaluate(parsed.cst, ctx, { isRootish }); },
    errorOf: (e) => { const parsed = mod.parse(e); return parsed.isSuccess ? 'ok (accepted)' : String(parsed.errors[0]?.message ?? parsed.errors[0]); },
  };
}

function toContext(name, command) {
  return name === '@marcbachmann/cel-js' ? { c: new Map(Object.entries(command)) } : name === '@bufbuild/cel' ? { c: new Map(Object.entries(command)) } : { c: command };
}

async function runChild(name) {
  const c0 = process.cpuUsage();
  const adapter = await loadAdapter(name);
  const c1 = process.cpuUsage();
  const compiled = EXPRESSIONS.map((e) => adapter.compile(e));
  const c2 = process.cpuUsage();
  for (const f of compiled) f(toContext(name, COMMANDS[0]));
  const c3 = process.cpuUsage();
  const ms = (a, b) => (b.user + b.system - a.user - a.system) / 1000;
  process.stdout.write(JSON.stringify({ startMs: (c0.user + c0.system) / 1000, importMs: ms(c0, c1), compileMs: ms(c1, c2), evalMs: ms(c2, c3) }));
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function measureWarm(name) {
  const adapter = await loadAdapter(name);
  const compileTimes = [];
  for (let round = 0; round < 30; round++) {
    const start = performance.now();
    for (const e of EXPRESSIONS) adapter.compile(`${e} && ${round} >= 0`);
    compileTimes.push(((performance.now() - start) * 1000) / EXPRESSIONS.length);
  }
  const compiled = EXPRESSIONS.map((e) => adapter.compile(e));
  const contexts = COMMANDS.map((c) => toContext(name, c));
  const evalTimes = [];
  for (let round = 0; round < 3000; round++) {
    const start = performance.now();
    for (const ctx of contexts) for (const f of compiled) f(ctx);
    if (round >= 500) evalTimes.push((performance.now() - start) * 1000);
  }
  return { compileUs: median(compileTimes), packEvalUs: median(evalTimes) / contexts.length };
}

async function measureBundle(name) {
  const { rolldown } = await import(pathToFileURL(createRequire(join(ROOT, 'package.json')).resolve('rolldown')).href);
  const dir = mkdtempSync(join(tmpdir(), 'cel-bundle-'));
  try {
    const entry = join(dir, 'entry.mjs');
    writeFileSync(entry, `export * from ${JSON.stringify(fromRules.resolve(name))};\n`);
    const bundle = await rolldown({ input: entry, platform: 'node', logLevel: 'silent' });
    const { output } = await bundle.generate({ format: 'esm', minify: true });
    return output.reduce((n, chunk) => n + (chunk.code?.length ?? 0), 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  if (process.argv[2] === '--child') return runChild(process.argv[3]);
  const runsAt = process.argv.indexOf('--runs');
  const runs = runsAt === -1 ? 7 : Number(process.argv[runsAt + 1]);
  const bare = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    spawnSync(process.execPath, ['-e', '0']);
    bare.push(performance.now() - start);
  }
  const rows = [];
  for (const name of LIBS) {
    const cold = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', name], { encoding: 'utf8' });
      const wall = performance.now() - start;
      if (child.status !== 0) throw new Error(`${name}: ${child.stderr}`);
      cold.push({ ...JSON.parse(child.stdout), wallMs: wall });
    }
    const warm = await measureWarm(name);
    const adapter = await loadAdapter(name);
    rows.push({
      name,
      startMs: median(cold.map((c) => c.startMs)),
      importMs: median(cold.map((c) => c.importMs)),
      compileMs: median(cold.map((c) => c.compileMs)),
      evalMs: median(cold.map((c) => c.evalMs)),
      wallOverBareMs: median(cold.map((c) => c.wallMs)) - median(bare),
      ...warm,
      bundleBytes: await measureBundle(name),
      parseError: adapter.errorOf("c.program == 'rm' &&").split('\n')[0],
    });
  }
  const { loadavg } = await import('node:os');
  console.log(`Node ${process.version}, ${runs} fresh processes per library (medians), load average ${loadavg()[0].toFixed(1)}; ${EXPRESSIONS.length} conditions.`);
  console.log('Cold columns are CPU time in the fresh process (steadier than wall time on a shared machine); "node start" is the CPU node itself spent before the script ran, for scale.');
  console.log('| library | node start | import | compile 64 | first eval of 64 | process wall over bare node | compile, warm, per condition | eval of 64, warm | bundle (minified) | parse error for `c.program == \'rm\' &&` |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows) {
    console.log(`| ${r.name} | ${r.startMs.toFixed(0)} ms | ${r.importMs.toFixed(1)} ms | ${r.compileMs.toFixed(1)} ms | ${r.evalMs.toFixed(2)} ms | ${r.wallOverBareMs.toFixed(1)} ms | ${r.compileUs.toFixed(1)} µs | ${r.packEvalUs.toFixed(1)} µs | ${(r.bundleBytes / 1024).toFixed(0)} KiB | ${r.parseError.replace(/\|/g, '\\|')} |`);
  }
}

await main();
