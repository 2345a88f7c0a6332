import { locateConfig, locateConfigLayers, type ConfigLayer } from './config-location.js';
import type { Command, FlagValues } from './command.js';

/**
 * The config files a command runs on: its `--config` files, else the documented lookup
 * (`locateConfig`: $HOOKWIRE_CONFIG, the user layer, the project's .hookwire.json looked up from
 * the project directory), which throws `HOOKWIRE_CONFIG_NOT_FOUND` naming every place it looked.
 */
export function configPathsOf(values: FlagValues, _command: Command): string[] {
  return locateConfig({ explicit: values.config as string[] | undefined, env: process.env });
}

/** The same files as `configPathsOf`, each with why it was loaded (`hookwire check` lists them). */
export function configLayersOf(values: FlagValues, _command: Command): ConfigLayer[] {
  return locateConfigLayers({ explicit: values.config as string[] | undefined, env: process.env });
}
