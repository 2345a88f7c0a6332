import { AUDIT_FLAGS, AUDIT_USAGE, BUNDLE_FLAGS, BUNDLE_USAGE, CommandUsageError, ORG_CONFIG_FLAGS, ORG_CONFIG_USAGE, readBundleFlags, readPositiveNumber, type Command } from '../command.js';
import { configLayersOf } from '../config-flag.js';
import { DEFAULT_MAX_LINE_BYTES, listen } from '@hookwire/stdio-server';
import { VERSION } from '../version.js';

/** `hookwire listen`: the stdio sidecar. */
export const listenCommand: Command = {
  name: 'listen',
  machine: true,
  usage: `hookwire listen [--config FILE ...] ${ORG_CONFIG_USAGE} ${BUNDLE_USAGE} ${AUDIT_USAGE} [--max-line-bytes N] [--observe]`,
  summary: 'serve the line-delimited JSON protocol on stdin/stdout (logs on stderr)',
  options: {
    config: { type: 'string', multiple: true },
    ...ORG_CONFIG_FLAGS,
    ...BUNDLE_FLAGS,
    ...AUDIT_FLAGS,
    'max-line-bytes': { type: 'string' },
    observe: { type: 'boolean' },
  },
  async run(values, { logger }) {
    const bundle = readBundleFlags(values, listenCommand);
    const { configPaths, orgConfigPaths, bundleRevision } = configLayersOf(values, listenCommand);
    const maxLineBytes = readPositiveNumber('max-line-bytes', values['max-line-bytes']);
    if (!maxLineBytes.ok) throw new CommandUsageError(`hookwire listen: ${maxLineBytes.message}`, listenCommand.usage);
    // The bundle's code (verification, extraction) is loaded only when a bundle is polled.
    const bundleFeed = bundle === undefined ? undefined : (await import('../bundle/open-feed.js')).openBundleFeed(bundle, logger);
    return listen({
      ...(bundleFeed === undefined ? {} : { bundleFeed }),
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
