import { suggest } from '@hookwire/contract';
import { CommandUsageError, type Command } from '../command.js';

/** `hookwire audit verify`: checks a --log file's hash chain (docs/audit-log.md). Its code is loaded only when it runs. */
export const auditCommand: Command = {
  name: 'audit',
  usage: 'hookwire audit verify FILE [--expect-head sha256:HEX]',
  summary:
    "check an audit log's hash chain: exit 0 when every line chains to the one before it (printing the head to keep elsewhere), 1 with the line number of the first edited, removed or reordered record, 2 when the file cannot be read",
  options: {
    'expect-head': { type: 'string' },
  },
  takesArguments: true,
  async run(values, { args = [] }) {
    const [verb, file, ...extra] = args;
    if (verb !== 'verify') {
      const near = verb === undefined ? undefined : suggest(verb, ['verify']);
      throw new CommandUsageError(verb === undefined ? 'hookwire audit: needs verify FILE' : `hookwire audit: unknown verb ${JSON.stringify(verb)}${near === undefined ? '' : `; did you mean "verify"?`}`, auditCommand.usage);
    }
    if (file === undefined) throw new CommandUsageError('hookwire audit verify: needs FILE (an audit log written by --log)', auditCommand.usage);
    if (extra.length > 0) throw new CommandUsageError(`hookwire audit verify: unexpected argument ${JSON.stringify(extra[0])}`, auditCommand.usage);
    const { auditVerify } = await import('../audit-verify.js');
    return auditVerify(file, typeof values['expect-head'] === 'string' ? values['expect-head'] : undefined);
  },
};
