import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rmdir, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { PROJECT_CONFIG_NAME } from '../config-location.js';
import { HOSTS, type HostName, type HostProfile } from '../hosts.js';
import { listNpxBridges } from './settings-bridge.js';
import { addBridgeToText, readSettings, removeBridgeFromText } from './settings-text.js';
import { renderStarterConfig, SCHEMA_REFS, STARTER_GUARD_ID } from './starter-config.js';

export interface InitOptions {
  /** The project directory. */
  dir: string;
  host: HostName;
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
}

export interface InitReport {
  changes: InitChange[];
  /** Things the user should know that change no file (the bin not installed yet, ...). */
  notes: string[];
}

async function readIfExists(path: string): Promise<string | undefined> {
  return existsSync(path) ? readFile(path, 'utf8') : undefined;
}

function planStarter(dir: string, host: HostProfile, existing: string | undefined): InitChange {
  if (existing !== undefined) return { file: PROJECT_CONFIG_NAME, action: 'keep', note: 'already there: left as it is' };
  const schemaRef = SCHEMA_REFS.find((ref) => existsSync(join(dir, ref))) ?? SCHEMA_REFS[0];
  return {
    file: PROJECT_CONFIG_NAME,
    action: 'create',
    note: `a starter config: the ${STARTER_GUARD_ID} guard denies rm -rf in ${host.shellTool}`,
    text: renderStarterConfig(host, schemaRef),
  };
}

function planBridge(host: HostProfile, existing: string | undefined): InitChange {
  const file = host.settingsPath;
  const edit = addBridgeToText(existing, host, file);
  const already = edit.alreadyBridged.length === 0 ? '' : `; ${edit.alreadyBridged.join(', ')} already ran a hookwire bridge: left as they are`;
  if (edit.changed.length === 0) return { file, action: 'keep', note: 'every event already runs a hookwire bridge' };
  return { file, action: existing === undefined ? 'create' : 'update', note: `the bridge runs on ${edit.changed.join(', ')}${already}`, text: edit.text };
}

function planUnbridge(host: HostProfile, existing: string | undefined): InitChange {
  const file = host.settingsPath;
  if (existing === undefined) return { file, action: 'keep', note: 'not there' };
  const edit = removeBridgeFromText(existing, host, file);
  if (edit.changed.length === 0) return { file, action: 'keep', note: 'holds no entry of init: left as it is' };
  if (Object.keys(edit.settings).length === 0) return { file, action: 'delete', note: `nothing but the bridge was in it (${edit.changed.join(', ')})` };
  return { file, action: 'update', note: `the bridge removed from ${edit.changed.join(', ')}`, text: edit.text };
}

function planStarterRemoval(host: HostProfile, existing: string | undefined): InitChange {
  if (existing === undefined) return { file: PROJECT_CONFIG_NAME, action: 'keep', note: 'not there' };
  if (SCHEMA_REFS.some((ref) => renderStarterConfig(host, ref) === existing)) {
    return { file: PROJECT_CONFIG_NAME, action: 'delete', note: 'the starter, unchanged since init wrote it' };
  }
  return { file: PROJECT_CONFIG_NAME, action: 'keep', note: 'not the starter as init writes it (yours, or edited): left in place' };
}

async function writeAtomically(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.hookwire-${process.pid}.tmp`;
  await writeFile(temp, text);
  await rename(temp, path);
}

async function applyChange(dir: string, change: InitChange): Promise<void> {
  const path = join(dir, change.file);
  if (change.text !== undefined) return writeAtomically(path, change.text);
  if (change.action !== 'delete') return;
  await unlink(path);
  // The settings folder goes too when deleting the file left it empty (for Claude Code, `.claude/`).
  const folder = dirname(path);
  if (folder !== dir) await rmdir(folder).catch(() => {});
}

/**
 * `hookwire init`: plans every change first (so a settings file that cannot be read changes
 * nothing), then writes, unless `dryRun`. A file whose text would not change is not written, so
 * running it twice leaves every byte as it was.
 */
export async function initProject(options: InitOptions): Promise<InitReport> {
  const host: HostProfile = HOSTS[options.host];
  const configText = await readIfExists(join(options.dir, PROJECT_CONFIG_NAME));
  const settingsText = await readIfExists(join(options.dir, host.settingsPath));
  let changes: InitChange[];
  try {
    changes = options.uninstall
      ? [planUnbridge(host, settingsText), planStarterRemoval(host, configText)]
      : [planStarter(options.dir, host, configText), planBridge(host, settingsText)];
  } catch (error) {
    throw new Error(`${(error as Error).message}; nothing was changed`, { cause: error });
  }
  const notes: string[] = [];
  const npx = options.uninstall || settingsText === undefined ? [] : listNpxBridges(readSettings(settingsText, host.settingsPath));
  if (npx.length > 0) {
    notes.push(
      `${host.settingsPath} runs hookwire through npx on ${npx.join(', ')}: npx looks the name up on a registry wherever it is not installed, and costs about 3 times a direct start on every event; remove those entries and run hookwire init again to get ${host.bridgeProgram} run`,
    );
  }
  if (!options.uninstall && !existsSync(join(options.dir, 'node_modules', '.bin', 'hookwire'))) {
    notes.push(`node_modules/.bin/hookwire is not installed in ${options.dir}: the host's hooks run it, so install it there (npm install --save-dev hookwire)`);
  }
  if (!options.uninstall && host.setupNote !== undefined) notes.push(host.setupNote);
  if (!options.dryRun) for (const change of changes) await applyChange(options.dir, change);
  return { changes, notes };
}
