import { configLayersOf } from '../config-flag.js';
import { AUDIT_FLAGS, AUDIT_USAGE, BUNDLE_FLAGS, BUNDLE_USAGE, ORG_CONFIG_FLAGS, ORG_CONFIG_USAGE, readBundleFlags, type Command } from '../command.js';
import type { ServeFlags } from './serve-flags.js';

/** `hookwire serve`: the runtime behind HTTP (docs/serve.md). Its server is loaded only when it runs. */
export const serveCommand: Command = {
  name: 'serve',
  machine: true,
  usage: `hookwire serve [--config FILE ...] ${ORG_CONFIG_USAGE} ${BUNDLE_USAGE} [--host 127.0.0.1] [--port N] [--token-env NAME] [--max-inflight N] ${AUDIT_USAGE} [--observe]`,
  summary: 'serve hooks over HTTP: POST /hooks/claude answers as run would, POST /v1/dispatch as listen would',
  options: {
    config: { type: 'string', multiple: true },
    ...ORG_CONFIG_FLAGS,
    ...BUNDLE_FLAGS,
    host: { type: 'string' },
    port: { type: 'string' },
    'token-env': { type: 'string' },
    'max-inflight': { type: 'string' },
    ...AUDIT_FLAGS,
    observe: { type: 'boolean' },
  },
  async run(values, { logger }) {
    const bundle = readBundleFlags(values, serveCommand);
    const { serveCommand: serveFromFlags } = await import('./serve-flags.js');
    const layers = configLayersOf(values, serveCommand);
    return serveFromFlags(values as ServeFlags, layers.configPaths, logger, { ...layers, ...(bundle === undefined ? {} : { bundle }) });
  },
};
