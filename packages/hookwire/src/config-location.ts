import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { ConfigError } from '@hookwire/runtime';
import { HOST_NAMES, HOSTS, type HostProfile } from './hosts.js';

/** The project config's file name, in the project directory. */
export const PROJECT_CONFIG_NAME = '.hookwire.json';

/** The environment variable that names the config file (or files, separated like PATH), replacing the lookup. */
export const CONFIG_ENV_VAR = 'HOOKWIRE_CONFIG';

/** The environment variable that names the organisation's config file(s) (docs/config.md, "The organisation layer"). */
export const ORG_CONFIG_ENV_VAR = 'HOOKWIRE_ORG_CONFIG';

export interface ConfigLookup {
  /** The `--config` files, when given: used as they are, nothing is looked up. */
  explicit?: readonly string[] | undefined;
  env: Record<string, string | undefined>;
  /** Default `process.cwd()`: where the host started the command. */
  cwd?: string;
  /** Default `os.homedir()`. */
  home?: string;
  /** Return no file instead of throwing `HOOKWIRE_CONFIG_NOT_FOUND` when nothing is found (an organisation layer is there). */
  allowNone?: boolean;
}

/** The user's bundle cache: `$XDG_CACHE_HOME/hookwire/bundle`, else `~/.cache/hookwire/bundle` (`hookwire bundle pull` fills it). */
export function locateBundleCache(env: Record<string, string | undefined>, home: string = process.getBuiltinModule('node:os').homedir()): string {
  const base = env.XDG_CACHE_HOME !== undefined && env.XDG_CACHE_HOME !== '' ? env.XDG_CACHE_HOME : join(home, '.cache');
  return join(base, 'hookwire', 'bundle');
}

/** The organisation config of the active cached bundle: `<cache>/current/.hookwire.json`. */
export function cachedBundleConfig(cache: string): string {
  return join(cache, 'current', PROJECT_CONFIG_NAME);
}

/**
 * The revision of the bundle the organisation's configs were installed from by `bundle pull` (the
 * `revisions/<id>.json` beside a config's folder), or undefined when none came from one.
 */
export function bundleRevisionOf(configPaths: readonly string[]): string | undefined {
  for (const path of configPaths) {
    const revision = revisionBeside(path);
    if (revision !== undefined) return revision;
  }
  return undefined;
}

function revisionBeside(configPath: string): string | undefined {
  try {
    const meta = JSON.parse(readFileSync(`${realpathSync(dirname(configPath))}.json`, 'utf8')) as { revision?: unknown };
    return typeof meta.revision === 'string' ? meta.revision : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The organisation's layer (docs/config.md): `--org-config` as given; else `$HOOKWIRE_ORG_CONFIG`
 * (one path, or several separated like PATH); else, when no `--config` was given, the active
 * cached bundle's config if there is one; else none.
 */
export function locateOrgConfig(lookup: ConfigLookup & { orgExplicit?: string | undefined }): string[] {
  const cwd = lookup.cwd ?? process.cwd();
  if (lookup.orgExplicit !== undefined && lookup.orgExplicit !== '') return [resolve(cwd, lookup.orgExplicit)];
  const fromEnv = (lookup.env[ORG_CONFIG_ENV_VAR] ?? '').split(delimiter).filter((path) => path.trim() !== '');
  if (fromEnv.length > 0) return fromEnv.map((path) => resolve(cwd, path));
  if (lookup.explicit !== undefined && lookup.explicit.length > 0) return [];
  // `current` resolved once: the config loaded and the revision recorded are of one revision, even if a pull switches it meanwhile.
  try {
    return [realpathSync(cachedBundleConfig(locateBundleCache(lookup.env, lookup.home)))];
  } catch {
    return [];
  }
}

/** Where the user-level config lives: `$XDG_CONFIG_HOME/hookwire/config.json`, else `~/.config/hookwire/config.json`. */
// `node:os` is loaded here, not imported: a bridge given `--config` never needs it.
export function locateUserConfig(env: Record<string, string | undefined>, home: string = process.getBuiltinModule('node:os').homedir()): string {
  const base = env.XDG_CONFIG_HOME !== undefined && env.XDG_CONFIG_HOME !== '' ? env.XDG_CONFIG_HOME : join(home, '.config');
  return join(base, 'hookwire', 'config.json');
}

/**
 * The project directory and what named it: a host's variable (`CLAUDE_PROJECT_DIR`), else the
 * directory the command was started in. Never the payload's `cwd`: the payload is the model's
 * (untrusted, SECURITY.md), and a config chosen by it could switch every guard off.
 */
export function locateProjectDir(lookup: ConfigLookup): { dir: string; from: string } {
  for (const host of HOST_NAMES) {
    const profile: HostProfile = HOSTS[host];
    const variable = profile.projectDirVar;
    const value = variable === undefined ? undefined : lookup.env[variable];
    if (value !== undefined && value !== '') return { dir: resolve(value), from: `$${variable}` };
  }
  return { dir: lookup.cwd ?? process.cwd(), from: 'the current directory' };
}

/**
 * Finds the config files a command loads, layered in order (hooks concatenated, later settings
 * win): `--config` as given; else `$HOOKWIRE_CONFIG` (one path, or several separated by `:`);
 * else the user config (if it exists) then `.hookwire.json` in the project directory (if it
 * exists). Throws `HOOKWIRE_CONFIG_NOT_FOUND`, naming every place looked at, when none is found.
 */
export function locateConfig(lookup: ConfigLookup): string[] {
  if (lookup.explicit !== undefined && lookup.explicit.length > 0) return [...lookup.explicit];
  const fromEnv = (lookup.env[CONFIG_ENV_VAR] ?? '').split(delimiter).filter((path) => path.trim() !== '');
  if (fromEnv.length > 0) return fromEnv.map((path) => resolve(lookup.cwd ?? process.cwd(), path));

  const user = locateUserConfig(lookup.env, lookup.home);
  const project = locateProjectDir(lookup);
  const projectFile = join(project.dir, PROJECT_CONFIG_NAME);
  const found = [user, projectFile].filter((path) => existsSync(path));
  if (found.length > 0 || lookup.allowNone === true) return found;
  throw new ConfigError(
    'HOOKWIRE_CONFIG_NOT_FOUND',
    `no hookwire config found: looked at $${CONFIG_ENV_VAR} (not set), ${user} (not found), ${projectFile} (not found; the project directory is ${project.from}); pass --config FILE, or create one with "hookwire init"`,
    [],
  );}
