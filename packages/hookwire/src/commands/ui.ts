import { CommandUsageError, type Command } from '../command.js';

/** `hookwire ui`: a local page over the audit log, or over a running `hookwire serve`, live. Its code is loaded only when it runs. */
export const uiCommand: Command = {
  name: 'ui',
  usage: 'hookwire ui [--log FILE] [--serve URL --token-env NAME] [--port N] [--no-open]',
  summary:
    "a local web page (127.0.0.1 only) over the audit log (--log FILE, else the one the config's auditLog names) or over a running hookwire serve (--serve URL, its decisions as they are made): the timeline of decisions, live, filtered by decision, host, session, hook or rule and text; one decision in full; an overview (decisions per hour, per-hook runs, failures and latency percentiles); a replay view (which recorded decisions a config or draft would change). Prints its URL and opens a browser unless --no-open",
  options: {
    log: { type: 'string' },
    serve: { type: 'string' },
    'token-env': { type: 'string' },
    port: { type: 'string' },
    'no-open': { type: 'boolean' },
  },
  async run(values, { logger }) {
    let port: number | undefined;
    if (values.port !== undefined) {
      const given = String(values.port);
      port = Number(given);
      if (given.trim() === '' || !Number.isInteger(port) || port < 0 || port > 65_535) throw new CommandUsageError(`hookwire ui: --port must be a port number (0 to 65535; 0 picks a free one), received ${JSON.stringify(given)}`, uiCommand.usage);
    }
    const warn = (message: string) => logger.error(message);
    const open = values['no-open'] !== true;
    if (values.serve !== undefined) {
      const given = String(values.serve);
      let url: URL | undefined;
      try {
        url = new URL(given);
      } catch {
        url = undefined;
      }
      if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new CommandUsageError(`hookwire ui: --serve must be the http URL hookwire serve printed (http://127.0.0.1:PORT), received ${JSON.stringify(given)}`, uiCommand.usage);
      if (values.log !== undefined) throw new CommandUsageError('hookwire ui: give --log FILE or --serve URL, not both (serve writes its own log: --serve shows its decisions as they are made)', uiCommand.usage);
      const tokenEnv = values['token-env'];
      if (typeof tokenEnv !== 'string') throw new CommandUsageError('hookwire ui: --serve needs --token-env NAME: the variable holding the token hookwire serve was started with (serve --token-env NAME); serve shows its decisions only to a client that has it', uiCommand.usage);
      const token = process.env[tokenEnv];
      if (token === undefined || token === '') throw new CommandUsageError(`hookwire ui: --token-env ${tokenEnv}: that environment variable is not set or empty`, uiCommand.usage);
      const { runUi } = await import('../ui.js');
      return runUi({ source: { kind: 'serve', url: url.href.replace(/\/$/, ''), token }, ...(port === undefined ? {} : { port }), open, warn });
    }
    if (values['token-env'] !== undefined) throw new CommandUsageError('hookwire ui: --token-env goes with --serve URL (the token of the serve to follow)', uiCommand.usage);
    const [{ runUi }, { findAuditLog }] = await Promise.all([import('../ui.js'), import('../audit-location.js')]);
    const found = await findAuditLog({ ...(typeof values.log === 'string' ? { flag: values.log } : {}), env: process.env });
    if (!found.ok) {
      logger.error(found.message);
      return 2;
    }
    if (found.from !== 'flag') warn(`reading ${found.path} (${found.from === 'config' ? "the config's auditLog" : 'the default place; no config names one'})`);
    return runUi({ source: { kind: 'file', path: found.path }, ...(port === undefined ? {} : { port }), open, warn });
  },
};
