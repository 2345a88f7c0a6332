import { locateConfig } from './config-location.js';
import type { Command, FlagValues } from './command.js';

/**
 * The config files a command runs on: its `--config` files, else the documented lookup
 * (`locateConfig`: $HOOKWIRE_CONFIG, the user file, the project's .hookwire.json), which throws
 * `HOOKWIRE_CONFIG_NOT_FOUND` naming every place it looked.
 */
export function configPathsOf(values: FlagValues, _command: Command): string[] {
  return locateConfig({ explicit: values.config as string[] | undefined, env: process.env });
}
