#!/usr/bin/env node
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { main, UsageError, USAGE } from './cli.js';

export { createStdioServer } from './server.js';
export type { StdioServer, StdioServerOptions } from './server.js';
export { LineBuffer } from './line-buffer.js';
export type { LineEvent } from './line-buffer.js';
export { parseRequest, PROTOCOL_VERSION, DEFAULT_MAX_LINE_BYTES } from './protocol.js';
export type { ParsedRequest, RequestId } from './protocol.js';
export { main } from './cli.js';
export { VERSION } from './version.js';

function invokedDirectly(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (invokedDirectly()) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (error instanceof UsageError) {
        process.stderr.write(`hookwire: ${error.message}\n\n${USAGE}`);
        process.exit(2);
      }
      process.stderr.write(`hookwire: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
