import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { findCommandTarget, parseConfig, type HookSpec } from '@hookwire/contract';
import { checkConfig } from '@hookwire/runtime';
import { CONFIG_ENV_VAR, locateConfig, locateUserConfig, PROJECT_CONFIG_NAME } from '../config-location.js';
import { ok, problem, note, type ConfigLayer, type Finding } from './findings.js';

export interface ConfigReport {
  layers: ConfigLayer[];
  findings: Finding[];
  /** Whether some layer has a `type: "rule"` hook with a pack (the live check then sends a dangerous-looking call too). */
  hasRulePack: boolean;
}

/**
 * The config layers a bridge started in the project would load: the one call of the config lookup
 * in doctor, so that a change of the lookup (upward discovery, its layer list) reaches doctor here.
 */
function locateLayers(explicit: readonly string[] | undefined, env: Record<string, string | undefined>, projectDir: string, home: string): ConfigLayer[] {
  const files = locateConfig({ explicit, env, cwd: projectDir, home });
  const user = locateUserConfig(env, home);
  const fromEnv = (env[CONFIG_ENV_VAR] ?? '') !== '';
  return files.map((file) => ({ file, from: explicit !== undefined && explicit.length > 0 ? 'flag' : fromEnv ? 'env' : resolve(file) === resolve(user) ? 'user' : 'project' }));
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
export async function checkConfigLayers(options: { explicit?: readonly string[]; env: Record<string, string | undefined>; projectDir: string; home: string }): Promise<ConfigReport> {
  let layers: ConfigLayer[];
  try {
    layers = locateLayers(options.explicit, options.env, options.projectDir, options.home);
  } catch (error) {
    return {
      layers: [],
      hasRulePack: false,
      findings: [problem('config', (error as Error).message, `create ${PROJECT_CONFIG_NAME} with hookwire init, or pass --config FILE`)],
    };
  }
  const findings: Finding[] = layers.map((layer) => (existsSync(layer.file) ? ok('layer', `loads ${layer.file} (${layer.from})`, layer.file) : problem('layer', `${layer.file} (${layer.from}) does not exist`, `create it, or stop naming it`, layer.file)));
  const diagnostics = await checkConfig(layers.map((layer) => layer.file), options.env);
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
