import { checkConfig } from '@hookwire/runtime';
import { configLayersOf } from '../config-flag.js';
import { formatConfigLayers } from '../config-location.js';
import type { Command } from '../command.js';
import { formatDiagnostics } from '../format.js';

/** `hookwire check`: the config layers it loaded, then their diagnostics, including what only fails when a hook runs. */
export const checkCommand: Command = {
  name: 'check',
  usage: 'hookwire check [--config FILE ...] [--json]',
  summary: "print the config's diagnostics; exit 1 on errors",
  options: {
    config: { type: 'string', multiple: true },
    json: { type: 'boolean' },
  },
  async run(values) {
    const layers = configLayersOf(values, checkCommand);
    const diagnostics = await checkConfig(layers.map((layer) => layer.path));
    // The text report starts with the layers, in load order, so a config found from a subfolder (or a user layer) is never a surprise; --json stays the diagnostics array.
    process.stdout.write(values.json ? `${JSON.stringify(diagnostics, null, 2)}\n` : formatConfigLayers(layers) + formatDiagnostics(diagnostics));
    return diagnostics.some((d) => d.severity === 'error') ? 1 : 0;
  },
};
