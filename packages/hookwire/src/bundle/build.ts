import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { parseConfig, type HookwireConfig } from '@hookwire/contract';
import { BUNDLE_CONFIG, BundleRefused, isSafeBundlePath, makeBundle, type Bundle, type Manifest } from './format.js';

/**
 * `$HOOKWIRE_CONFIG_DIR/PATH` (or `${HOOKWIRE_CONFIG_DIR}/PATH`) in a command: the one documented
 * way a hook names a file beside its config (docs/config.md). PATH ends at whitespace, a quote or
 * shell syntax. Paths relative to the working directory (`./x.sh`) are the payload's cwd's, not
 * the config's, so they name nothing a bundle could carry.
 */
const CONFIG_DIR_PATH = /(?:\$\{HOOKWIRE_CONFIG_DIR\}|\$HOOKWIRE_CONFIG_DIR(?![A-Za-z0-9_]))\/([^\s"'`;&|<>()$]+)/g;

/** Every file a config references, relative to its folder: rule packs given by path, and files named through $HOOKWIRE_CONFIG_DIR by commands. */
export function findReferences(config: HookwireConfig): { path: string; by: string }[] {
  const found: { path: string; by: string }[] = [];
  const commands = config.hooks.flatMap((hook) => (hook.command === undefined ? [] : [{ command: hook.command, by: `hook ${hook.id} (${hook.pointer}/command)` }]));
  if (config.proxy !== undefined) commands.push({ command: config.proxy.command, by: 'proxy.command' });
  for (const { command, by } of commands) {
    for (const match of command.matchAll(CONFIG_DIR_PATH)) found.push({ path: match[1]!, by });
  }
  for (const hook of config.hooks) {
    const pack = hook.rule?.pack;
    if (pack !== undefined && pack.startsWith('.')) found.push({ path: pack, by: `hook ${hook.id} (${hook.pointer}/pack)` });
  }
  return found;
}

function filesUnder(root: string, dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return filesUnder(root, path);
      return entry.isFile() || entry.isSymbolicLink() ? [path] : [];
    });
}

export interface BuildResult {
  bundle: Bundle;
  manifest: Manifest;
  /** References left as they are (a rule pack installed as a module): the machine that loads the bundle must have them. */
  notPacked: string[];
}

/**
 * Packs DIR's `.hookwire.json` with every file it references (`findReferences`; a referenced
 * folder is packed whole). Every file must lie inside DIR once symbolic links are followed, so
 * that a bundle extracted anywhere resolves `$HOOKWIRE_CONFIG_DIR` and pack paths the same way:
 * nothing is rewritten. Refuses a config with errors and a reference that is missing or outside DIR.
 */
export function buildBundle(dir: string, revision: string | undefined): BuildResult {
  const root = realpathSync(resolve(dir));
  const configFile = join(root, BUNDLE_CONFIG);
  let text: string;
  try {
    text = readFileSync(configFile, 'utf8');
  } catch (error) {
    throw new Error(`cannot read ${configFile}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, { cause: error });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new BundleRefused(`${configFile} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = parseConfig(value, { source: configFile });
  const errors = parsed.diagnostics.filter((d) => d.severity === 'error');
  if (parsed.config === undefined || errors.length > 0) {
    throw new BundleRefused(`${configFile} has errors: ${errors.map((d) => `${d.path || '/'}: ${d.message}`).join('; ')}`);
  }
  const paths = new Set<string>([configFile]);
  const notPacked: string[] = [];
  for (const reference of findReferences(parsed.config)) {
    const target = resolve(root, reference.path);
    let real: string;
    try {
      real = realpathSync(target);
    } catch {
      throw new BundleRefused(`${reference.by} references ${reference.path}, which does not exist in ${root}`);
    }
    if (real !== root && !real.startsWith(root + sep)) {
      throw new BundleRefused(`${reference.by} references ${reference.path}, which is outside ${root}: a bundle carries only files under its folder`);
    }
    for (const file of statSync(real).isDirectory() ? filesUnder(root, real) : [real]) paths.add(file);
  }
  for (const hook of parsed.config.hooks) {
    const pack = hook.rule?.pack;
    if (pack !== undefined && !pack.startsWith('.') && !pack.startsWith('hookwire:')) notPacked.push(`hook ${hook.id}: pack ${pack} (a module, resolved on the machine that loads the bundle)`);
  }
  const files = [...paths].map((file) => {
    const real = realpathSync(file);
    if (real !== root && !real.startsWith(root + sep)) throw new BundleRefused(`${file} links outside ${root}`);
    const path = relative(root, file).split(sep).join('/');
    if (!isSafeBundlePath(path)) throw new BundleRefused(`${file} cannot be carried by a bundle: its path ${JSON.stringify(path)} is not a plain relative path`);
    return { path, bytes: readFileSync(real), executable: (statSync(real).mode & 0o111) !== 0 };
  });
  return { ...makeBundle(files, revision), notPacked };
}
