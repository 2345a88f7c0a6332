import { checkConfig } from '@hookwire/runtime';
import { configLayersOf } from '../config-flag.js';
import { ORG_CONFIG_FLAGS, ORG_CONFIG_USAGE, type Command } from '../command.js';
import { formatDiagnostics } from '../format.js';

/** `hookwire check`: the config's diagnostics, including what only fails when a hook runs. */
export const checkCommand: Command = {
  name: 'check',
  usage: `hookwire check [--config FILE ...] ${ORG_CONFIG_USAGE} [--json]`,
  summary: "print the config's diagnostics; exit 1 on errors",
  options: {
    config: { type: 'string', multiple: true },
    ...ORG_CONFIG_FLAGS,
    json: { type: 'boolean' },
  },
  async run(values) {
    const { configPaths, orgConfigPaths } = configLayersOf(values, checkCommand);
    const diagnostics = await checkConfig(configPaths, process.env, orgConfigPaths);
    process.stdout.write(values.json ? `${JSON.stringify(diagnostics, null, 2)}\n` : formatDiagnostics(diagnostics));
    return diagnostics.some((d) => d.severity === 'error') ? 1 : 0;
  },
};
