import { suggest } from '@hookwire/contract';
import { CommandUsageError, type Command } from '../command.js';
import { INIT_HOST_NAMES, isHookFileHostName, isHostName, isManagedHostName, isPluginHostName, MANAGED_HOST_NAMES, type HookFileHostName, type HostName, type ManagedHostName, type PluginHostName } from '../hosts.js';

/** Every `--host` value: a host, or `all` (every host found). */
const HOST_CHOICES = [...INIT_HOST_NAMES, 'all'] as const;

/**
 * `--host` as given: repeated (`--host claude --host gemini`) or a comma list (`--host
 * claude,gemini`), each name checked, in order, once each; `all` stands alone.
 */
function readHosts(given: unknown): (HostName | PluginHostName | HookFileHostName)[] | 'all' | undefined {
  if (given === undefined) return undefined;
  const names = (Array.isArray(given) ? given : [given]).flatMap((value) => String(value).split(',')).map((name) => name.trim());
  const hosts: (HostName | PluginHostName | HookFileHostName)[] = [];
  for (const name of names) {
    if (name === 'all') continue;
    if (!isHostName(name) && !isPluginHostName(name) && !isHookFileHostName(name)) {
      const near = name === '' ? undefined : suggest(name, HOST_CHOICES);
      throw new CommandUsageError(`hookwire init: unknown host ${JSON.stringify(name)}${near === undefined ? '' : `; did you mean ${JSON.stringify(near)}?`} (supported: ${HOST_CHOICES.join(', ')})`, initCommand.usage);
    }
    if (!hosts.includes(name)) hosts.push(name);
  }
  if (!names.includes('all')) return hosts;
  if (hosts.length > 0) throw new CommandUsageError(`hookwire init: --host all means every host found: name it alone, not with ${hosts.join(', ')}`, initCommand.usage);
  return 'all';
}

/**
 * `hookwire init`: sets a project (or, `--user`, the user's own settings) up for one host or
 * several. Its code is loaded only when it runs, so the per-event commands never pay for it; its
 * flags are read like every command's.
 */
export const initCommand: Command = {
  name: 'init',
  usage: `hookwire init [--host ${HOST_CHOICES.join('|')} ...] [--dir DIR | --user | --managed [--root DIR] [--cache DIR]] [--dry-run] [--uninstall]`,
  summary: 'set a project (or your user settings, or the managed files of the system) up: a starter config and the host settings that run the bridge',
  options: {
    host: { type: 'string', multiple: true },
    dir: { type: 'string' },
    user: { type: 'boolean' },
    managed: { type: 'boolean' },
    root: { type: 'string' },
    cache: { type: 'string' },
    'dry-run': { type: 'boolean' },
    uninstall: { type: 'boolean' },
  },
  async help() {
    return (await import('../init/init-command.js')).INIT_USAGE;
  },
  async run(values) {
    const hosts = readHosts(values.host);
    for (const flag of ['root', 'cache'] as const) {
      if (values[flag] !== undefined && values.managed !== true) throw new CommandUsageError(`hookwire init: --${flag} goes with --managed (the managed files, for every user)`, initCommand.usage);
    }
    if (values.managed === true) {
      for (const flag of ['user', 'dir'] as const) {
        if (values[flag] !== undefined) throw new CommandUsageError(`hookwire init: --managed writes the system's managed files, for every user and project: it takes no --${flag}`, initCommand.usage);
      }
      if (hosts === 'all') throw new CommandUsageError(`hookwire init: --managed takes the hosts by name, not all (supported: ${MANAGED_HOST_NAMES.join(', ')})`, initCommand.usage);
      const unmanaged = (hosts ?? []).filter((name) => !isManagedHostName(name));
      if (unmanaged.length > 0) {
        throw new CommandUsageError(`hookwire init: --managed does not set up ${unmanaged.join(', ')}: init writes the managed files of ${MANAGED_HOST_NAMES.join(', ')} (docs/fleet.md says why not the others)`, initCommand.usage);
      }
      return (await import('../init/init-command.js')).runManagedInitCommand({
        hosts: (hosts ?? []) as ManagedHostName[],
        ...(typeof values.root === 'string' ? { root: values.root } : {}),
        ...(typeof values.cache === 'string' ? { cache: values.cache } : {}),
        'dry-run': values['dry-run'] === true,
        uninstall: values.uninstall === true,
      });
    }
    if (values.user === true && values.dir !== undefined) {
      throw new CommandUsageError('hookwire init: --user sets up your own settings (under $HOME), for every project: it takes no --dir', initCommand.usage);
    }
    return (await import('../init/init-command.js')).runInitCommand({
      ...(hosts === undefined ? {} : { hosts }),
      ...(typeof values.dir === 'string' ? { dir: values.dir } : {}),
      'dry-run': values['dry-run'] === true,
      uninstall: values.uninstall === true,
      user: values.user === true,
    });
  },
};
