import { readFileSync, realpathSync, statSync } from 'node:fs';
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
  if (lookup.orgExplicit !== undefined && lookup.orgExplicit !== '') return [realOrAsGiven(resolve(cwd, lookup.orgExplicit))];
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

/**
 * A path with its links resolved, once (`--org-config <cache>/current/.hookwire.json`: the config
 * loaded and the revision recorded are of one revision even if a pull switches `current`
 * meanwhile); as given when it cannot be (missing: the load says so).
 */
function realOrAsGiven(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** One config file a command loads, and why it is that file. */
export interface ConfigLayer {
  /**
   * What named it: `org` (the organisation layer: `--org-config`, `$HOOKWIRE_ORG_CONFIG` or the
   * cached bundle), `flag` (`--config`), `env` (`$HOOKWIRE_CONFIG`), `user` (the user layer, for
   * every project) or `project` (the project's `.hookwire.json`).
   */
  layer: 'org' | 'flag' | 'env' | 'user' | 'project';
  /** The file (absolute, except `--config` files, which are used as given). */
  path: string;
  /** Why this file, in words: `$CLAUDE_PROJECT_DIR`, "found 2 folders up from the current directory", ... */
  why: string;
}

/** A place the lookup looked at that gave no layer, and why. */
export interface ConfigMiss {
  path: string;
  why: string;
}

/** What the config lookup found: the layers in load order (hooks run in this order, a later layer's settings win), and the places that gave none. */
export interface ConfigDiscovery {
  layers: ConfigLayer[];
  missed: ConfigMiss[];
  /** Where the project layer was looked for: the folder named by a host variable, else the folders walked from the current directory. */
  project: { dir: string; from: string };
}

/** Where the user-level config lives: `$XDG_CONFIG_HOME/hookwire/config.json`, else `~/.config/hookwire/config.json`. */
// `node:os` is loaded here, not imported: a bridge given `--config` never needs it.
export function locateUserConfig(env: Record<string, string | undefined>, home: string = homeOf()): string {
  const base = env.XDG_CONFIG_HOME !== undefined && env.XDG_CONFIG_HOME !== '' ? env.XDG_CONFIG_HOME : join(home, '.config');
  return join(base, 'hookwire', 'config.json');
}

function homeOf(): string {
  return process.getBuiltinModule('node:os').homedir();
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

/** A file's owner, or undefined when there is no such file (one stat). */
function ownerOf(path: string): { uid: number; isFile: boolean } | undefined {
  const stats = statSync(path, { throwIfNoEntry: false });
  return stats === undefined ? undefined : { uid: stats.uid, isFile: stats.isFile() };
}

/**
 * The project layer looked up from `start` (the current directory, when no host variable names the
 * project), as git and ESLint do: the nearest `.hookwire.json` in `start` or a folder above it. The
 * walk stops after the first folder that holds `.git` (a folder or a file: the project's root,
 * worktrees and submodules included), never enters `$HOME` from below (a `~/.hookwire.json` would
 * apply to every project; the user layer is `~/.config/hookwire/config.json`), and ends at the
 * filesystem root. Above `start`, a file owned by another user (not root) is not taken, and the
 * walk stops there (git's `safe.directory` rule: a shared `/tmp/.hookwire.json` runs nothing of
 * yours). Costs one or two stat calls per folder.
 */
function walkUp(start: string, home: string, missed: ConfigMiss[]): ConfigLayer | undefined {
  const uid = process.getuid?.();
  for (let dir = start, up = 0; ; up += 1) {
    const candidate = join(dir, PROJECT_CONFIG_NAME);
    const owner = ownerOf(candidate);
    if (owner !== undefined && owner.isFile) {
      if (up > 0 && uid !== undefined && owner.uid !== uid && owner.uid !== 0) {
        missed.push({ path: candidate, why: `owned by another user (uid ${owner.uid}): not taken, and the lookup stops there` });
        return undefined;
      }
      const where = up === 0 ? '.hookwire.json in the current directory' : `the nearest .hookwire.json, ${up} folder${up === 1 ? '' : 's'} up from the current directory (${start})`;
      return { layer: 'project', path: candidate, why: `the project layer: ${where}` };
    }
    const here = join(start, PROJECT_CONFIG_NAME);
    if (statSync(join(dir, '.git'), { throwIfNoEntry: false }) !== undefined) {
      missed.push({ path: here, why: up === 0 ? 'not found; the current directory holds .git, so no folder above it is looked at' : `not found, nor in any folder above it up to ${dir}, which holds .git (the project's root)` });
      return undefined;
    }
    const parent = dirname(dir);
    if (parent === dir) {
      missed.push({ path: here, why: up === 0 ? 'not found; no folder is above it' : `not found, nor in any folder above it up to ${dir} (no .git on the way)` });
      return undefined;
    }
    if (parent === home) {
      const never = `$HOME (${home}) is never searched from below`;
      missed.push({ path: here, why: up === 0 ? `not found; the folder above is $HOME, never searched from below` : `not found, nor in any folder above it up to ${dir} (no .git on the way; ${never})` });
      return undefined;
    }
    dir = parent;
  }
}

/**
 * The config files a command loads and why, layered in order (hooks concatenated, later settings
 * win): `--config` as given; else `$HOOKWIRE_CONFIG` (one path, or several separated by `:`); else
 * the user layer (`locateUserConfig`, if it exists) then the project layer: `.hookwire.json` in the
 * folder a host variable names (`$CLAUDE_PROJECT_DIR`, ...), else the nearest one looked up from
 * the current directory (see `walkUp`). Never throws and never reads a file: `missed` says where it
 * looked in vain. `hookwire check` prints the layers; `locateConfig` is the paths.
 */
export function discoverConfig(lookup: ConfigLookup): ConfigDiscovery {
  const cwd = lookup.cwd ?? process.cwd();
  if (lookup.explicit !== undefined && lookup.explicit.length > 0) {
    return { layers: lookup.explicit.map((path) => ({ layer: 'flag', path, why: 'given with --config' })), missed: [], project: { dir: cwd, from: '--config' } };
  }
  const fromEnv = (lookup.env[CONFIG_ENV_VAR] ?? '').split(delimiter).filter((path) => path.trim() !== '');
  if (fromEnv.length > 0) {
    return { layers: fromEnv.map((path) => ({ layer: 'env', path: resolve(cwd, path), why: `named by $${CONFIG_ENV_VAR}` })), missed: [], project: { dir: cwd, from: `$${CONFIG_ENV_VAR}` } };
  }
  const layers: ConfigLayer[] = [];
  const missed: ConfigMiss[] = [{ path: `$${CONFIG_ENV_VAR}`, why: 'not set' }];
  const home = lookup.home ?? homeOf();
  const user = locateUserConfig(lookup.env, home);
  const userFrom = lookup.env.XDG_CONFIG_HOME !== undefined && lookup.env.XDG_CONFIG_HOME !== '' ? '$XDG_CONFIG_HOME/hookwire/config.json' : '~/.config/hookwire/config.json';
  if (ownerOf(user)?.isFile === true) layers.push({ layer: 'user', path: user, why: `the user layer, for every project: ${userFrom}` });
  else missed.push({ path: user, why: 'not found' });
  const project = locateProjectDir({ ...lookup, cwd });
  if (project.from !== 'the current directory') {
    const file = join(project.dir, PROJECT_CONFIG_NAME);
    if (ownerOf(file)?.isFile === true) layers.push({ layer: 'project', path: file, why: `the project layer: .hookwire.json in ${project.from}` });
    else missed.push({ path: file, why: `not found; the project directory is ${project.from}` });
    return { layers, missed, project };
  }
  const found = walkUp(resolve(cwd), resolve(home), missed);
  if (found !== undefined) layers.push(found);
  return { layers, missed, project: { dir: found === undefined ? resolve(cwd) : dirname(found.path), from: found === undefined ? 'the current directory' : 'the nearest .hookwire.json at or above the current directory' } };
}

/** The layers as `hookwire check` lists them: one line each, in load order, with its path and why. */
export function formatConfigLayers(layers: readonly ConfigLayer[]): string {
  const names = { org: 'org', flag: '--config', env: '$' + CONFIG_ENV_VAR, user: 'user', project: 'project' } as const;
  const width = Math.max(...layers.map((layer) => names[layer.layer].length));
  const lines = layers.map((layer, i) => `  ${i + 1}. ${names[layer.layer].padEnd(width)}  ${layer.path}  (${layer.why})`);
  const count = `${layers.length} config layer${layers.length === 1 ? '' : 's'}`;
  return `loaded ${count}, in order (hooks run in this order; a later layer's settings win):\n${lines.join('\n')}\n`;
}

/**
 * The config layers a command loads (`discoverConfig`'s, in order). Throws
 * `HOOKWIRE_CONFIG_NOT_FOUND`, naming every place looked at, when there is none.
 */
export function locateConfigLayers(lookup: ConfigLookup): ConfigLayer[] {
  const found = discoverConfig(lookup);
  if (found.layers.length > 0 || lookup.allowNone === true) return found.layers;
  throw new ConfigError(
    'HOOKWIRE_CONFIG_NOT_FOUND',
    `no hookwire config found: looked at ${found.missed.map((miss) => `${miss.path} (${miss.why})`).join(', ')}; pass --config FILE, or create one with "hookwire init"`,
    [],
  );
}

/** The config files a command loads: `locateConfigLayers`' paths. */
export function locateConfig(lookup: ConfigLookup): string[] {
  return locateConfigLayers(lookup).map((layer) => layer.path);
}
