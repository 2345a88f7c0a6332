import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isRecord } from '@hookwire/contract';
import { PLUGIN_HOSTS } from '../hosts.js';
import { ok, problem, type Finding, type HostReport, type SettingsLevel } from './findings.js';
import { reportPluginHost, type PluginRegistration } from './plugin-report.js';
import { readJsonValue, type DoctorPlaces } from './host-files.js';

const PACKAGE = PLUGIN_HOSTS.opencode.pluginPackage;

/** OpenCode's config folders: the project's `.opencode/` and the user's `$XDG_CONFIG_HOME/opencode/` (else `~/.config/opencode/`). */
function configDirs(places: DoctorPlaces): { dir: string; level: SettingsLevel; configFiles: string[] }[] {
  const xdg = places.env.XDG_CONFIG_HOME !== undefined && places.env.XDG_CONFIG_HOME !== '' ? places.env.XDG_CONFIG_HOME : join(places.home, '.config');
  const user = join(xdg, 'opencode');
  return [
    { dir: join(places.projectDir, '.opencode'), level: 'project', configFiles: [join(places.projectDir, 'opencode.json'), join(places.projectDir, 'opencode.jsonc'), join(places.projectDir, '.opencode', 'opencode.json')] },
    { dir: user, level: 'user', configFiles: [join(user, 'opencode.json'), join(user, 'opencode.jsonc')] },
  ];
}

/** Plugin files (`{plugin,plugins}/*.{js,ts}`) that load hookwire's plugin package. */
function listPluginFiles(dir: string): string[] {
  return ['plugin', 'plugins'].flatMap((sub) => {
    let names: string[];
    try {
      names = readdirSync(join(dir, sub));
    } catch {
      return [];
    }
    return names
      .filter((name) => /\.(js|ts|mjs)$/.test(name))
      .map((name) => join(dir, sub, name))
      .filter((file) => readFileSync(file, 'utf8').includes(PACKAGE));
  });
}

/** The entries of an `opencode.json` `plugin` list that name hookwire's plugin package (`"@hookwire/opencode"` or `["@hookwire/opencode", {...}]`). */
function countListed(config: unknown): number {
  if (!isRecord(config) || !Array.isArray(config.plugin)) return 0;
  return config.plugin.filter((entry) => {
    const name = Array.isArray(entry) ? entry[0] : entry;
    return typeof name === 'string' && (name === PACKAGE || name.startsWith(`${PACKAGE}@`));
  }).length;
}

/**
 * OpenCode: hooks are plugins, so "wired" means hookwire's plugin is loaded — by a plugin file or
 * an `opencode.json` `plugin` entry — exactly once, and its package is installed in the project.
 */
export function checkOpenCode(places: DoctorPlaces): HostReport | undefined {
  const files: string[] = [];
  const registrations: PluginRegistration[] = [];
  for (const { dir, level, configFiles } of configDirs(places)) {
    for (const file of listPluginFiles(dir)) registrations.push({ file, level });
    for (const file of configFiles) {
      if (!existsSync(file)) continue;
      files.push(file);
      const count = countListed(readJsonValue(file));
      for (let n = 0; n < count; n++) registrations.push({ file, level });
    }
  }
  if (files.length === 0 && registrations.length === 0) return undefined;
  const installed = join(places.projectDir, 'node_modules', ...PACKAGE.split('/'), 'package.json');
  const findings: Finding[] =
    registrations.length === 0
      ? []
      : [existsSync(installed) ? ok('program', `${PACKAGE} is installed in the project`) : problem('program', `${PACKAGE} is not installed in ${places.projectDir}: OpenCode cannot load the plugin`, `npm install --save-dev ${PACKAGE}`)];
  return reportPluginHost({
    host: 'opencode',
    what: PACKAGE,
    files,
    registrations,
    absent: 'OpenCode is set up here, without hookwire (hookwire init --host opencode adds it)',
    duplicateFix: `keep one: the plugin file ${PLUGIN_HOSTS.opencode.pluginPath} or the opencode.json "plugin" entry, not both`,
    findings,
  });
}
