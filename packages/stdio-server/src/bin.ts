#!/usr/bin/env node
import { UsageError } from '@hookwire/contract';
import { CommandUsageError } from './command.js';
import { main, USAGE } from './cli.js';

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      const message = error.message.startsWith('hookwire') ? error.message : `hookwire: ${error.message}`;
      process.stderr.write(`${message}\n\n${error instanceof CommandUsageError ? `Usage:\n  ${error.usage}\n` : USAGE}`);
      process.exit(2);
    }
    process.stderr.write(`hookwire: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
