import { isEntryModule } from '@hookwire/session';

export { main, USAGE } from './cli.js';
export { VERSION } from './version.js';
export { discoverConfig, locateConfig, locateConfigLayers, locateUserConfig, locateProjectDir, formatConfigLayers, CONFIG_ENV_VAR, PROJECT_CONFIG_NAME } from './config-location.js';
export type { ConfigDiscovery, ConfigLayer, ConfigLookup, ConfigMiss } from './config-location.js';
export { HOSTS, HOST_NAMES, INIT_HOST_NAMES } from './hosts.js';
export type { HostName, HostProfile } from './hosts.js';


// `node lib/index.js <command> ...` runs the CLI, as the bin does: the executable itself lives in bin.ts.
// Not awaited: a top-level await would make this module impossible to `require()` (ERR_REQUIRE_ASYNC_MODULE).
if (isEntryModule(import.meta.url)) void import('./bin.js');
