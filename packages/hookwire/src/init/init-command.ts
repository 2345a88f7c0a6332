import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { cachedBundleConfig } from '../config-location.js';
import { HOOK_FILE_HOSTS, HOST_NAMES, HOSTS, INIT_HOST_NAMES, hostMarkers, MANAGED_FILES, MANAGED_HOST_NAMES, PLUGIN_HOSTS, type HostProfile, type ManagedHostName } from '../hosts.js';
import { initManaged } from './init-managed.js';
import { initProject, refuseUserPluginHosts, type InitChange, type InitHostName, type InitReport, type UserScope } from './init-project.js';

const SETTINGS_FILES = [
  ...Object.entries(HOSTS).map(([name, host]) => `${host.settingsPath} for ${name}`),
  ...Object.entries(PLUGIN_HOSTS).map(([name, host]) => `a plugin file ${host.pluginPath} loading ${host.pluginPackage} for ${name}`),
  ...Object.entries(HOOK_FILE_HOSTS).map(([name, host]) => `one executable per event in ${host.hooksDir}/ for ${name}`),
].join(', ');

const USER_FILES = HOST_NAMES.map((name) => {
  const { dir, dirVar, dirVarSub, file } = (HOSTS[name] as HostProfile).userSettings;
  return `                  ${name.padEnd(8)} ~/${dir}/${file}${dirVar === undefined ? '' : ` ($${dirVar}/${dirVarSub === undefined ? '' : `${dirVarSub}/`}${file} when set)`}`;
}).join('\n');

const MANAGED_PATHS = MANAGED_HOST_NAMES.map((name) => `                  ${name.padEnd(8)} /${MANAGED_FILES[name].linux}${MANAGED_FILES[name].darwin === MANAGED_FILES[name].linux ? '' : ` (macOS: /${MANAGED_FILES[name].darwin})`}`).join('\n');

/** Where a managed install's hooks find the organisation layer by default: the system-wide bundle cache a root timer fills with `bundle pull --cache`. */
export function defaultManagedCache(platform: NodeJS.Platform): string {
  return platform === 'darwin' ? '/Library/Caches/hookwire/bundle' : '/var/cache/hookwire/bundle';
}

export const INIT_USAGE = `Usage: hookwire init [--host ${INIT_HOST_NAMES.join('|')}|all ...] [--dir DIR | --user] [--dry-run] [--uninstall]
       hookwire init --managed [--host ${MANAGED_HOST_NAMES.join('|')} ...] [--root DIR] [--cache DIR] [--dry-run] [--uninstall]

Sets a project up for hookwire: writes a starter .hookwire.json (when there is none) and adds one
entry per event to each host's settings that runs the project's own node_modules/.bin/hookwire
(${SETTINGS_FILES}). Running it again changes nothing.

  --host NAME   a host to set up (default claude; supported: ${INIT_HOST_NAMES.join(', ')});
                repeat it, or give a comma list (--host claude,gemini), for several.
                --host all: every host the project uses (whose settings folder is there:
                .claude/, .github/hooks/, .cursor/, .gemini/, .codex/, .crush.json, .letta/,
                .qwen/, .opencode/ or opencode.json, .pi/, .openclaw/, .clinerules/)
  --dir DIR     the project directory (default: the current directory)
  --user        set up your own settings instead, for every project; the starter goes to the user
                config, $XDG_CONFIG_HOME/hookwire/config.json (default ~/.config/hookwire/config.json),
                and the hooks run this hookwire by its absolute path (install it globally first:
                npm install --global hookwire). The settings files:
${USER_FILES}
  --dry-run     print what would change, with the new files' text; write nothing
  --uninstall   remove what init adds: its settings entries, and the starter if it is unchanged
                and no other host's settings still run the bridge

  --managed     write each host's managed (system-wide) file instead, for every user and project
                (default host claude; docs/fleet.md): one entry per event that runs this node and
                this hookwire by absolute paths (install it globally as root first), with the
                organisation layer --org-config <cache>/current/.hookwire.json and --on-error block,
                and blocks where they cannot run; Claude Code's and Codex's files also lock every
                other hook out (allowManagedHooksOnly, allow_managed_hooks_only). No starter. The files:
${MANAGED_PATHS}
  --root DIR    with --managed: write the files under DIR (DIR/etc/claude-code/...) for an MDM or
                system package to install, instead of the system's (which needs root)
  --cache DIR   with --managed: the bundle cache the hooks load the organisation layer from
                (default ${defaultManagedCache('linux')}; macOS: ${defaultManagedCache('darwin')});
                fill it as root with hookwire bundle pull URL --bundle-key PUBLIC.pem --cache DIR
`;

const DONE = { create: 'created', update: 'updated', delete: 'deleted', keep: 'kept' } as const;
const WOULD = { create: 'would create', update: 'would update', delete: 'would delete', keep: 'would keep' } as const;

function formatChange(change: InitChange, dryRun: boolean): string {
  const line = `  ${(dryRun ? WOULD : DONE)[change.action]} ${change.file}: ${change.note}\n`;
  if (!dryRun || change.text === undefined) return line;
  return `${line}${change.text.replace(/\n$/, '').replace(/^/gm, '    | ')}\n`;
}

interface ReportContext {
  dir: string;
  /** `--managed`: the title names the root the files are under. */
  managed?: 'system' | 'staged';
  /** `host claude`, `hosts claude, gemini`, `hosts found: ...`. */
  host: string;
  dryRun: boolean;
  uninstall: boolean;
  user?: boolean;
}

/** The report `hookwire init` prints: one line per file, then the warnings and the notes. */
export function formatInitReport(report: InitReport, context: ReportContext): string {
  const flags = `${context.managed === undefined ? '' : ' --managed'}${context.uninstall ? ' --uninstall' : ''}${context.user === true ? ' --user' : ''}`;
  const where = context.user === true ? ' (your user settings, for every project)' : context.managed === 'system' ? " (the system's managed files, for every user)" : context.managed === 'staged' ? ' (staged: the files a package installs under /)' : '';
  const title = `hookwire init${flags} (${context.host}) in ${context.dir}${where}${context.dryRun ? ' (dry run: nothing written)' : ''}\n`;
  const changed = report.changes.some((change) => change.action !== 'keep');
  return (
    title +
    report.changes.map((change) => formatChange(change, context.dryRun)).join('') +
    (changed ? '' : '  nothing to change\n') +
    report.warnings.map((warning) => `warning: ${warning}\n`).join('') +
    report.notes.map((note) => `note: ${note}\n`).join('')
  );
}

/**
 * The hookwire bin this process runs from, by its real path: the package's `bin` (dist/hookwire.cjs)
 * when this is the hookwire package (started through node_modules/.bin, lib/index.js, ...), else
 * the script itself. A user-level install names it: no project's node_modules is every project's.
 */
function locateOwnBin(): string {
  const script = realpathSync(process.argv[1] ?? '');
  const root = dirname(dirname(script));
  try {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name?: unknown; bin?: { hookwire?: unknown } };
    if (manifest.name === 'hookwire' && typeof manifest.bin?.hookwire === 'string') return resolve(root, manifest.bin.hookwire);
  } catch {
    // Not inside the package: the script is the bin.
  }
  return script;
}

/** A path in the home folder as `~/...` (a marker is relative to it, or absolute when a variable names the folder). */
function showInHome(path: string, home: string): string {
  if (!isAbsolute(path)) return `~/${path}`;
  return path.startsWith(`${home}/`) ? `~/${path.slice(home.length + 1)}` : path;
}

/** `hookwire init --host all`: the hosts whose settings folder (or file) is there, in the host table's order. */
function findHosts(base: string, user: boolean): InitHostName[] {
  return INIT_HOST_NAMES.filter((name) => hostMarkers(name, user, process.env).some((marker) => existsSync(resolve(base, marker))));
}

/** `hookwire init` with its flags read and its hosts checked (commands/init.ts): returns the exit code (1 when a file cannot be changed, 2 when `--host all` finds none). */
export async function runInitCommand(values: { hosts?: InitHostName[] | 'all'; dir?: string; 'dry-run'?: boolean; uninstall?: boolean; user?: boolean }): Promise<number> {
  const dir = resolve(values.dir ?? '.');
  const user: UserScope | undefined = values.user === true ? { home: resolve(process.env.HOME || homedir()), env: process.env, bin: locateOwnBin() } : undefined;
  let hosts: InitHostName[] = values.hosts === undefined || values.hosts.length === 0 ? ['claude'] : values.hosts === 'all' ? [] : values.hosts;
  let label = `host${hosts.length === 1 ? '' : 's'} ${hosts.join(', ')}`;
  if (values.hosts === 'all') {
    const base = user?.home ?? dir;
    hosts = findHosts(base, user !== undefined);
    if (hosts.length === 0) {
      const names = user === undefined ? INIT_HOST_NAMES : Object.keys(HOSTS);
      const markers = names.flatMap((name) => hostMarkers(name as InitHostName, user !== undefined, process.env).map((marker) => (user === undefined ? marker : showInHome(marker, user.home))));
      throw new Error(`--host all found no host ${user === undefined ? `in ${dir}` : 'in your home folder'}: none of ${markers.join(', ')} is there; name the host to set up instead, e.g. --host claude (supported: ${names.join(', ')})`);
    }
    label = `hosts found: ${hosts.join(', ')}`;
  }
  // Not a file that cannot be changed (1): a setup init cannot do (2).
  if (user !== undefined) refuseUserPluginHosts(hosts);
  const context = { dir: user?.home ?? dir, host: label, dryRun: values['dry-run'] === true, uninstall: values.uninstall === true, user: user !== undefined };
  try {
    const report = await initProject({ dir, hosts, dryRun: context.dryRun, uninstall: context.uninstall, ...(user === undefined ? {} : { user }) });
    process.stdout.write(formatInitReport(report, context));
    return 0;
  } catch (error) {
    process.stderr.write(`hookwire init: ${(error as Error).message}\n`);
    return 1;
  }
}

/**
 * `hookwire init --managed` (commands/init.ts checked its flags): the managed files under `root`
 * (`--root`, else `/`, which needs root). Returns the exit code: 1 when a file cannot be changed.
 */
export async function runManagedInitCommand(values: { hosts: readonly ManagedHostName[]; root?: string; cache?: string; 'dry-run'?: boolean; uninstall?: boolean }): Promise<number> {
  const platform = process.platform;
  if (platform !== 'linux' && platform !== 'darwin') throw new Error(`--managed writes the managed files of Linux and macOS; this is ${platform}`);
  const hosts = values.hosts.length === 0 ? (['claude'] as const) : values.hosts;
  const root = values.root === undefined ? '/' : resolve(values.root);
  if (values.root === undefined && values['dry-run'] !== true && process.getuid?.() !== 0) {
    const files = hosts.map((name) => `/${platform === 'darwin' ? MANAGED_FILES[name].darwin : MANAGED_FILES[name].linux}`).join(', ');
    throw new Error(`--managed writes the system's files (${files}), which needs root: run it as root (sudo), or give --root DIR to stage the files for a package`);
  }
  const cache = resolve(values.cache ?? defaultManagedCache(platform));
  const orgConfig = cachedBundleConfig(cache);
  const context = { dir: root, host: `host${hosts.length === 1 ? '' : 's'} ${hosts.join(', ')}`, dryRun: values['dry-run'] === true, uninstall: values.uninstall === true, managed: values.root === undefined ? ('system' as const) : ('staged' as const) };
  try {
    const report = await initManaged({ hosts, root, node: process.execPath, bin: locateOwnBin(), orgConfig, platform, dryRun: context.dryRun, uninstall: context.uninstall });
    if (!context.uninstall && !existsSync(orgConfig)) {
      report.notes.push(`the organisation layer ${orgConfig} is not there${values.root === undefined ? '' : ' on this machine'} yet: until it is, the managed hooks block every event; install it as root with hookwire bundle pull URL --bundle-key PUBLIC.pem --cache ${cache}, from a timer (docs/fleet.md)`);
    }
    const shown = values.root === undefined ? { ...report, changes: report.changes.map((change) => ({ ...change, file: `/${change.file}` })) } : report;
    process.stdout.write(formatInitReport(shown, context));
    return 0;
  } catch (error) {
    process.stderr.write(`hookwire init: ${(error as Error).message}\n`);
    return 1;
  }
}
