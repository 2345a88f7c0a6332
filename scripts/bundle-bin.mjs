#!/usr/bin/env node
// Bundles the `hookwire` executable (packages/stdio-server/lib/bin.js and everything it imports,
// dependencies included) into packages/stdio-server/dist/, the package's `bin`. Run by `pnpm build`
// after tsc; the packages keep their lib/ for library users.
//   dist/cli.cjs          the CLI in one CommonJS file (no module resolution at start), + source map
//   dist/exec-*.cjs, ...  the executors and undici, loaded only when a config has hooks of their kind
//   dist/hookwire.cjs     the entry: scripts/bin-loader.cjs, runs cli.cjs from the V8 code cache
//   dist/cli.HASH.cache   that cache, made by one `hookwire run` of a trivial hook (so it holds
//                         what a run compiles, not only the top level)
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PACKAGE = join(ROOT, 'packages/stdio-server');
const DIST = join(PACKAGE, 'dist');

/** Lazily imported code, kept out of cli.cjs: each group becomes a chunk required on first use. */
const CHUNKS = [
  { name: 'exec-shell', test: /[\\/](packages[\\/]exec-shell|node_modules[\\/]tree-kill)[\\/]/ },
  { name: 'exec-http', test: /[\\/]packages[\\/]exec-http[\\/]/ },
  { name: 'exec-oracle', test: /[\\/]packages[\\/]exec-oracle[\\/]/ },
  { name: 'http-post', test: /[\\/](packages[\\/]http-post|node_modules[\\/]undici)[\\/]/ },
  // OpenTelemetry (the API and the SDK of `serve`'s OTLP export), loaded only when tracing is on.
  { name: 'otel', test: /[\\/]node_modules[\\/](\.pnpm[\\/])?@opentelemetry[\\/+]/ },
];

rmSync(DIST, { recursive: true, force: true });
const { output } = await build({
  input: { cli: join(PACKAGE, 'lib/bin.js') },
  platform: 'node',
  // jsonc-parser's `main` is a UMD build whose factory requires its parts at run time (so they
  // would not be bundled); its `module` field is the plain ES build.
  resolve: { mainFields: ['module', 'main'] },
  logLevel: 'warn',
  // The entry is a program, not a library: nothing imports its exports.
  preserveEntrySignatures: false,
  output: {
    dir: DIST,
    format: 'cjs',
    entryFileNames: '[name].cjs',
    chunkFileNames: '[name].cjs',
    sourcemap: true,
    codeSplitting: { includeDependenciesRecursively: false, groups: CHUNKS },
  },
});
const entry = output.find((o) => o.type === 'chunk' && o.isEntry);
// The entry must not require a lazy chunk when it starts: that would load the executors on every run.
const eager = entry.imports.filter((file) => CHUNKS.some((chunk) => file.startsWith(chunk.name)));
if (eager.length > 0) throw new Error(`bundle-bin: cli.cjs requires ${eager.join(', ')} at start; an import of an executor is no longer lazy`);
// Reading a config checks its fields with plain functions (contract's config/field-checks.ts): a run
// that built zod's schemas at start would pay for them on every event (issue 10).
const zod = entry.moduleIds.filter((id) => /[\\/]node_modules[\\/](\.pnpm[\\/])?zod[@\\/]/.test(id) || /[\\/]contract[\\/]lib[\\/]config[\\/](schema|diagnostic-schema)\.js$/.test(id));
if (zod.length > 0) throw new Error(`bundle-bin: cli.cjs includes zod or the config schemas (${zod.slice(0, 3).join(', ')}); something on the CLI's path imports a schema`);

// Traces are exported only when the OTEL_* environment asks for it: a run without it must not load OpenTelemetry.
const otel = entry.moduleIds.filter((id) => /[\\/]node_modules[\\/](\.pnpm[\\/])?@opentelemetry[\\/+]/.test(id));
if (otel.length > 0) throw new Error(`bundle-bin: cli.cjs includes OpenTelemetry (${otel.slice(0, 3).join(', ')}); an import of it is no longer lazy`);

const hash = createHash('sha256').update(readFileSync(join(DIST, 'cli.cjs'))).digest('hex').slice(0, 16);
const loader = join(DIST, 'hookwire.cjs');
writeFileSync(loader, readFileSync(join(ROOT, 'scripts/bin-loader.cjs'), 'utf8').replace('__BUNDLE_HASH__', hash));
chmodSync(loader, 0o755);

// The code cache: one real run, compiled through the loader, serialised when it exits.
const work = mkdtempSync(join(tmpdir(), 'hookwire-bundle-'));
try {
  const config = join(work, 'hookwire.json');
  writeFileSync(config, JSON.stringify({ hooks: [{ event: 'PreToolUse', matcher: 'Bash', type: 'command', command: 'cat >/dev/null' }] }));
  const payload = { session_id: 'build', transcript_path: join(work, 't.jsonl'), cwd: work, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'true' } };
  const warm = `
    const { writeFileSync } = require('node:fs');
    const loader = require(${JSON.stringify(loader)});
    const script = loader.compile();
    process.argv = [process.argv[0], ${JSON.stringify(loader)}, 'run', '--config', ${JSON.stringify(config)}];
    process.once('exit', (code) => { if (code === 0) writeFileSync(loader.CACHE, script.createCachedData()); });
    loader.run(script);`;
  const result = spawnSync(process.execPath, ['-e', warm], { cwd: work, input: JSON.stringify(payload), encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0 || result.stdout !== '' || result.stderr !== '') {
    throw new Error(`bundle-bin: the warm-up run failed (exit ${result.status}): ${result.error?.message ?? ''}${result.stdout}${result.stderr}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
// A cache V8 rejects (other flags than the bin starts with, say) would be shipped for nothing.
const check = spawnSync(process.execPath, ['-e', `const l = require(${JSON.stringify(loader)}); process.stdout.write(String(l.compile(require('node:fs').readFileSync(l.CACHE)).cachedDataRejected))`], { encoding: 'utf8' });
if (check.stdout !== 'false') throw new Error(`bundle-bin: V8 rejects the code cache it just made (${check.stdout}${check.stderr}); see the flags in scripts/bin-loader.cjs`);
const files = output.map((o) => o.fileName).filter((f) => !f.endsWith('.map'));
process.stdout.write(`bundle-bin: dist/hookwire.cjs + ${files.join(', ')} + cli.${hash}.cache\n`);
