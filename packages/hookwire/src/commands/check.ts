import { checkConfig } from '@hookwire/runtime';
import { configPathsOf } from '../config-flag.js';
import type { Command } from '../command.js';
import { formatDiagnostics } from '../format.js';

/** `hookwire check`: the config's diagnostics, including what only fails when a hook runs. */
export const checkCommand: Command = {
  name: 'check',
  usage: 'hookwire check [--config FILE ...] [--json]',
  summary: "print the config's diagnostics; exit 1 on errors",
  options: {
    config: { type: 'string', multiple: true },
    json: { type: 'boolean' },
  },
  async run(values) {
    const diagnostics = await checkConfig(configPathsOf(values, checkCommand));
    process.stdout.write(values.json ? `${JSON.stringify(diagnostics, null, 2)}\n` : formatDiagnostics(diagnostics));
    return diagnostics.some((d) => d.severity === 'error') ? 1 : 0;
  },
};
