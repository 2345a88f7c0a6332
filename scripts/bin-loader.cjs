#!/usr/bin/env node
'use strict';
// The `hookwire` executable (written to packages/hookwire/dist/hookwire.cjs by scripts/bundle-bin.mjs).
// It runs dist/cli.cjs, the whole CLI bundled into one file, and the chunks cli.cjs requires lazily
// (dist/exec-shell.cjs, ...), each compiled from the V8 code cache the build made for it when this
// Node accepts that cache, and compiled from source when it does not (another Node version, other
// V8 flags, no cache file): the program is the same either way, only its start is slower. Node 20
// has no module.enableCompileCache, hence this loader.
const { readFileSync } = require('node:fs');
const Module = require('node:module');
const { join } = require('node:path');
const { constants, Script } = require('node:vm');

// V8 accepts a code cache only under the flags it was made with. The bundle changes a flag only
// after it has been compiled (contract/src/matcher.ts turns on the linear-time RegExp engine at
// the first regex matcher), and the caches are made by a run without one, so both are compiled
// under Node's own flags: no `node:v8` here (it costs a run ~2 ms to load). The bundle test and
// scripts/bundle-bin.mjs fail if a cache is ever rejected again.

/** Each bundle file's code cache, named after the file's content hash so that a cache never outlives the file it was made for. */
const CACHES = __BUNDLE_CACHES__;
const CLI = join(__dirname, 'cli.cjs');
const CACHE = join(__dirname, CACHES['cli.cjs']);
/** The scripts compiled in this process by file name (the build's warm-up run serialises them). */
const compiled = new Map();

function readCache(name) {
  if (CACHES[name] === undefined) return undefined;
  try {
    return readFileSync(join(__dirname, CACHES[name]));
  } catch {
    return undefined;
  }
}

/** Compiles a bundle file as Node compiles a CommonJS module (same wrapper, same file name); `cli.cjs` unless `name` says otherwise. */
function compile(cachedData, name = 'cli.cjs') {
  const file = join(__dirname, name);
  // `//` keeps the shebang line's length, so the bundle's source map still lines up.
  const source = readFileSync(file, 'utf8').replace(/^#!/, '//');
  // `import()` in a bundle file (otel.cjs imports node:http lazily) resolves as in any CommonJS module.
  const script = new Script(Module.wrap(source), { filename: file, cachedData, importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER });
  compiled.set(name, script);
  return script;
}

/**
 * The `require` a bundle file gets: its sibling bundle files (`./NAME.cjs`, the chunks rolldown
 * emits) through `load`, from their caches and without a package lookup; anything else (the
 * `node:` builtins) as Node requires it.
 */
function requireFor(module) {
  const fallback = Module.createRequire(module.filename);
  const require = (id) => (id.startsWith('./') && id.endsWith('.cjs') && !id.includes('/', 2) ? load(id.slice(2), module) : fallback(id));
  require.resolve = fallback.resolve;
  require.cache = Module._cache;
  return require;
}

/** Runs a compiled bundle file as a module registered under its path (as `require` would), once. */
function evaluate(script, name, parent) {
  const file = join(__dirname, name);
  const module = new Module(file, parent);
  module.filename = file;
  module.paths = Module._nodeModulePaths(__dirname);
  Module._cache[file] = module;
  script.runInThisContext()(module.exports, requireFor(module), module, file, __dirname);
  module.loaded = true;
  return module.exports;
}

function load(name, parent) {
  const loaded = Module._cache[join(__dirname, name)];
  return loaded !== undefined ? loaded.exports : evaluate(compile(readCache(name), name), name, parent);
}

/** Runs the compiled `cli.cjs`, the program. */
function run(script) {
  evaluate(script, 'cli.cjs', module);
}

if (require.main === module) run(compile(readCache('cli.cjs')));
else module.exports = { CLI, CACHE, CACHES, compiled, compile, run };
