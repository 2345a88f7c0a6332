import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { parse as parseToml, stringify as stringifyToml } from 'smol-toml';
import { describeValue } from '@hookwire/contract';
import { MANAGED_FILES, managedHost, renderBridgeCommand, type HostProfile, type ManagedFileProfile, type ManagedHostName } from '../hosts.js';
import type { InitChange, InitReport } from './init-project.js';
import { applyChange } from './init-project.js';
import { detectLayout } from './json-layout.js';
import { appendMember, removeMember } from './json-text-edit.js';
import { addBridgeToText, readSettings, removeBridgeFromText } from './settings-text.js';

/** `hookwire init --managed`: where the files go and what their hooks run. */
export interface ManagedOptions {
  hosts: readonly ManagedHostName[];
  /** The folder the system paths are under: `/`, or `--root DIR` (staged for a package). */
  root: string;
  /** The node and hookwire bin the hooks run, by absolute paths. */
  node: string;
  bin: string;
  /** The organisation layer the hooks name with `--org-config`: the cached bundle's config. */
  orgConfig: string;
  platform: NodeJS.Platform;
  dryRun?: boolean;
  uninstall?: boolean;
}

/** A managed file is read by every user's host: readable by all, written by root (the mode a created file gets). */
const SYSTEM_FILE_MODE = 0o644;

async function readIfExists(path: string): Promise<string | undefined> {
  return existsSync(path) ? readFile(path, 'utf8') : undefined;
}

/** The managed profile of a host: its file relative to the root, with a created file starting with the lock (`allowManagedHooksOnly: true`). */
function profileOf(name: ManagedHostName, options: ManagedOptions): HostProfile {
  const file: ManagedFileProfile = MANAGED_FILES[name];
  const host = managedHost(name, options.platform, { node: options.node, bin: options.bin, orgConfig: options.orgConfig });
  return file.lockKey === undefined || file.format !== 'json' ? host : { ...host, header: { ...host.header, [file.lockKey]: true } };
}

/**
 * A JSON managed file (Claude Code, Cursor, Gemini CLI): the bridge entries appended as `init`
 * appends them to a project's settings, and the host's lock set to `true` when it is absent. A lock
 * set to `false` is the administrator's choice, which init does not overturn: it stops instead.
 */
function planJsonInstall(host: HostProfile, lockKey: string | undefined, existing: string | undefined): InitChange {
  const file = host.settingsPath;
  const edit = addBridgeToText(existing, host, file);
  let text = edit.text;
  const notes = edit.changed.length === 0 ? [] : [`the bridge runs on ${edit.changed.join(', ')}`];
  if (lockKey !== undefined) {
    const lock = readSettings(text, file)[lockKey];
    if (lock === false) throw new Error(`${file} sets ${lockKey} to false: set it to true (or remove it) yourself if every hook outside the managed settings is to be skipped, then run init --managed again`);
    if (lock === undefined) {
      text = appendMember(text, [], lockKey, true, detectLayout(text));
      notes.push(`${lockKey}: true`);
    } else if (lock !== true) {
      throw new Error(`${file}: "${lockKey}" must be true or false, received ${describeValue(lock)}`);
    }
  }
  if (text === existing) return { file, action: 'keep', note: `every event already runs the managed bridge${lockKey === undefined ? '' : `, and ${lockKey} is true`}` };
  return { file, action: existing === undefined ? 'create' : 'update', note: notes.join('; '), text, ...(existing === undefined ? { mode: SYSTEM_FILE_MODE } : {}) };
}

/**
 * Takes init's entries out of a JSON managed file; the lock goes too when no hook is left in the
 * file (a lock with no managed hook would leave the host running no hook at all), and the file
 * goes when nothing else is left in it.
 */
function planJsonUninstall(host: HostProfile, lockKey: string | undefined, existing: string | undefined): InitChange {
  const file = host.settingsPath;
  if (existing === undefined) return { file, action: 'keep', note: 'not there' };
  const edit = removeBridgeFromText(existing, host, file);
  if (edit.changed.length === 0) return { file, action: 'keep', note: 'holds no entry of init --managed: left as it is' };
  let text = edit.text;
  let settings = edit.settings;
  const lockGoes = lockKey !== undefined && settings[lockKey] === true && settings.hooks === undefined;
  if (lockGoes) {
    text = removeMember(text, [lockKey]);
    settings = readSettings(text, file);
  }
  const what = `the bridge removed from ${edit.changed.join(', ')}${lockGoes ? `, and ${lockKey} with it (no managed hook is left)` : lockKey !== undefined && settings[lockKey] === true ? `; ${lockKey} left as it is (other managed hooks are there)` : ''}`;
  if (Object.keys(settings).length === 0 || JSON.stringify(settings) === JSON.stringify(host.header ?? {})) return { file, action: 'delete', note: `nothing but init's entries was in it (${what})` };
  return { file, action: 'update', note: what, text };
}

/** The lines init adds to a `requirements.toml`: a block of hooks at the end, and the lock among the top-level keys; each is marked, so that init finds (and `--uninstall` removes) exactly them. */
const TOML_BEGIN = '# >>> hookwire init --managed: the hookwire bridge on every event (hookwire init --managed --uninstall --host codex takes it out)';
const TOML_END = '# <<< hookwire init --managed';
const TOML_LOCK = 'allow_managed_hooks_only = true # hookwire init --managed';

/** The text without what init added (the block and the lock line), byte for byte what was there before. */
function stripTomlAdditions(text: string): string {
  let rest = text;
  const begin = rest.indexOf(`${TOML_BEGIN}\n`);
  const end = rest.indexOf(`${TOML_END}\n`, begin);
  if (begin !== -1 && end !== -1) {
    // The block was appended after one blank line (none in an empty file): that goes with it.
    const start = rest.slice(0, begin).endsWith('\n\n') ? begin - 1 : begin;
    rest = rest.slice(0, start) + rest.slice(end + TOML_END.length + 1);
  }
  return rest.replace(`${TOML_LOCK}\n`, '');
}

function parseTomlFile(text: string, file: string): Record<string, unknown> {
  try {
    return parseToml(text) as Record<string, unknown>;
  } catch (error) {
    throw new Error(`${file} is not valid TOML: ${(error as Error).message.split('\n')[0]}`, { cause: error });
  }
}

/** The `[hooks]` of Codex's requirements: the same shape as its hooks.json, one entry per event running the bridge. */
function renderTomlBlock(host: HostProfile): string {
  const hooks = Object.fromEntries(
    host.events.map(({ name, matcher }) => {
      const hook = { type: 'command', command: renderBridgeCommand(host, name), timeout: host.timeout };
      return [name, [matcher ? { matcher: '*', hooks: [hook] } : { hooks: [hook] }]];
    }),
  );
  return `${TOML_BEGIN}\n${stringifyToml({ hooks }).trim()}\n${TOML_END}\n`;
}

/**
 * Codex's `requirements.toml`: TOML has no way back to the top-level table after a `[table]`, so the
 * lock goes in as a line before the first table (unless the file already sets it to true) and the
 * hooks as a block at the end, each marked. The result must parse, keep the lock, and give every
 * event its bridge last; else nothing is written.
 */
export function planTomlInstall(host: HostProfile, existing: string | undefined): InitChange {
  const file = host.settingsPath;
  const own = existing === undefined ? '' : stripTomlAdditions(existing);
  const before = parseTomlFile(own, file);
  const lock = before.allow_managed_hooks_only;
  if (lock === false) throw new Error(`${file} sets allow_managed_hooks_only = false: set it to true (or remove it) yourself if every hook outside the requirements is to be skipped, then run init --managed again`);
  let text = own;
  if (lock !== true) {
    const table = /^[ \t]*\[/m.exec(text);
    text = table === null ? `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}${TOML_LOCK}\n` : `${text.slice(0, table.index)}${TOML_LOCK}\n${text.slice(table.index)}`;
  }
  const block = renderTomlBlock(host);
  text = text.trim() === '' ? `${text}${block}` : `${text}${text.endsWith('\n') ? '' : '\n'}\n${block}`;
  let after: Record<string, unknown>;
  try {
    after = parseTomlFile(text, file);
  } catch (error) {
    throw new Error(`${(error as Error).message} once init's lines are added (its own [hooks] may be written in a form they cannot join): add the hooks of hookwire init --managed --dry-run --host codex yourself`, { cause: error });
  }
  const hooks = (after.hooks ?? {}) as Record<string, { hooks?: { command?: unknown }[] }[]>;
  const wired = host.events.every(({ name }) => hooks[name]?.at(-1)?.hooks?.[0]?.command === renderBridgeCommand(host, name));
  if (after.allow_managed_hooks_only !== true || !wired) throw new Error(`${file}: init's lines do not read back as the lock and the bridge on every event; nothing was changed`);
  if (text === existing) return { file, action: 'keep', note: 'every event already runs the managed bridge, and allow_managed_hooks_only is true' };
  const note = `the bridge runs on ${host.events.map(({ name }) => name).join(', ')}${lock === true ? '' : '; allow_managed_hooks_only = true'}`;
  return { file, action: existing === undefined ? 'create' : 'update', note, text, ...(existing === undefined ? { mode: SYSTEM_FILE_MODE } : {}) };
}

export function planTomlUninstall(host: HostProfile, existing: string | undefined): InitChange {
  const file = host.settingsPath;
  if (existing === undefined) return { file, action: 'keep', note: 'not there' };
  const rest = stripTomlAdditions(existing);
  if (rest === existing) return { file, action: 'keep', note: 'holds no lines of init --managed: left as it is' };
  if (rest.trim() === '') return { file, action: 'delete', note: "nothing but init's lines was in it" };
  return { file, action: 'update', note: "init's lines removed (the hooks block, and the allow_managed_hooks_only line it added)", text: rest };
}

/** Plans every host's managed file before writing any: a file init cannot change changes nothing. */
export async function initManaged(options: ManagedOptions): Promise<InitReport> {
  const report: InitReport = { changes: [], notes: [], warnings: [] };
  for (const name of options.hosts) {
    const host = profileOf(name, options);
    const managed: ManagedFileProfile = MANAGED_FILES[name];
    const existing = await readIfExists(join(options.root, host.settingsPath));
    try {
      if (managed.format === 'toml') report.changes.push(options.uninstall ? planTomlUninstall(host, existing) : planTomlInstall(host, existing));
      else report.changes.push(options.uninstall ? planJsonUninstall(host, managed.lockKey, existing) : planJsonInstall(host, managed.lockKey, existing));
    } catch (error) {
      throw new Error(`${(error as Error).message}; nothing was changed`, { cause: error });
    }
    if (!options.uninstall) report.notes.push(managed.locks);
  }
  if (!options.uninstall) {
    report.notes.push(`the managed hooks run ${options.node} ${options.bin} by absolute paths, with the organisation layer ${options.orgConfig}, and block every event where they cannot run (either path gone, the organisation layer missing or broken): after upgrading or moving node or hookwire, run hookwire init --managed again`);
    if (/^(\/home\/|\/root\/|\/Users\/)/.test(options.bin) || options.bin.includes(`${sep}node_modules${sep}.pnpm${sep}`)) {
      report.warnings.push(`${options.bin} is not a system-wide install (it is in a home folder or a project): the managed hooks of every user run it; install hookwire globally as root (npm install --global hookwire) and run that one's init --managed`);
    }
  }
  if (!options.dryRun) for (const change of report.changes) await applyChange(options.root, change);
  return report;
}
