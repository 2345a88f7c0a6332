import { bundleRevisionOf, locateConfig, locateOrgConfig } from './config-location.js';
import type { Command, FlagValues } from './command.js';

/**
 * The config files a command runs on: its `--config` files, else the documented lookup
 * (`locateConfig`: $HOOKWIRE_CONFIG, the user file, the project's .hookwire.json), which throws
 * `HOOKWIRE_CONFIG_NOT_FOUND` naming every place it looked.
 */
export function configPathsOf(values: FlagValues, _command: Command): string[] {
  return locateConfig({ explicit: values.config as string[] | undefined, env: process.env });
}

/**
 * The layers a command loads: the organisation's (`--org-config`, else `$HOOKWIRE_ORG_CONFIG`, else
 * the cached bundle when no `--config` is given; `locateOrgConfig`) and the others as
 * `configPathsOf` finds them — none needed when there is an organisation layer.
 */
export function configLayersOf(values: FlagValues, _command: Command): { configPaths: string[]; orgConfigPaths: string[]; bundleRevision?: string } {
  const explicit = values.config as string[] | undefined;
  const orgExplicit = typeof values['org-config'] === 'string' ? values['org-config'] : undefined;
  const orgConfigPaths = locateOrgConfig({ orgExplicit, explicit, env: process.env });
  const bundleRevision = bundleRevisionOf(orgConfigPaths);
  return { configPaths: locateConfig({ explicit, env: process.env, allowNone: orgConfigPaths.length > 0 }), orgConfigPaths, ...(bundleRevision === undefined ? {} : { bundleRevision }) };
}
