import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { HOOK_FILE_HOSTS, HOST_NAMES, HOSTS, INIT_HOST_NAMES, hostMarkers, PLUGIN_HOSTS, type HostProfile } from '../hosts.js';
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

export const INIT_USAGE = `Usage: hookwire init [--host ${INIT_HOST_NAMES.join('|')}|all ...] [--dir DIR | --user] [--dry-run] [--uninstall]

Sets a project up for hookwire: writes a starter .hookwire.json (when there is none) and adds one
entry per event to each host's settings that runs the project's own node_modules/.bin/hookwire
(${SETTINGS_FILES}). Running it again changes nothing.

  --host NAME   a host to set up (default claude; supported: ${INIT_HOST_NAMES.join(', ')});
                repeat it, or give a comma list (--host claude,gemini), for several.
                --host all: every host the project uses (whose settings folder is there:
                .claude/, .github/hooks/, .cursor/, .gemini/, .codex/, .crush.json, .letta/,
                .qwen/, .opencode/ or opencode.json, .pi/, .clinerules/)
  --dir DIR     the project directory (default: the current directory)
  --user        set up your own settings instead, for every project; the starter goes to the user
                config, $XDG_CONFIG_HOME/hookwire/config.json (default ~/.config/hookwire/config.json),
                and the hooks run this hookwire by its absolute path (install it globally first:
                npm install --global hookwire). The settings files:
${USER_FILES}
  --dry-run     print what would change, with the new files' text; write nothing
  --uninstall   remove what init adds: its settings entries, and the starter if it is unchanged
                and no other host's settings still run the bridge
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
  /** `host claude`, `hosts claude, gemini`, `hosts found: ...`. */
  host: string;
  dryRun: boolean;
  uninstall: boolean;
  user?: boolean;
}

/** The report `hookwire init` prints: one line per file, then the warnings and the notes. */
export function formatInitReport(report: InitReport, context: ReportContext): string {
  const flags = `${context.uninstall ? ' --uninstall' : ''}${context.user === true ? ' --user' : ''}`;
  const title = `hookwire init${flags} (${context.host}) in ${context.dir}${context.user === true ? ' (your user settings, for every project)' : ''}${context.dryRun ? ' (dry run: nothing written)' : ''}\n`;
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
