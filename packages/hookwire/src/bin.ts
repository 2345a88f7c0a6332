#!/usr/bin/env node
import { UsageError } from '@hookwire/contract';
import { CommandUsageError } from './command.js';
import { main, SEE_HELP } from './cli.js';
import { exitAfterFlush, FLUSH_GRACE_MS, STOP_SIGNALS } from '@hookwire/session';

const STOP_CODES: ReadonlySet<number> = new Set(Object.values(STOP_SIGNALS));

main(process.argv.slice(2)).then(
  // After a stop signal the stop's own grace has already bounded flushing.
  (code) => exitAfterFlush(code, STOP_CODES.has(code) ? 0 : FLUSH_GRACE_MS),
  (error: unknown) => {
    if (error instanceof UsageError) {
      const message = error.message.startsWith('hookwire') ? error.message : `hookwire: ${error.message}`;
      process.stderr.write(`${message}\n\n${error instanceof CommandUsageError ? `Usage:\n  ${error.usage}\n` : SEE_HELP}`);
      exitAfterFlush(2);
      return;
    }
    process.stderr.write(`hookwire: ${error instanceof Error ? error.message : String(error)}\n`);
    exitAfterFlush(2);
  },
);
