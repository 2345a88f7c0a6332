import { AUDIT_FLAGS, AUDIT_USAGE, CommandUsageError, ORG_CONFIG_FLAGS, ORG_CONFIG_USAGE, readPositiveNumber, type Command } from '../command.js';
import { configLayersOf } from '../config-flag.js';
import { DEFAULT_MAX_LINE_BYTES, listen } from '@hookwire/stdio-server';
import { VERSION } from '../version.js';

/** `hookwire listen`: the stdio sidecar. */
export const listenCommand: Command = {
  name: 'listen',
  machine: true,
  usage: `hookwire listen [--config FILE ...] ${ORG_CONFIG_USAGE} ${AUDIT_USAGE} [--max-line-bytes N] [--observe]`,
  summary: 'serve the line-delimited JSON protocol on stdin/stdout (logs on stderr)',
  options: {
    config: { type: 'string', multiple: true },
    ...ORG_CONFIG_FLAGS,
    ...AUDIT_FLAGS,
    'max-line-bytes': { type: 'string' },
    observe: { type: 'boolean' },
  },
  async run(values, { logger }) {
    const { configPaths, orgConfigPaths, bundleRevision } = configLayersOf(values, listenCommand);
    const maxLineBytes = readPositiveNumber('max-line-bytes', values['max-line-bytes']);
    if (!maxLineBytes.ok) throw new CommandUsageError(`hookwire listen: ${maxLineBytes.message}`, listenCommand.usage);
    return listen({
      configPaths,
      ...(orgConfigPaths.length > 0 ? { orgConfigPaths } : {}),
      ...(bundleRevision === undefined ? {} : { bundleRevision }),
      logger,
      version: VERSION,
      ...(typeof values.log === 'string' ? { logPath: values.log } : {}),
      logOmitsPayloads: values['log-omit-payloads'] === true,
      observe: values.observe === true,
      maxLineBytes: maxLineBytes.value ?? DEFAULT_MAX_LINE_BYTES,
    });
  },
};
