// Bundles the `hookwire` package's library entry (packages/hookwire/lib/index.js: `locateConfig`,
// `HOSTS`, `main`, ...) into packages/hookwire/dist/, beside the bin, so that the published package
// declares no dependency at all: `npm install hookwire-<version>.tgz` works offline, and nothing it
// runs comes from another package (issue 22). Run by scripts/bundle-bin.mjs after the bin.
//   dist/index.js        the library entry as one ES module (its dependencies inlined), no top-level
//                        await (so Node 20.19+ can require() it), + the lazily imported parts as
//                        dist/lib-NAME-HASH.js chunks
//   dist/index.d.ts      its types, with the @hookwire/* types it uses inlined (rolldown-plugin-dts)
// The package's publishConfig points `exports` here; in the workspace, `exports` stays on lib/ (tsc's
// output), which the other packages type-check against before anything is bundled.
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { build } from 'rolldown';
import { dts } from 'rolldown-plugin-dts';

const BUILTINS = new Set(builtinModules);

/** Fails the build on an import the bundle left to module resolution: the installed package has nothing to resolve it from. */
function assertSelfContained(output, what) {
  for (const chunk of output) {
    if (chunk.type !== 'chunk') continue;
    const outside = [...chunk.imports, ...chunk.dynamicImports].filter((id) => !output.some((o) => o.fileName === id) && !id.startsWith('node:') && !BUILTINS.has(id));
    if (outside.length > 0) throw new Error(`bundle-lib: ${what} ${chunk.fileName} imports ${outside.join(', ')}, which the published package does not contain`);
  }
}

/** Writes dist/index.js (+ chunks) and dist/index.d.ts for the package in `packageDir`; returns the files written. */
export async function bundleLibrary(packageDir, dist) {
  const js = await build({
    input: { index: join(packageDir, 'lib/index.js') },
    platform: 'node',
    // As for the bin: jsonc-parser's `main` is a UMD build whose factory requires its parts at run time.
    resolve: { mainFields: ['module', 'main'] },
    logLevel: 'warn',
    onLog(level, log, handler) {
      if (log.code === 'UNRESOLVED_IMPORT') throw new Error(`bundle-lib: ${log.message}`);
      // OpenTelemetry's API, imported lazily by the runtime and eagerly by the SDK: it stays in the SDK's lazy chunk.
      if (log.code === 'INEFFECTIVE_DYNAMIC_IMPORT' && /@opentelemetry/.test(log.message)) return;
      handler(level, log);
    },
    output: {
      dir: dist,
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: 'lib-[name]-[hash].js',
      // In dist/ itself: version.js reads `../package.json` from import.meta.url, and dist/ is one level
      // under the package, as lib/ is. No source maps: the bin's (dist/*.cjs.map) already carry the sources.
    },
  });
  assertSelfContained(js.output, 'the library entry');

  // The types: lib/index.d.ts (tsc's) with every type it reaches in the @hookwire/* packages inlined.
  const types = await build({
    input: { index: join(packageDir, 'lib/index.d.ts') },
    platform: 'node',
    plugins: [dts({ dtsInput: true, emitDtsOnly: true, tsconfig: false })],
    logLevel: 'warn',
    output: { dir: dist, format: 'es' },
  });
  assertSelfContained(types.output, 'the types');
  const files = [...js.output, ...types.output].map((o) => o.fileName);
  if (!files.includes('index.js') || !files.includes('index.d.ts')) throw new Error(`bundle-lib: wrote ${files.join(', ')}, not index.js and index.d.ts`);
  return files;
}
