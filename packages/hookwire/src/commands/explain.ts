import { CommandUsageError, type Command } from '../command.js';

/** `hookwire explain`: which hook decided each recorded dispatch, and why. Its code is loaded only when it runs. */
export const explainCommand: Command = {
  name: 'explain',
  usage: 'hookwire explain --log FILE [--line N ...] [--json]',
  summary:
    'show which hook decided each dispatch of a --log file and why (every hook with its verdict, the deciding ones marked *), read from the log alone: no hook runs. --line picks records by their line number',
  options: {
    log: { type: 'string' },
    line: { type: 'string', multiple: true },
    json: { type: 'boolean' },
  },
  async run(values, { logger }) {
    if (typeof values.log !== 'string') throw new CommandUsageError('hookwire explain: needs --log FILE (an audit log written by --log)', explainCommand.usage);
    const lines = (values.line as string[] | undefined)?.map((given) => {
      const n = Number(given);
      if (!Number.isInteger(n) || n < 1 || given.trim() === '') throw new CommandUsageError(`hookwire explain: --line must be a line number (1 or more), received ${JSON.stringify(given)}`, explainCommand.usage);
      return n;
    });
    const { explain } = await import('../explain.js');
    return explain({ logPath: values.log, json: values.json === true, ...(lines === undefined ? {} : { lines }), logger });
  },
};
