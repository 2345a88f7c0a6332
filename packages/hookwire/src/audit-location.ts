import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describeConfig } from '@hookwire/runtime';
import { auditLogPlace, defaultAuditLogPath } from '@hookwire/session';
import { locateConfig, locateOrgConfig } from './config-location.js';

/** The audit log a viewer (`ui`, `log`) reads, and where it came from; or why there is none. */
export type FoundAuditLog = { ok: true; path: string; from: 'flag' | 'config' | 'default' } | { ok: false; message: string };

/**
 * The log `hookwire ui` and `hookwire log` read: `--log FILE`, else the place the config's
 * `auditLog` names (the config found as the bridge finds it from `cwd`, the organisation layer
 * first), else the default place when a log is there (the config is missing or broken, but a
 * config had recorded there). Otherwise a message that says what was looked at and what to do.
 */
export async function findAuditLog(options: { flag?: string; env: Record<string, string | undefined>; cwd?: string }): Promise<FoundAuditLog> {
  const cwd = options.cwd ?? process.cwd();
  if (options.flag !== undefined) return { ok: true, path: resolve(cwd, options.flag), from: 'flag' };
  const fallback = defaultAuditLogPath(options.env);
  const orgPaths = locateOrgConfig({ env: options.env, cwd });
  let paths: string[];
  try {
    paths = locateConfig({ env: options.env, cwd, allowNone: orgPaths.length > 0 });
  } catch (error) {
    if (existsSync(fallback)) return { ok: true, path: fallback, from: 'default' };
    return { ok: false, message: `no audit log to read: ${(error as Error).message.replace(/; pass --config FILE.*$/, '')}, and nothing was recorded in the default place (${fallback}); pass --log FILE, or run "npx hookwire init" (its config records every decision there)` };
  }
  const config = await describeConfig(paths, orgPaths);
  const files = [...orgPaths, ...paths].join(', ');
  if (!config.ok) {
    if (existsSync(fallback)) return { ok: true, path: fallback, from: 'default' };
    const first = config.diagnostics.find((d) => d.severity === 'error') ?? config.diagnostics[0];
    return { ok: false, message: `no audit log to read: the config (${files}) has an error${first === undefined ? '' : ` (${first.path || '/'}: ${first.message})`}, and nothing was recorded in the default place (${fallback}); pass --log FILE, or fix the config (npx hookwire check)` };
  }
  const place = auditLogPlace(config.auditLog, options.env);
  if (place === undefined) {
    return { ok: false, message: `no audit log to read: the config (${files}) does not record decisions (${config.auditLog === false ? '"auditLog": false' : 'no "auditLog" setting'}); add "auditLog": true to it (records go to ${fallback}), or pass --log FILE (a log written by run, listen or serve --log)` };
  }
  return { ok: true, path: place.path, from: 'config' };
}
