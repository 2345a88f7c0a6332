#!/usr/bin/env node
import { UsageError } from '@hookwire/contract';
import { main, USAGE } from './cli.js';

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
