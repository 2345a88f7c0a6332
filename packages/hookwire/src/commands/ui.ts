import { CommandUsageError, type Command } from '../command.js';

/** `hookwire ui`: a local page over the audit log, live. Its code is loaded only when it runs. */
export const uiCommand: Command = {
  name: 'ui',
  usage: 'hookwire ui --log FILE [--port N] [--no-open]',
  summary:
    'a local web page over a --log file (127.0.0.1 only): the timeline of decisions, live as they are appended, filtered by decision, host, session, hook or rule and text; one decision in full; an overview (decisions per hour, per-hook runs, failures and latency percentiles); a replay view (which recorded decisions a config or draft would change). Prints its URL and opens a browser unless --no-open',
  options: {
    log: { type: 'string' },
    port: { type: 'string' },
    'no-open': { type: 'boolean' },
  },
  async run(values, { logger }) {
    if (typeof values.log !== 'string') throw new CommandUsageError('hookwire ui: needs --log FILE (an audit log written by --log)', uiCommand.usage);
    let port: number | undefined;
    if (values.port !== undefined) {
      const given = String(values.port);
      port = Number(given);
      if (given.trim() === '' || !Number.isInteger(port) || port < 0 || port > 65_535) throw new CommandUsageError(`hookwire ui: --port must be a port number (0 to 65535; 0 picks a free one), received ${JSON.stringify(given)}`, uiCommand.usage);
    }
    const { runUi } = await import('../ui.js');
    return runUi({ logPath: values.log, ...(port === undefined ? {} : { port }), open: values['no-open'] !== true, warn: (message) => logger.error(message) });
  },
};
