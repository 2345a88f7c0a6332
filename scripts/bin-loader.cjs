#!/usr/bin/env node
'use strict';
// The `hookwire` executable (copied to packages/stdio-server/dist/hookwire.cjs by scripts/bundle-bin.mjs).
// It runs dist/cli.cjs, the whole CLI bundled into one file, compiled from the V8 code cache the
// build made for it when this Node accepts that cache, and compiled from source when it does not
// (another Node version, other V8 flags, no cache file): the program is the same either way, only
// its start is slower. Node 20 has no module.enableCompileCache, hence this loader.
const { readFileSync } = require('node:fs');
const Module = require('node:module');
const { join } = require('node:path');
const { setFlagsFromString } = require('node:v8');
const { Script } = require('node:vm');

// V8 accepts a code cache only under the flags it was made with, and the bundle sets this one as
// it starts (contract/src/matcher.ts: the linear-time RegExp engine, which changes no other
// RegExp), so the cache is made with it on: set it before compiling too. The bundle test and
// scripts/bundle-bin.mjs fail if the cache is ever rejected again.
setFlagsFromString('--enable-experimental-regexp-engine');

const CLI = join(__dirname, 'cli.cjs');
/** Named after the bundle's content hash, so a cache never outlives the bundle it was made for. */
const CACHE = join(__dirname, 'cli.__BUNDLE_HASH__.cache');

function readCache() {
  try {
    return readFileSync(CACHE);
  } catch {
    return undefined;
  }
}

/** Compiles the bundle as Node compiles a CommonJS module (same wrapper, same file name). */
function compile(cachedData) {
  // `//` keeps the shebang line's length, so the bundle's source map still lines up.
  const source = readFileSync(CLI, 'utf8').replace(/^#!/, '//');
  return new Script(Module.wrap(source), { filename: CLI, cachedData });
}

/** Runs the compiled bundle as the module `CLI`, registered so that its lazily loaded chunks' `require('./cli.cjs')` finds it. */
function run(script) {
  const cli = new Module(CLI, module);
  cli.filename = CLI;
  cli.paths = Module._nodeModulePaths(__dirname);
  Module._cache[CLI] = cli;
  script.runInThisContext()(cli.exports, Module.createRequire(CLI), cli, CLI, __dirname);
  cli.loaded = true;
}

if (require.main === module) run(compile(readCache()));
else module.exports = { CLI, CACHE, compile, run };
