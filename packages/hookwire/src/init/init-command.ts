import { resolve } from 'node:path';
import { HOOK_FILE_HOSTS, HOSTS, INIT_HOST_NAMES, PLUGIN_HOSTS, type HookFileHostName, type HostName, type PluginHostName } from '../hosts.js';
import { initProject, type InitChange, type InitReport } from './init-project.js';

const SETTINGS_FILES = [
  ...Object.entries(HOSTS).map(([name, host]) => `${host.settingsPath} for ${name}`),
  ...Object.entries(PLUGIN_HOSTS).map(([name, host]) => `a plugin file ${host.pluginPath} loading ${host.pluginPackage} for ${name}`),
  ...Object.entries(HOOK_FILE_HOSTS).map(([name, host]) => `one executable per event in ${host.hooksDir}/ for ${name}`),
].join(', ');

export const INIT_USAGE = `Usage: hookwire init [--host ${INIT_HOST_NAMES.join('|')}] [--dir DIR] [--dry-run] [--uninstall]

Sets a project up for hookwire: writes a starter .hookwire.json (when there is none) and adds one
entry per event to the host's settings that runs the project's own node_modules/.bin/hookwire
(${SETTINGS_FILES}). Running it again changes nothing.

  --host NAME   the host to set up (default claude; supported: ${INIT_HOST_NAMES.join(', ')})
  --dir DIR     the project directory (default: the current directory)
  --dry-run     print what would change, with the new files' text; write nothing
  --uninstall   remove what init adds: its settings entries, and the starter if it is unchanged
`;

const DONE = { create: 'created', update: 'updated', delete: 'deleted', keep: 'kept' } as const;
const WOULD = { create: 'would create', update: 'would update', delete: 'would delete', keep: 'would keep' } as const;

function formatChange(change: InitChange, dryRun: boolean): string {
  const line = `  ${(dryRun ? WOULD : DONE)[change.action]} ${change.file}: ${change.note}\n`;
  if (!dryRun || change.text === undefined) return line;
  return `${line}${change.text.replace(/\n$/, '').replace(/^/gm, '    | ')}\n`;
}

/** The report `hookwire init` prints: one line per file, then the notes. */
export function formatInitReport(report: InitReport, context: { dir: string; host: string; dryRun: boolean; uninstall: boolean }): string {
  const title = `hookwire init${context.uninstall ? ' --uninstall' : ''} (host ${context.host}) in ${context.dir}${context.dryRun ? ' (dry run: nothing written)' : ''}\n`;
  const changed = report.changes.some((change) => change.action !== 'keep');
  return (
    title +
    report.changes.map((change) => formatChange(change, context.dryRun)).join('') +
    (changed ? '' : '  nothing to change\n') +
    report.notes.map((note) => `note: ${note}\n`).join('')
  );
}

/** `hookwire init` with its flags read and its host checked (commands/init.ts): returns the exit code (1 when a file cannot be changed). */
export async function runInitCommand(values: { host?: HostName | PluginHostName | HookFileHostName; dir?: string; 'dry-run'?: boolean; uninstall?: boolean }): Promise<number> {
  const host = values.host ?? 'claude';
  const context = { dir: resolve(values.dir ?? '.'), host, dryRun: values['dry-run'] === true, uninstall: values.uninstall === true };
  try {
    const report = await initProject({ ...context });
    process.stdout.write(formatInitReport(report, context));
    return 0;
  } catch (error) {
    process.stderr.write(`hookwire init: ${(error as Error).message}\n`);
    return 1;
  }
}
