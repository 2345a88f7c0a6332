import { existsSync } from 'node:fs';
import { CommandUsageError, type Command } from '../command.js';

/** `hookwire log`: the audit log's decisions, one line each, and with --follow each new one. Its code is loaded only when it runs. */
export const logCommand: Command = {
  name: 'log',
  usage: 'hookwire log [--log FILE] [--follow] [--last N] [--json]',
  summary:
    'show the decisions of the audit log (--log FILE, else the one the config\'s auditLog names), one line each (time, line, host, event and tool, decision, deciding hook or rule, reason); --follow then shows each one appended, as tail -F does (rotation and truncation followed); explain --line N for the detail',
  options: {
    log: { type: 'string' },
    follow: { type: 'boolean', short: 'f' },
    last: { type: 'string' },
    json: { type: 'boolean' },
  },
  async run(values, { logger }) {
    let last: number | undefined;
    if (values.last !== undefined) {
      const given = String(values.last);
      last = Number(given);
      if (!Number.isInteger(last) || last < 0 || given.trim() === '') throw new CommandUsageError(`hookwire log: --last must be a whole number (0 or more), received ${JSON.stringify(given)}`, logCommand.usage);
    }
    const [{ viewLog }, { findAuditLog }] = await Promise.all([import('../log-view.js'), import('../audit-location.js')]);
    const found = await findAuditLog({ ...(typeof values.log === 'string' ? { flag: values.log } : {}), env: process.env });
    if (!found.ok) {
      logger.error(found.message);
      return 2;
    }
    // The config's log not written yet: no decision so far, which is not a failure (with --follow, it is waited for).
    if (found.from === 'config' && values.follow !== true && !existsSync(found.path)) {
      logger.error(`no decision recorded yet: ${found.path} (the config's auditLog) is not there; the bridge writes it on its first event`);
      return 0;
    }
    return viewLog({ logPath: found.path, follow: values.follow === true, ...(last === undefined ? {} : { last }), json: values.json === true, warn: (message) => logger.error(message) });
  },
};
