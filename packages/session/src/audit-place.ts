import { isAbsolute, join } from 'node:path';
import type { AuditLogSetting } from '@hookwire/contract';
import type { Logger } from '@hookwire/runtime';
import { openAuditFile, type AuditFile } from './audit-file.js';

/**
 * The size past which a log named by the config's `auditLog` is rotated: renamed to `FILE.1`
 * (replacing the one before) and started anew, so that one file for every project cannot grow
 * without end. 64 MiB is ~140,000 records of ~460 bytes: the page of `hookwire ui` reads it in
 * seconds. A `--log FILE` is never rotated (it is the user's, for their own rotation).
 */
export const AUDIT_LOG_MAX_BYTES = 64 * 1024 * 1024;

/** Where and how decisions are recorded without `--log`, from the config's `auditLog`. */
export interface AuditLogPlace {
  path: string;
  /** false: payloads left out of the records (as `--log-omit-payloads`). */
  payloads: boolean;
  /** Rotated past this size ({@link AUDIT_LOG_MAX_BYTES}). */
  maxBytes: number;
}

function homeOf(env: Record<string, string | undefined>): string {
  const home = env.HOME ?? env.USERPROFILE;
  return home !== undefined && home !== '' ? home : process.getBuiltinModule('node:os').homedir();
}

/**
 * The default place of the audit log: `$XDG_STATE_HOME/hookwire/audit.jsonl`, else
 * `~/.local/state/hookwire/audit.jsonl` (the XDG base directory specification's state folder: a
 * relative `$XDG_STATE_HOME` is ignored, as it says). One file for every project: each record
 * carries its `cwd` and its payload's `session_id`.
 */
export function defaultAuditLogPath(env: Record<string, string | undefined>): string {
  const state = env.XDG_STATE_HOME;
  const base = state !== undefined && state !== '' && isAbsolute(state) ? state : join(homeOf(env), '.local', 'state');
  return join(base, 'hookwire', 'audit.jsonl');
}

/** A path of `auditLog`: `~/` stands for the home folder; any other is absolute (the config's check made sure). */
function expandHome(path: string, env: Record<string, string | undefined>): string {
  return path.startsWith('~/') ? join(homeOf(env), path.slice(2)) : path;
}

/** The place the config's `auditLog` names, or undefined when it is unset or `false`. */
export function auditLogPlace(setting: AuditLogSetting | undefined, env: Record<string, string | undefined>): AuditLogPlace | undefined {
  if (setting === undefined || setting === false) return undefined;
  const given = setting === true ? undefined : typeof setting === 'string' ? setting : setting.path;
  const payloads = typeof setting === 'object' ? setting.payloads !== false : true;
  return { path: given === undefined ? defaultAuditLogPath(env) : expandHome(given, env), payloads, maxBytes: AUDIT_LOG_MAX_BYTES };
}

/**
 * The audit file of a long-lived command (`listen`, `serve`): `--log FILE` as given, else the
 * place the config's `auditLog` names (its folder made when missing, rotated past its size), else
 * none. Read once, at the start: a reload does not move the log.
 */
export function openCommandAudit(options: { logPath?: string; logOmitsPayloads?: boolean; setting: AuditLogSetting | undefined; env: Record<string, string | undefined>; logger: Logger }): { audit: AuditFile; omitsPayloads: boolean } | undefined {
  if (options.logPath !== undefined) return { audit: openAuditFile(options.logPath, options.logger), omitsPayloads: options.logOmitsPayloads === true };
  const place = auditLogPlace(options.setting, options.env);
  if (place === undefined) return undefined;
  return { audit: openAuditFile(place.path, options.logger, { maxBytes: place.maxBytes, createFolder: true }), omitsPayloads: !place.payloads };
}
