import { existsSync } from 'node:fs';
import { chmod, readFile, rmdir, unlink } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { PROJECT_CONFIG_NAME } from '../config-location.js';
import { HOOK_FILE_HOSTS, HOSTS, isHookFileHostName, isPluginHostName, PLUGIN_HOSTS, renderHookFiles, type HookFileHostName, type HookFileHostProfile, type HostName, type HostProfile, type PluginHostName, type PluginHostProfile } from '../hosts.js';
import { isLink, replaceFile } from './replace-file.js';
import { listNpxBridges } from './settings-bridge.js';
import { addBridgeToText, readSettings, removeBridgeFromText } from './settings-text.js';
import { renderLegacyStarterConfig, renderStarterConfig, SCHEMA_REFS } from './starter-config.js';

export interface InitOptions {
  /** The project directory. */
  dir: string;
  host: HostName | PluginHostName | HookFileHostName;
  /** Report what would change, write nothing. */
  dryRun?: boolean;
  /** Remove what `init` adds instead of adding it. */
  uninstall?: boolean;
}

/** One file `init` looked at: what it did (or, dry, would do) and why. */
export interface InitChange {
  /** Relative to the project directory. */
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
}

async function readIfExists(path: string): Promise<string | undefined> {
  return existsSync(path) ? readFile(path, 'utf8') : undefined;
}

function planStarter(dir: string, host: { shellTool: string }, existing: string | undefined): InitChange {
  if (existing !== undefined) return { file: PROJECT_CONFIG_NAME, action: 'keep', note: 'already there: left as it is' };
  const schemaRef = SCHEMA_REFS.find((ref) => existsSync(join(dir, ref))) ?? SCHEMA_REFS[0];
  return {
    file: PROJECT_CONFIG_NAME,
    action: 'create',
    note: 'a starter config: the hookwire:recommended rule pack, failing closed (hookwire rules lists its rules and modes)',
    text: renderStarterConfig(schemaRef),
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

function planStarterRemoval(host: { shellTool: string }, existing: string | undefined): InitChange {
  if (existing === undefined) return { file: PROJECT_CONFIG_NAME, action: 'keep', note: 'not there' };
  if (SCHEMA_REFS.some((ref) => renderStarterConfig(ref) === existing || renderLegacyStarterConfig(host, ref) === existing)) {
    return { file: PROJECT_CONFIG_NAME, action: 'delete', note: 'the starter, unchanged since init wrote it' };
  }
  return { file: PROJECT_CONFIG_NAME, action: 'keep', note: 'not the starter as init writes it (yours, or edited): left in place' };
}

/** The plugin file of a plugin host (OpenCode): written when absent, kept when it is init's, never overwritten when it is not. */
function planPlugin(host: PluginHostProfile, existing: string | undefined): InitChange {
  const file = host.pluginPath;
  if (existing === host.pluginText) return { file, action: 'keep', note: `already loads ${host.pluginPackage}` };
  if (existing !== undefined) throw new Error(`${file} exists and is not the file init writes: move it away, or make it load ${host.pluginPackage} yourself`);
  return { file, action: 'create', note: `loads ${host.pluginPackage}, which runs the hookwire config on every tool call, prompt and session`, text: host.pluginText };
}

function planPluginRemoval(host: PluginHostProfile, existing: string | undefined): InitChange {
  const file = host.pluginPath;
  if (existing === undefined) return { file, action: 'keep', note: 'not there' };
  if (existing !== host.pluginText) return { file, action: 'keep', note: 'not the file init writes (yours, or edited): left in place' };
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

async function applyChange(dir: string, change: InitChange): Promise<void> {
  const path = join(dir, change.file);
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
  for (let folder = dirname(path); folder !== dir && folder.startsWith(dir); folder = dirname(folder)) {
    if (!(await rmdir(folder).then(() => true, () => false))) break;
  }
}

/**
 * `hookwire init`: plans every change first (so a settings file that cannot be read changes
 * nothing), then writes, unless `dryRun`. A file whose text would not change is not written, so
 * running it twice leaves every byte as it was.
 */
export async function initProject(options: InitOptions): Promise<InitReport> {
  const configText = await readIfExists(join(options.dir, PROJECT_CONFIG_NAME));
  const report = isPluginHostName(options.host)
    ? await planPluginHost(options, PLUGIN_HOSTS[options.host], configText)
    : isHookFileHostName(options.host)
      ? await planHookFileHost(options, HOOK_FILE_HOSTS[options.host], configText)
      : await planSettingsHost(options, HOSTS[options.host], configText);
  if (!options.dryRun) for (const change of report.changes) await applyChange(options.dir, change);
  return report;
}

/** A host with settings: the starter and the bridge entries in its settings file. */
async function planSettingsHost(options: InitOptions, host: HostProfile, configText: string | undefined): Promise<InitReport> {
  const settingsText = await readIfExists(join(options.dir, host.settingsPath));
  const changes = planChanges(() =>
    options.uninstall
      ? [planUnbridge(host, settingsText), planStarterRemoval(host, configText)]
      : [planStarter(options.dir, host, configText), planBridge(host, settingsText, options.dir)],
  );
  const notes: string[] = [];
  const npx = options.uninstall || settingsText === undefined ? [] : listNpxBridges(readSettings(settingsText, host.settingsPath), host);
  if (npx.length > 0) {
    notes.push(
      `${host.settingsPath} runs hookwire through npx on ${npx.join(', ')}: npx looks the name up on a registry wherever it is not installed, and costs about 3 times a direct start on every event; remove those entries and run hookwire init again to get ${host.bridgeProgram} run`,
    );
  }
  if (!options.uninstall && !existsSync(join(options.dir, 'node_modules', '.bin', 'hookwire'))) {
    notes.push(`node_modules/.bin/hookwire is not installed in ${options.dir}: the host's hooks run it, so install it there (npm install --save-dev hookwire)`);
  }
  if (!options.uninstall && host.setupNote !== undefined) notes.push(host.setupNote);
  return { changes, notes };
}

/** A plugin host (OpenCode): the starter and the plugin file that loads hookwire's plugin package. */
async function planPluginHost(options: InitOptions, host: PluginHostProfile, configText: string | undefined): Promise<InitReport> {
  const pluginText = await readIfExists(join(options.dir, host.pluginPath));
  const changes = planChanges(() =>
    options.uninstall
      ? [planPluginRemoval(host, pluginText), planStarterRemoval(host, configText)]
      : [planStarter(options.dir, host, configText), planPlugin(host, pluginText)],
  );
  const installed = existsSync(join(options.dir, 'node_modules', ...host.pluginPackage.split('/'), 'package.json'));
  const notes = options.uninstall || installed ? [] : [`${host.pluginPackage} is not installed in ${options.dir}: the plugin file loads it, so install it there (npm install --save-dev ${host.pluginPackage})`];
  return { changes, notes };
}

/**
 * A hook-file host (Cline): the starter and one executable per event. A file init wrote is kept
 * (or removed by --uninstall); a file of another text at that name is the user's, and init stops
 * before changing anything rather than replace it.
 */
async function planHookFileHost(options: InitOptions, host: HookFileHostProfile, configText: string | undefined): Promise<InitReport> {
  const files = await Promise.all(renderHookFiles(host).map(async (wanted) => ({ ...wanted, existing: await readIfExists(join(options.dir, wanted.file)) })));
  const changes = planChanges(() => {
    const hookChanges = files.map(({ file, text, existing }): InitChange => {
      if (options.uninstall) {
        if (existing === undefined) return { file, action: 'keep', note: 'not there' };
        if (existing !== text) return { file, action: 'keep', note: 'not the file init writes (yours, or edited): left in place' };
        return { file, action: 'delete', note: 'the hook file, unchanged since init wrote it' };
      }
      if (existing === text) return { file, action: 'keep', note: 'already runs the bridge' };
      if (existing !== undefined) throw new Error(`${file} exists and is not the file init writes: move it away, or make it run hookwire run --dialect ${host.dialect} yourself`);
      return { file, action: 'create', note: `runs hookwire run --dialect ${host.dialect}`, text, mode: 0o755 };
    });
    return options.uninstall ? [...hookChanges, planStarterRemoval(host, configText)] : [planStarter(options.dir, host, configText), ...hookChanges];
  });
  const notes: string[] = [];
  if (!options.uninstall && !existsSync(join(options.dir, 'node_modules', '.bin', 'hookwire'))) {
    notes.push(`node_modules/.bin/hookwire is not installed in ${options.dir}: the hook files run it, so install it there (npm install --save-dev hookwire)`);
  }
  if (!options.uninstall && host.setupNote !== undefined) notes.push(host.setupNote);
  return { changes, notes };
}
