import { dirname, join } from 'node:path';
import type { Command } from '../command.js';
import { configPathsOf } from '../config-flag.js';

/** `hookwire test`: policy tests (docs/policy-tests.md). Its code is loaded only when it runs. */
export const testCommand: Command = {
  name: 'test',
  usage: 'hookwire test [--config FILE ...] [DIR|FILE ...]',
  summary:
    "run policy tests: each case an event, a payload and the expected decision; a folder's tests are its *.test.json files (default: the tests folder beside the first config). Reports TAP; exit 1 when a case fails, 2 when the tests or the config cannot be read. Hooks run for real",
  options: {
    config: { type: 'string', multiple: true },
  },
  takesArguments: true,
  async run(values, { logger, args = [] }) {
    const configPaths = configPathsOf(values, testCommand);
    const paths = args.length > 0 ? [...args] : [join(dirname(configPaths[0]!), 'tests')];
    const { runPolicyTests } = await import('../policy-test.js');
    return runPolicyTests({ paths, configPaths, logger });
  },
};
