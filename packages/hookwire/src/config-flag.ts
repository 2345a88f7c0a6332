import { bundleRevisionOf, locateConfig, locateConfigLayers, locateOrgConfig, ORG_CONFIG_ENV_VAR, type ConfigLayer } from './config-location.js';
import type { Command, FlagValues } from './command.js';

/**
 * The config files a command runs on: its `--config` files, else the documented lookup
 * (`locateConfig`: $HOOKWIRE_CONFIG, the user layer, the project's .hookwire.json looked up from
 * the project directory), which throws `HOOKWIRE_CONFIG_NOT_FOUND` naming every place it looked.
 */
export function configPathsOf(values: FlagValues, _command: Command): string[] {
  return locateConfig({ explicit: values.config as string[] | undefined, env: process.env });
}

/**
 * The layers a command loads: the organisation's (`--org-config`, else `$HOOKWIRE_ORG_CONFIG`, else
 * the cached bundle when no `--config` is given; `locateOrgConfig`) and the others as
 * `configPathsOf` finds them — none needed when there is an organisation layer. `layers` is all of
 * them in load order, each with why it was loaded (`hookwire check` lists them).
 */
export function configLayersOf(values: FlagValues, _command: Command): { layers: ConfigLayer[]; configPaths: string[]; orgConfigPaths: string[]; bundleRevision?: string } {
  const explicit = values.config as string[] | undefined;
  const orgExplicit = typeof values['org-config'] === 'string' ? values['org-config'] : undefined;
  // A polled bundle (`serve|listen --bundle`) is the organisation layer: nothing else is looked for.
  const polled = typeof values.bundle === 'string';
  const orgConfigPaths = polled ? [] : locateOrgConfig({ orgExplicit, explicit, env: process.env });
  const bundleRevision = bundleRevisionOf(orgConfigPaths);
  const orgWhy = orgExplicit !== undefined && orgExplicit !== ''
    ? 'the organisation layer: given with --org-config'
    : (process.env[ORG_CONFIG_ENV_VAR] ?? '').trim() !== ''
      ? `the organisation layer: named by $${ORG_CONFIG_ENV_VAR}`
      : `the organisation layer: the verified bundle \`hookwire bundle pull\` installed${bundleRevision === undefined ? '' : ` (revision ${bundleRevision})`}`;
  const others = locateConfigLayers({ explicit, env: process.env, allowNone: polled || orgConfigPaths.length > 0 });
  const layers: ConfigLayer[] = [...orgConfigPaths.map((path) => ({ layer: 'org' as const, path, why: orgWhy })), ...others];
  return { layers, configPaths: others.map((layer) => layer.path), orgConfigPaths, ...(bundleRevision === undefined ? {} : { bundleRevision }) };
}
