import { existsSync } from 'node:fs';
import { chmod, readFile, rmdir, unlink } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { locateUserConfig, PROJECT_CONFIG_NAME } from '../config-location.js';
import { HOOK_FILE_HOSTS, HOST_NAMES, HOSTS, isHookFileHostName, isPluginHostName, PLUGIN_HOSTS, renderHookFiles, userHost, type HookFileHostName, type HookFileHostProfile, type HostName, type HostProfile, type PluginHostName, type PluginHostProfile } from '../hosts.js';
import { isLink, replaceFile } from './replace-file.js';
import { listBridgedEvents, listNpxBridges } from './settings-bridge.js';
import { addBridgeToText, readSettings, removeBridgeFromText } from './settings-text.js';
import { isStarterText, renderStarterConfig, SCHEMA_REFS } from './starter-config.js';

export type InitHostName = HostName | PluginHostName | HookFileHostName;

/** A user-level install (`init --user`): the user's own settings, for every project. */
export interface UserScope {
  /** The home folder (`$HOME`): the user settings are under it, unless a host's variable moves them (`CODEX_HOME`, ...). */
  home: string;
  /** The environment that names the user config (`XDG_CONFIG_HOME`) and the hosts' settings folders. */
  env: Record<string, string | undefined>;
  /** The absolute path of the installed hookwire bin the user-level commands run. */
  bin: string;
}

export interface InitOptions {
  /** The project directory (with `user`: where init was started, for its notes). */
  dir: string;
  /** One host (the default when `hosts` is not given: claude). */
  host?: InitHostName;
  /** The hosts to set up or take down, in one plan: one starter for all. */
  hosts?: readonly InitHostName[];
  /** Report what would change, write nothing. */
  dryRun?: boolean;
  /** Remove what `init` adds instead of adding it. */
  uninstall?: boolean;
  /** Set up the user's own settings instead of the project's. */
  user?: UserScope;
}

/** One file `init` looked at: what it did (or, dry, would do) and why. */
export interface InitChange {
  /** Relative to the project directory (with `--user`: to the home folder), or absolute outside it. */
  file: string;
  action: 'create' | 'update' | 'delete' | 'keep';
  note: string;
  /** The new text, for `create` and `update`. */
  text?: string;
  /** For a `delete`: the text left without init's entries, written instead when the file is a link. */
  remainder?: string;
  /** The mode a created file gets (a hook file: executable). */
  mode?: number;
}

export interface InitReport {
  changes: InitChange[];
  /** Things the user should know that change no file (the bin not installed yet, ...). */
  notes: string[];
  /** Setups that do something the user did not mean (a host that would run every hook twice). */
  warnings: string[];
}

/**
 * Where one init works: the folder its files are relative to, the config it starts, and each
 * host's profile there (a project's, or a user-level one running the installed bin).
 */
interface Scope {
  base: string;
  user?: UserScope;
  /** The config file, relative to `base` (absolute outside it). */
  configFile: string;
  profile(name: HostName): HostProfile;
}

function makeScope(options: InitOptions): Scope {
  const user = options.user;
  if (user === undefined) return { base: options.dir, configFile: PROJECT_CONFIG_NAME, profile: (name) => HOSTS[name] };
  const config = locateUserConfig(user.env, user.home);
  return { base: user.home, user, configFile: shortPath(user.home, config), profile: (name) => userHost(HOSTS[name], user.bin, user.env) };
}

/** `path` relative to `base` when it lies inside it, else absolute. */
function shortPath(base: string, path: string): string {
  const inside = relative(base, path);
  return inside !== '' && !inside.startsWith('..') && !isAbsolute(inside) ? inside : path;
}

async function readIfExists(path: string): Promise<string | undefined> {
  return existsSync(path) ? readFile(path, 'utf8') : undefined;
}

/**
 * The starter's `$schema`: in a project, the installed package's copy (relative); at user level,
 * the schema shipped beside the bin the hooks run (absolute), since no project is the same for all.
 */
function starterSchemaRef(scope: Scope): string {
  if (scope.user !== undefined) return resolve(dirname(scope.user.bin), '..', 'schema', 'hookwire.schema.json');
  return SCHEMA_REFS.find((ref) => existsSync(join(scope.base, ref))) ?? SCHEMA_REFS[0];
}

function planStarter(scope: Scope, existing: string | undefined): InitChange {
  const file = scope.configFile;
  if (existing !== undefined) return { file, action: 'keep', note: 'already there: left as it is' };
  return {
    file,
    action: 'create',
    note: `a starter config${scope.user === undefined ? '' : ' (the user layer: every project loads it before its own .hookwire.json)'}: the hookwire:recommended rule pack, failing closed (hookwire rules lists its rules and modes)`,
    text: renderStarterConfig(starterSchemaRef(scope)),
  };
}

function planBridge(host: HostProfile, existing: string | undefined, dir: string): InitChange {
  const file = host.settingsPath;
  const edit = addBridgeToText(existing, host, file, resolve(dir));
  const already = edit.alreadyBridged.length === 0 ? '' : `; ${edit.alreadyBridged.join(', ')} already ran a hookwire bridge: left as they are`;
  if (edit.changed.length === 0) return { file, action: 'keep', note: 'every event already runs a hookwire bridge' };
  return { file, action: existing === undefined ? 'create' : 'update', note: `the bridge runs on ${edit.changed.join(', ')}${already}`, text: edit.text };
}

function planUnbridge(host: HostProfile, existing: string | undefined): InitChange {
  const file = host.settingsPath;
  if (existing === undefined) return { file, action: 'keep', note: 'not there' };
  const edit = removeBridgeFromText(existing, host, file);
  if (edit.changed.length === 0) return { file, action: 'keep', note: 'holds no entry of init: left as it is' };
  // Nothing left but what init writes into a file it creates (the host's header, if any): the file goes.
  if (JSON.stringify(edit.settings) === JSON.stringify(host.header ?? {})) return { file, action: 'delete', note: `nothing but the bridge was in it (${edit.changed.join(', ')})`, remainder: edit.text };
  return { file, action: 'update', note: `the bridge removed from ${edit.changed.join(', ')}`, text: edit.text };
}

/** Whether `text` is a starter a user-level init wrote: the starter with whatever `$schema` it names (the bin may have moved since). */
function isUserStarter(text: string): boolean {
  try {
    const schema = (JSON.parse(text) as { $schema?: unknown }).$schema;
    return typeof schema === 'string' && isStarterText(text, schema);
  } catch {
    return false;
  }
}

function planStarterRemoval(scope: Scope, hosts: readonly { shellTool: string }[], existing: string | undefined, stillUsedBy: readonly string[]): InitChange {
  const file = scope.configFile;
  if (existing === undefined) return { file, action: 'keep', note: 'not there' };
  // Another host's bridge still loads it: removing it would leave that host saying "no hookwire config found" on every event.
  if (stillUsedBy.length > 0) return { file, action: 'keep', note: `still used by ${stillUsedBy.join(', ')}: left in place (the last host's --uninstall removes the starter)` };
  const starter =
    scope.user !== undefined
      ? isUserStarter(existing)
      : SCHEMA_REFS.some((ref) => isStarterText(existing, ref, hosts));
  if (starter) return { file, action: 'delete', note: 'the starter, unchanged since init wrote it' };
  return { file, action: 'keep', note: 'not the starter as init writes it (yours, or edited): left in place' };
}

/**
 * A file of a plugin host (OpenCode's plugin file, pi's extension, OpenClaw's plugin and manifest):
 * written when absent, kept when it is init's, replaced when an older init wrote it (`legacy`, pi's
 * extension before it could refuse a prompt) unchanged since, never overwritten when it is not init's.
 */
function planPluginFile(host: PluginHostProfile, file: string, text: string, existing: string | undefined, created: string, legacy: readonly string[] = []): InitChange {
  if (existing === text) return { file, action: 'keep', note: `already loads ${host.pluginPackage}` };
  if (existing !== undefined && legacy.includes(existing)) return { file, action: 'update', note: 'the file an older init wrote, unchanged since: replaced with the current one', text };
  if (existing !== undefined) throw new Error(`${file} exists and is not the file init writes: move it away, or make it load ${host.pluginPackage} yourself`);
  return { file, action: 'create', note: created, text };
}

function planPluginFileRemoval(file: string, text: string, existing: string | undefined, legacy: readonly string[] = []): InitChange {
  if (existing === undefined) return { file, action: 'keep', note: 'not there' };
  if (existing !== text && !legacy.includes(existing)) return { file, action: 'keep', note: 'not the file init writes (yours, or edited): left in place' };
  return { file, action: 'delete', note: 'the plugin file, unchanged since init wrote it' };
}

/** Plans every change before any is written: a file that cannot be read or changed changes nothing. */
function planChanges(plan: () => InitChange[]): InitChange[] {
  try {
    return plan();
  } catch (error) {
    throw new Error(`${(error as Error).message}; nothing was changed`, { cause: error });
  }
}

export async function applyChange(base: string, change: InitChange): Promise<void> {
  const path = resolve(base, change.file);
  if (change.text !== undefined) {
    await replaceFile(path, change.text);
    if (change.mode !== undefined) await chmod(path, change.mode);
    return;
  }
  if (change.action !== 'delete') return;
  // A link is someone's shared file: it keeps what init did not add, and stays a link.
  if (change.remainder !== undefined && (await isLink(path))) return replaceFile(path, change.remainder);
  await unlink(path);
  // The folders go too when deleting the file left them empty (`.claude/`; `.github/hooks/` and `.github/`), up to the first that is not.
  const top = isAbsolute(change.file) ? dirname(path) : base;
  const inside = top.endsWith(sep) ? top : top + sep;
  for (let folder = dirname(path); folder !== top && folder.startsWith(inside); folder = dirname(folder)) {
    if (!(await rmdir(folder).then(() => true, () => false))) break;
  }
}

/**
 * `hookwire init`: plans every change first (so a settings file that cannot be read changes
 * nothing), then writes, unless `dryRun`. A file whose text would not change is not written, so
 * running it twice leaves every byte as it was. Several hosts share one plan: one starter, one
 * bridge (or plugin file) per host.
 */
export async function initProject(options: InitOptions): Promise<InitReport> {
  const hosts = [...new Set(options.hosts ?? [options.host ?? 'claude'])];
  const scope = makeScope(options);
  if (scope.user !== undefined) refuseUserPluginHosts(hosts);
  const configText = await readIfExists(resolve(scope.base, scope.configFile));
  const report: InitReport = { changes: [], notes: [], warnings: [] };
  const plans = hosts.map((name) =>
    isPluginHostName(name)
      ? planPluginHost(options, PLUGIN_HOSTS[name])
      : isHookFileHostName(name)
        ? planHookFileHost(options, HOOK_FILE_HOSTS[name])
        : planSettingsHost(options, scope, scope.profile(name)),
  );
  const planned = await Promise.all(plans);
  const changes = planned.flatMap((plan) => plan.changes);
  if (options.uninstall) {
    const stillUsedBy = await listOtherBridges(options, scope, hosts);
    report.changes.push(...changes, planStarterRemoval(scope, [...Object.values(HOSTS), ...Object.values(PLUGIN_HOSTS), ...Object.values(HOOK_FILE_HOSTS)], configText, stillUsedBy));
  } else {
    report.changes.push(planStarter(scope, configText), ...changes);
    report.warnings.push(...(await findDoubleRuns(options, scope, hosts)));
  }
  for (const plan of planned) report.notes.push(...plan.notes.filter((note) => !report.notes.includes(note)));
  if (!options.dryRun) for (const change of report.changes) await applyChange(scope.base, change);
  return report;
}

/** `--user` with a plugin host (OpenCode): its hooks are a package a project installs, so init cannot set it up for every project. */
export function refuseUserPluginHosts(hosts: readonly InitHostName[]): void {
  for (const name of hosts) {
    if (isPluginHostName(name)) {
      const host: PluginHostProfile = PLUGIN_HOSTS[name];
      throw new Error(`--user does not set up ${host.label}: ${host.userNote}`);
    }
    if (isHookFileHostName(name)) {
      const host: HookFileHostProfile = HOOK_FILE_HOSTS[name];
      throw new Error(`--user does not set up ${host.label}: ${host.userNote}`);
    }
  }
}

/** One host's part of the plan: its settings (or plugin) file, and what the user should know. */
interface HostPlan {
  changes: InitChange[];
  notes: string[];
}

/** A host with settings: the bridge entries in its settings file. */
async function planSettingsHost(options: InitOptions, scope: Scope, host: HostProfile): Promise<HostPlan> {
  const settingsText = await readIfExists(resolve(scope.base, host.settingsPath));
  const [change] = planChanges(() => [options.uninstall ? planUnbridge(host, settingsText) : planBridge(host, settingsText, options.dir)]);
  const notes: string[] = [];
  if (options.uninstall) return { changes: [change!], notes };
  const npx = settingsText === undefined ? [] : listNpxBridges(readSettings(settingsText, host.settingsPath), host);
  if (npx.length > 0) {
    notes.push(
      `${host.settingsPath} runs hookwire through npx on ${npx.join(', ')}: npx looks the name up on a registry wherever it is not installed, and costs about 3 times a direct start on every event; remove those entries and run hookwire init again to get ${host.bridgeProgram} run`,
    );
  }
  if (scope.user !== undefined) {
    const bin = scope.user.bin;
    notes.push(`the user-level hooks run ${bin} by its absolute path: after upgrading or moving hookwire, run hookwire init --user again (until then they fail closed, saying so)`);
    if (bin.includes(`${sep}node_modules${sep}`) && bin.startsWith(resolve(options.dir) + sep)) {
      notes.push(`${bin} belongs to the project in ${options.dir}: removing or moving its node_modules stops your hooks in every project; install hookwire globally (npm install --global hookwire) and run that one's init --user`);
    }
    if (host.userSetupNote !== undefined) notes.push(host.userSetupNote);
    return { changes: [change!], notes };
  }
  if (!existsSync(join(options.dir, 'node_modules', '.bin', 'hookwire'))) {
    notes.push(`node_modules/.bin/hookwire is not installed in ${options.dir}: the host's hooks run it, so install it there (npm install --save-dev hookwire)`);
  }
  if (host.setupNote !== undefined) notes.push(host.setupNote);
  return { changes: [change!], notes };
}

/** A plugin host (OpenCode, pi, OpenClaw): the plugin file that loads hookwire (or its plugin package), and the files it needs beside it. */
async function planPluginHost(options: InitOptions, host: PluginHostProfile): Promise<HostPlan> {
  const files = [
    { path: host.pluginPath, text: host.pluginText, created: `loads ${host.pluginPackage}, which runs the hookwire config on every tool call, prompt and session`, legacy: host.legacyTexts ?? [] },
    ...(host.companions ?? []).map((companion) => ({ ...companion, created: `${host.label} needs it beside the plugin file`, legacy: [] })),
  ];
  const existing = await Promise.all(files.map((file) => readIfExists(join(options.dir, file.path))));
  const changes = planChanges(() =>
    files.map((file, index) => (options.uninstall ? planPluginFileRemoval(file.path, file.text, existing[index], file.legacy) : planPluginFile(host, file.path, file.text, existing[index], file.created, file.legacy))),
  );
  if (options.uninstall) return { changes, notes: [] };
  const installed = existsSync(join(options.dir, 'node_modules', ...host.pluginPackage.split('/'), 'package.json'));
  const notes = installed ? [] : [`${host.pluginPackage} is not installed in ${options.dir}: the plugin file loads it, so install it there (npm install --save-dev ${host.pluginPackage})`];
  if (host.setupNote !== undefined) notes.push(host.setupNote);
  return { changes, notes };
}

/** How a settings file names itself in a message: relative to the project, `~/...` in the home folder. */
function showPath(scope: 'project' | 'user', file: string): string {
  return scope === 'user' && !isAbsolute(file) ? `~/${file}` : file;
}

/** Whether a settings file runs a hookwire bridge on some event (however written); `undefined` when it cannot be read. */
async function runsBridge(path: string, host: HostProfile): Promise<boolean | undefined> {
  const text = await readIfExists(path);
  if (text === undefined) return false;
  try {
    return listBridgedEvents(readSettings(text, path), host).length > 0;
  } catch {
    return undefined;
  }
}

/**
 * The hosts besides `hosts` whose settings (at the same level: the project's, or with `--user` the
 * user's) still run a bridge, which loads the config `--uninstall` would remove: "Gemini CLI
 * (.gemini/settings.json)". A file that cannot be read counts: it may.
 */
async function listOtherBridges(options: InitOptions, scope: Scope, hosts: readonly InitHostName[]): Promise<string[]> {
  const users: string[] = [];
  const level = scope.user === undefined ? 'project' : 'user';
  for (const name of HOST_NAMES) {
    if (hosts.includes(name)) continue;
    const host = scope.profile(name);
    const runs = await runsBridge(resolve(scope.base, host.settingsPath), host);
    if (runs !== false) users.push(`${host.label} (${showPath(level, host.settingsPath)}${runs === undefined ? ': cannot be read, so it may' : ''})`);
  }
  if (scope.user !== undefined) return users;
  for (const [name, host] of Object.entries(PLUGIN_HOSTS)) {
    if (hosts.includes(name as PluginHostName)) continue;
    // The plugin file init writes, or a host config that lists the plugin package (OpenCode's "plugin" list).
    const listing: readonly string[] = 'listedIn' in host ? host.listedIn : [];
    for (const file of [host.pluginPath, ...listing]) {
      const text = await readIfExists(join(options.dir, file));
      if (text?.includes(host.pluginPackage) === true) {
        users.push(`${host.label} (${file})`);
        break;
      }
    }
  }
  for (const [name, host] of Object.entries(HOOK_FILE_HOSTS)) {
    if (hosts.includes(name as HookFileHostName)) continue;
    for (const { file, text } of renderHookFiles(host)) {
      if ((await readIfExists(join(options.dir, file))) === text) {
        users.push(`${host.label} (${host.hooksDir}/)`);
        break;
      }
    }
  }
  return users;
}

/**
 * The hosts that, once this init is done, would run every hook twice: two files a host runs (its
 * project settings, its user settings, another host's it reads too — Cursor runs Claude Code's)
 * would both run the bridge, one of them what this init just wrote. A warning each, naming both.
 */
async function findDoubleRuns(options: InitOptions, scope: Scope, hosts: readonly InitHostName[]): Promise<string[]> {
  const level = scope.user === undefined ? 'project' : 'user';
  const home = scope.user?.home ?? process.getBuiltinModule('node:os').homedir();
  const env = scope.user?.env ?? process.env;
  const where = (name: HostName, at: 'project' | 'user') => {
    const host = at === 'user' ? userHost(HOSTS[name], '', env) : HOSTS[name];
    const path = resolve(at === 'user' ? home : options.dir, host.settingsPath);
    // A project's file, seen from a user-level init, is named by its full path: which project is not obvious there.
    return { host, path, shown: at === 'project' && level === 'user' ? path : showPath(at, host.settingsPath), touched: at === level && hosts.includes(name) };
  };
  const warnings: string[] = [];
  for (const name of HOST_NAMES) {
    const host: HostProfile = HOSTS[name];
    const sources = [{ host: name, scope: 'project' as const }, { host: name, scope: 'user' as const }, ...(host.alsoRuns ?? [])].map((source) => where(source.host as HostName, source.scope));
    const bridged: typeof sources = [];
    for (const source of sources) {
      if (bridged.some((seen) => seen.path === source.path)) continue;
      if (source.touched || (await runsBridge(source.path, source.host)) === true) bridged.push(source);
    }
    if (bridged.length < 2 || !bridged.some((source) => source.touched)) continue;
    warnings.push(
      `${host.label} would run every hook twice: it runs the hooks of ${bridged.map((source) => source.shown).join(' and ')}, and each runs the hookwire bridge; keep the bridge in one of them (hookwire init --uninstall --host NAME${scope.user === undefined ? '' : ' [--user]'} takes one out)`,
    );
  }
  return warnings;
}

/**
 * A hook-file host (Cline): the starter and one executable per event. A file init wrote is kept
 * (or removed by --uninstall); a file of another text at that name is the user's, and init stops
 * before changing anything rather than replace it.
 */
async function planHookFileHost(options: InitOptions, host: HookFileHostProfile): Promise<HostPlan> {
  const files = await Promise.all(renderHookFiles(host).map(async (wanted) => ({ ...wanted, existing: await readIfExists(join(options.dir, wanted.file)) })));
  const changes = planChanges(() =>
    files.map(({ file, text, existing }): InitChange => {
      if (options.uninstall) {
        if (existing === undefined) return { file, action: 'keep', note: 'not there' };
        if (existing !== text) return { file, action: 'keep', note: 'not the file init writes (yours, or edited): left in place' };
        return { file, action: 'delete', note: 'the hook file, unchanged since init wrote it' };
      }
      if (existing === text) return { file, action: 'keep', note: 'already runs the bridge' };
      if (existing !== undefined) throw new Error(`${file} exists and is not the file init writes: move it away, or make it run hookwire run --dialect ${host.dialect} yourself`);
      return { file, action: 'create', note: `runs hookwire run --dialect ${host.dialect}`, text, mode: 0o755 };
    }),
  );
  const notes: string[] = [];
  if (!options.uninstall && !existsSync(join(options.dir, 'node_modules', '.bin', 'hookwire'))) {
    notes.push(`node_modules/.bin/hookwire is not installed in ${options.dir}: the hook files run it, so install it there (npm install --save-dev hookwire)`);
  }
  if (!options.uninstall && host.setupNote !== undefined) notes.push(host.setupNote);
  return { changes, notes };
}
