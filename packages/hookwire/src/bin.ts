#!/usr/bin/env node
// `node lib/bin.js` runs the same executable as @hookwire/stdio-server's; the package's bin is dist/hookwire.cjs, the bundle.
import '@hookwire/stdio-server/bin';
