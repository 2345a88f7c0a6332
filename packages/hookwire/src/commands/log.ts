import { CommandUsageError, type Command } from '../command.js';

/** `hookwire log`: the audit log's decisions, one line each, and with --follow each new one. Its code is loaded only when it runs. */
export const logCommand: Command = {
  name: 'log',
  usage: 'hookwire log --log FILE [--follow] [--last N] [--json]',
  summary:
    'show the decisions of a --log file, one line each (time, line, host, event and tool, decision, deciding hook or rule, reason); --follow then shows each one appended, as tail -F does (rotation and truncation followed); explain --line N for the detail',
  options: {
    log: { type: 'string' },
    follow: { type: 'boolean', short: 'f' },
    last: { type: 'string' },
    json: { type: 'boolean' },
  },
  async run(values, { logger }) {
    if (typeof values.log !== 'string') throw new CommandUsageError('hookwire log: needs --log FILE (an audit log written by --log)', logCommand.usage);
    let last: number | undefined;
    if (values.last !== undefined) {
      const given = String(values.last);
      last = Number(given);
      if (!Number.isInteger(last) || last < 0 || given.trim() === '') throw new CommandUsageError(`hookwire log: --last must be a whole number (0 or more), received ${JSON.stringify(given)}`, logCommand.usage);
    }
    const { viewLog } = await import('../log-view.js');
    return viewLog({ logPath: values.log, follow: values.follow === true, ...(last === undefined ? {} : { last }), json: values.json === true, warn: (message) => logger.error(message) });
  },
};
