import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { findCommandTarget, parseConfig, type HookSpec } from '@hookwire/contract';
import { checkConfig } from '@hookwire/runtime';
import { CONFIG_ENV_VAR, locateConfig, locateOrgConfig, locateUserConfig, PROJECT_CONFIG_NAME } from '../config-location.js';
import { ok, problem, note, type ConfigLayer, type Finding } from './findings.js';

export interface ConfigReport {
  layers: ConfigLayer[];
  findings: Finding[];
  /** Whether some layer has a `type: "rule"` hook with a pack (the live check then sends a dangerous-looking call too). */
  hasRulePack: boolean;
}

/**
 * The config layers a bridge started in the project would load: the organisation's first (named
 * by `--org-config` on a host's bridge line, else as the bridge finds it: `$HOOKWIRE_ORG_CONFIG`,
 * or the bundle `bundle pull` cached), then the one call of the config lookup in doctor, so that a
 * change of the lookup (upward discovery, its layer list) reaches doctor here. With an
 * organisation layer, finding no other layer is not an error (its hooks run alone).
 */
function locateLayers(explicit: readonly string[] | undefined, env: Record<string, string | undefined>, projectDir: string, home: string, orgOnLines: readonly string[]): ConfigLayer[] {
  const org = orgOnLines.length > 0 ? [...new Set(orgOnLines)] : locateOrgConfig({ explicit, env, cwd: projectDir, home });
  const files = locateConfig({ explicit, env, cwd: projectDir, home, allowNone: org.length > 0 });
  const user = locateUserConfig(env, home);
  const fromEnv = (env[CONFIG_ENV_VAR] ?? '') !== '';
  return [
    ...org.map((file): ConfigLayer => ({ file, from: 'org' })),
    ...files.map((file): ConfigLayer => ({ file, from: explicit !== undefined && explicit.length > 0 ? 'flag' : fromEnv ? 'env' : resolve(file) === resolve(user) ? 'user' : 'project' })),
  ];
}

/** The files named by `--org-config` on bridge command lines (a managed install writes it there), as the shell would read each word. */
export function findOrgConfigOnLines(commands: readonly string[]): string[] {
  const found: string[] = [];
  for (const command of commands) {
    for (const match of command.matchAll(/--org-config(?:=|\s+)('([^']*)'|"([^"]*)"|([^\s;&|]+))/g)) found.push(match[2] ?? match[3] ?? match[4]!);
  }
  return found;
}

function readHooks(file: string): HookSpec[] {
  try {
    return parseConfig(JSON.parse(readFileSync(file, 'utf8')), { source: file }).config?.hooks ?? [];
  } catch {
    return [];
  }
}

/** Command hooks whose program or script is a relative path: hosts run hooks in the project folder, so that is where it must exist. */
function checkRelativePaths(hooks: readonly HookSpec[], projectDir: string): Finding[] {
  const found: Finding[] = [];
  for (const hook of hooks) {
    if (hook.type !== 'command' || hook.command === undefined) continue;
    const target = findCommandTarget(hook.command);
    for (const path of [target?.program, target?.script]) {
      if (path === undefined || isAbsolute(path) || !path.includes('/') || path.includes('$') || path.startsWith('~')) continue;
      if (!existsSync(resolve(projectDir, path))) {
        found.push(problem('program', `hook ${hook.id} (${hook.source ?? 'config'}) runs ${JSON.stringify(path)}, which does not exist in the project folder ${projectDir}`, `restore ${path}, or fix the hook's command`, hook.source));
      }
    }
  }
  return found;
}

/** Which config layers load and from where, and what `hookwire check` finds in them (errors are problems, warnings notes). */
export async function checkConfigLayers(options: { explicit?: readonly string[]; env: Record<string, string | undefined>; projectDir: string; home: string; orgOnLines?: readonly string[] }): Promise<ConfigReport> {
  let layers: ConfigLayer[];
  try {
    layers = locateLayers(options.explicit, options.env, options.projectDir, options.home, options.orgOnLines ?? []);
  } catch (error) {
    return {
      layers: [],
      hasRulePack: false,
      findings: [problem('config', (error as Error).message, `create ${PROJECT_CONFIG_NAME} with hookwire init, or pass --config FILE`)],
    };
  }
  const findings: Finding[] = layers.map((layer) => (existsSync(layer.file) ? ok('layer', `loads ${layer.file} (${layer.from})`, layer.file) : problem('layer', `${layer.file} (${layer.from}) does not exist`, layer.from === 'org' ? 'install the organisation\'s bundle there (hookwire bundle pull URL --bundle-key PUBLIC.pem, with --cache for a managed install), or fix the line that names it' : 'create it, or stop naming it', layer.file)));
  const diagnostics = await checkConfig(layers.filter((layer) => layer.from !== 'org').map((layer) => layer.file), options.env, layers.filter((layer) => layer.from === 'org').map((layer) => layer.file));
  const hooks = layers.flatMap((layer) => readHooks(layer.file));
  if (!diagnostics.some((d) => d.severity === 'error')) {
    const distinct = new Set(hooks.map((hook) => `${hook.source ?? ''}#${hook.pointer}`)).size;
    findings.push(ok('config', `${distinct} hook${distinct === 1 ? '' : 's'} load without config errors`));
  }
  for (const d of diagnostics) {
    const where = `${d.file ?? ''}${d.path === '' ? '' : `${d.file === undefined ? '' : ' '}${d.path}`}`;
    const message = `${where === '' ? '' : `${where}: `}${d.message}`;
    findings.push(d.severity === 'error' ? problem('config', message, 'fix it (hookwire check shows every diagnostic); a hook that fails runs on every event until then', d.file) : note('config', message, undefined, d.file));
  }
  findings.push(...checkRelativePaths(hooks, options.projectDir));
  return { layers, findings, hasRulePack: hooks.some((hook) => hook.type === 'rule' && hook.rule?.pack !== undefined) };
}
