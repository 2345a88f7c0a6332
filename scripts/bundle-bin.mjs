#!/usr/bin/env node
// Bundles the `hookwire` executable (packages/hookwire/lib/bin.js and everything it imports,
// dependencies included) into packages/hookwire/dist/, the package's `bin`. Run by `pnpm build`
// after tsc; the packages keep their lib/ for library users.
//   dist/cli.cjs          the CLI in one CommonJS file (no module resolution at start), + source map
//   dist/exec-*.cjs, ...  the executors and undici, loaded only when a config has hooks of their kind
//   dist/hookwire.cjs     the entry: scripts/bin-loader.cjs, runs cli.cjs and the chunks from V8 code caches
//   dist/NAME.HASH.cache  those caches (cli.cjs, exec-shell.cjs, ...: the files a run loads), made by
//                         one `hookwire run` of a trivial hook (so they hold what a run compiles, not
//                         only the top level), each named after its file's content hash
//   dist/index.js, .d.ts  the package's library entry, bundled too (scripts/bundle-lib.mjs): the
//                         published package has no dependency to install
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';
import { bundleLibrary } from './bundle-lib.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PACKAGE = join(ROOT, 'packages/hookwire');
const DIST = join(PACKAGE, 'dist');

/** Lazily imported code, kept out of cli.cjs: each group becomes a chunk required on first use. */
const CHUNKS = [
  { name: 'exec-shell', test: /[\\/](packages[\\/]exec-shell|node_modules[\\/]tree-kill)[\\/]/ },
  { name: 'exec-http', test: /[\\/]packages[\\/]exec-http[\\/]/ },
  { name: 'exec-oracle', test: /[\\/]packages[\\/]exec-oracle[\\/]/ },
  { name: 'http-post', test: /[\\/](packages[\\/]http-post|node_modules[\\/]undici)[\\/]/ },
  // CEL and the rules' CEL environment, loaded on the first condition that must compile (most events
  // are decided by the rules' guards alone: packages/rules/src/conditions.ts). Before `rules`, which would take them.
  { name: 'cel', test: /[\\/](packages[\\/]rules[\\/]lib[\\/](environment|functions[\\/](glob|branch-of|has-flag))\.js|node_modules[\\/](\.pnpm[\\/])?(@marcbachmann[\\/+]cel-js|@marcbachmann\+cel-js|picomatch))/ },
  // The rule engine: rules, the action model and the shell parser, loaded on a config's first rule hook.
  { name: 'rules', test: /[\\/](packages[\\/](rules|action)|runtime[\\/]lib[\\/]rule-engine\.js|node_modules[\\/](\.pnpm[\\/])?unbash)/ },
  // OpenTelemetry (the API and the SDK of `serve`'s OTLP export), loaded only when tracing is on.
  { name: 'otel', test: /[\\/]node_modules[\\/](\.pnpm[\\/])?@opentelemetry[\\/+]/ },
];

/**
 * version.js reads `../package.json` through `new URL(..., import.meta.url)`, which a CommonJS
 * bundle can only build with url.pathToFileURL (~0.7 ms a run): the bundle reads the same file
 * (the package.json above dist/, as above lib/) by path instead.
 */
const packageJsonByPath = {
  name: 'hookwire-package-json-by-path',
  transform(code, id) {
    if (!/[\\/]hookwire[\\/]lib[\\/]version\.js$/.test(id)) return undefined;
    const read = "new URL('../package.json', import.meta.url)";
    if (!code.includes(read)) this.error(`bundle-bin: ${id} no longer reads ${read}; update this plugin`);
    // Same line, so the source map (`map: null`: this module's own) still lines up.
    return { code: code.replace(read, "require('node:path').join(__dirname, '../package.json')"), map: null };
  },
};

rmSync(DIST, { recursive: true, force: true });
const { output } = await build({
  input: { cli: join(PACKAGE, 'lib/bin.js') },
  platform: 'node',
  // jsonc-parser's `main` is a UMD build whose factory requires its parts at run time (so they
  // would not be bundled); its `module` field is the plain ES build.
  resolve: { mainFields: ['module', 'main'] },
  plugins: [packageJsonByPath],
  logLevel: 'warn',
  // A dependency the bundle cannot find would be left as a require() the installed bin cannot satisfy.
  onLog(level, log, handler) {
    if (log.code === 'UNRESOLVED_IMPORT') throw new Error(`bundle-bin: ${log.message}`);
    handler(level, log);
  },
  // The entry is a program, not a library: nothing imports its exports.
  preserveEntrySignatures: false,
  output: {
    dir: DIST,
    format: 'cjs',
    entryFileNames: '[name].cjs',
    chunkFileNames: '[name].cjs',
    sourcemap: true,
    // What a run reads and compiles: no comments (the source map still points into lib/), and
    // ASCII only, so that reading it is a one-byte copy, not UTF-8 decoding into a two-byte string.
    comments: false,
    charset: 'ascii',
    codeSplitting: { includeDependenciesRecursively: false, groups: CHUNKS },
  },
});
const entry = output.find((o) => o.type === 'chunk' && o.isEntry);
// The entry must not require a lazy chunk when it starts: that would load the executors on every run.
const eager = entry.imports.filter((file) => CHUNKS.some((chunk) => file.startsWith(chunk.name)));
if (eager.length > 0) throw new Error(`bundle-bin: cli.cjs requires ${eager.join(', ')} at start; an import of an executor is no longer lazy`);
// Nor may it require a shared chunk: the bundler splits modules a lazy chunk shares with the CLI into
// files of their own when the lazy chunk imports back into the CLI's modules, and every run then loads them.
const shared = entry.imports.filter((file) => file.endsWith('.cjs') && file !== 'rolldown-runtime.cjs');
if (shared.length > 0) throw new Error(`bundle-bin: cli.cjs requires the shared chunk(s) ${shared.join(', ')} at start; a lazy chunk imports a module of the CLI's (see packages/runtime/src/rule-engine.ts)`);
// Reading a config checks its fields with plain functions (contract's config/field-checks.ts): a run
// that built zod's schemas at start would pay for them on every event (issue 10).
const zod = entry.moduleIds.filter((id) => /[\\/]node_modules[\\/](\.pnpm[\\/])?zod[@\\/]/.test(id) || /[\\/]contract[\\/]lib[\\/]config[\\/](schema|diagnostic-schema)\.js$/.test(id));
if (zod.length > 0) throw new Error(`bundle-bin: cli.cjs includes zod or the config schemas (${zod.slice(0, 3).join(', ')}); something on the CLI's path imports a schema`);

// Traces are exported only when the OTEL_* environment asks for it: a run without it must not load OpenTelemetry.
// Rules are loaded on a config's first rule hook: a run without one must not compile CEL or the shell parser.
const ruleEngine = entry.moduleIds.filter((id) => /[\\/](packages[\\/](rules|action)[\\/]|cel-js|unbash)/.test(id));
if (ruleEngine.length > 0) throw new Error(`bundle-bin: cli.cjs includes the rule engine (${ruleEngine.slice(0, 3).join(', ')}); an import of it is no longer lazy`);
const otel = entry.moduleIds.filter((id) => /[\\/]node_modules[\\/](\.pnpm[\\/])?@opentelemetry[\\/+]/.test(id));
if (otel.length > 0) throw new Error(`bundle-bin: cli.cjs includes OpenTelemetry (${otel.slice(0, 3).join(', ')}); an import of it is no longer lazy`);

const files = output.map((o) => o.fileName).filter((f) => f.endsWith('.cjs'));
const hashOf = (file) => createHash('sha256').update(readFileSync(join(DIST, file))).digest('hex').slice(0, 16);
const caches = Object.fromEntries(files.map((file) => [file, `${file.replace(/\.cjs$/, '')}.${hashOf(file)}.cache`]));
const loader = join(DIST, 'hookwire.cjs');
writeFileSync(loader, readFileSync(join(ROOT, 'scripts/bin-loader.cjs'), 'utf8').replace('__BUNDLE_CACHES__', JSON.stringify(caches)));
chmodSync(loader, 0o755);

// The code caches: one real run through the loader, every file it compiled serialised when it exits.
let warmed;
const work = mkdtempSync(join(tmpdir(), 'hookwire-bundle-'));
try {
  const config = join(work, 'hookwire.json');
  // A command hook and the rule pack `hookwire init` writes: the caches hold what such a run compiles.
  // The line reaches conditions (`rm -rf dist`), so CEL (cel.cjs) is loaded and cached too: an event
  // that needs a condition would otherwise compile CEL from source (callgrind: 300 M instructions
  // instead of 239 M for `rm -rf node_modules dist`). Two runs, one per cache, measured no better.
  writeFileSync(config, JSON.stringify({ hooks: [{ event: 'PreToolUse', matcher: 'Bash', type: 'command', command: 'cat >/dev/null' }, { type: 'rule', pack: 'hookwire:recommended' }] }));
  const payload = { session_id: 'build', transcript_path: join(work, 't.jsonl'), cwd: work, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'git status && ls -la src | head && rm -rf dist' } };
  const warm = `
    const { writeFileSync } = require('node:fs');
    const loader = require(${JSON.stringify(loader)});
    const { join } = require('node:path');
    process.argv = [process.argv[0], ${JSON.stringify(loader)}, 'run', '--config', ${JSON.stringify(config)}];
    process.once('exit', (code) => {
      if (code !== 0) return;
      for (const [name, script] of loader.compiled) writeFileSync(join(${JSON.stringify(DIST)}, loader.CACHES[name]), script.createCachedData());
      process.stdout.write(JSON.stringify([...loader.compiled.keys()]));
    });
    loader.run(loader.compile());`;
  const result = spawnSync(process.execPath, ['-e', warm], { cwd: work, input: JSON.stringify(payload), encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0 || result.stderr !== '' || !result.stdout.startsWith('[')) {
    throw new Error(`bundle-bin: the warm-up run failed (exit ${result.status}): ${result.error?.message ?? ''}${result.stdout}${result.stderr}`);
  }
  warmed = JSON.parse(result.stdout);
} finally {
  rmSync(work, { recursive: true, force: true });
}
// The run must load the files such a bridge needs: the CLI, the shell executor, the rule engine and CEL.
if (!['cli.cjs', 'exec-shell.cjs', 'rules.cjs', 'cel.cjs'].every((file) => warmed.includes(file))) throw new Error(`bundle-bin: the warm-up run compiled ${warmed.join(', ')}, not cli.cjs, exec-shell.cjs, rules.cjs and cel.cjs`);
// A cache V8 rejects (other flags than the bin starts with, say) would be shipped for nothing.
for (const name of warmed) {
  const code = `const l = require(${JSON.stringify(loader)}); process.stdout.write(String(l.compile(require('node:fs').readFileSync(require('node:path').join(${JSON.stringify(DIST)}, l.CACHES[${JSON.stringify(name)}])), ${JSON.stringify(name)}).cachedDataRejected))`;
  const check = spawnSync(process.execPath, ['-e', code], { encoding: 'utf8' });
  if (check.stdout !== 'false') throw new Error(`bundle-bin: V8 rejects the code cache it just made for ${name} (${check.stdout}${check.stderr}); see the flags in scripts/bin-loader.cjs`);
}
process.stdout.write(`bundle-bin: dist/hookwire.cjs + ${files.join(', ')} + the caches of ${warmed.join(', ')}\n`);
const library = await bundleLibrary(PACKAGE, DIST);
process.stdout.write(`bundle-bin: the library entry, dist/${library.filter((file) => file.startsWith('index.')).join(' + dist/')} + ${library.length - 2} chunks\n`);
