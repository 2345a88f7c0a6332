import { suggest } from '@hookwire/contract';
import { CommandUsageError, type Command } from '../command.js';
import { INIT_HOST_NAMES, isHookFileHostName, isHostName, isPluginHostName } from '../hosts.js';

/**
 * `hookwire init`: sets a project up for a host. Its code is loaded only when it runs, so the
 * per-event commands never pay for it; its flags are read like every command's.
 */
export const initCommand: Command = {
  name: 'init',
  usage: `hookwire init [--host ${INIT_HOST_NAMES.join('|')}] [--dir DIR] [--dry-run] [--uninstall]`,
  summary: 'set a project up: a starter .hookwire.json and the host settings that run the bridge',
  options: {
    host: { type: 'string' },
    dir: { type: 'string' },
    'dry-run': { type: 'boolean' },
    uninstall: { type: 'boolean' },
  },
  async help() {
    return (await import('../init/init-command.js')).INIT_USAGE;
  },
  async run(values) {
    const host = values.host;
    if (host !== undefined && (typeof host !== 'string' || (!isHostName(host) && !isPluginHostName(host) && !isHookFileHostName(host)))) {
      const near = typeof host === 'string' ? suggest(host, INIT_HOST_NAMES) : undefined;
      throw new CommandUsageError(`hookwire init: unknown host ${JSON.stringify(host)}${near === undefined ? '' : `; did you mean ${JSON.stringify(near)}?`} (supported: ${INIT_HOST_NAMES.join(', ')})`, initCommand.usage);
    }
    return (await import('../init/init-command.js')).runInitCommand({
      ...(host === undefined ? {} : { host }),
      ...(typeof values.dir === 'string' ? { dir: values.dir } : {}),
      'dry-run': values['dry-run'] === true,
      uninstall: values.uninstall === true,
    });
  },
};
