import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import picomatch from 'picomatch';
import { isRecord } from '@hookwire/contract';
import { PLUGIN_HOSTS, type PluginHostProfile } from '../hosts.js';
import { note, ok, problem, type Finding, type HostReport, type SettingsLevel } from './findings.js';
import { readJsonFile, type DoctorPlaces } from './host-files.js';
import { checkPluginLive, pluginRootDir } from './plugin-live.js';
import { reportPluginHost, type PluginRegistration } from './plugin-report.js';
import { isWithin } from './suppression.js';

/** The hosts whose hooks are an extension file init writes, which runs the project's own bridge (pi, OpenClaw). */
export type ExtensionHostName = 'pi' | 'openclaw';

/** A hookwire plugin file a host would load, and how it is found there. */
export interface Registration extends PluginRegistration {
  /** What makes two ways to the file one plugin to the host: pi compares resolved paths (a symbolic link is a second extension), OpenClaw plugin roots (real paths). */
  real: string;
  /** How the host finds it: a folder it scans, or the host config list that names it. */
  via: 'scan' | 'list';
  /** What init wrote (`current`), what an older init wrote (`legacy`), or neither (`modified`). */
  state: 'current' | 'legacy' | 'modified';
  /** OpenClaw: the plugin id in its manifest (undefined when there is none). */
  id?: string;
}

/** A path from a host's config: `~/` is the home folder, a relative one is under `base`. */
function expandPath(path: string, home: string, base: string): string {
  if (path === '~') return home;
  if (path.startsWith('~/')) return join(home, path.slice(2));
  return isAbsolute(path) ? path : resolve(base, path);
}

function realPath(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return resolve(file);
  }
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The entry files a host takes from a folder it scans: its `.ts`/`.js` files (pi only: `flat`) and each sub-folder's `index.{ts,js,mjs}`. */
function listEntries(dir: string, flat: boolean): string[] {
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = join(dir, name);
    if (isDirectory(path)) return folderEntry(path);
    return flat && /\.(ts|js)$/.test(name) ? [path] : [];
  });
}

/** The entry of a plugin folder (its index file; pi, `flat`: else the folder's own files), or the path itself when it is a file. */
function folderEntry(path: string, flat = false): string[] {
  if (!isDirectory(path)) return existsSync(path) ? [path] : [];
  const entry = ['index.ts', 'index.js', 'index.mjs'].map((name) => join(path, name)).find((file) => existsSync(file));
  if (entry !== undefined) return [entry];
  return flat ? listEntries(path, true) : [];
}

/** Whether a file is a hookwire plugin of `host`: init's header, or a spawn of the bridge in the host's dialect. */
function isHookwirePlugin(text: string, host: ExtensionHostName): boolean {
  return text.includes(`hookwire init --host ${host}`) || text.includes(`'--dialect', '${host}'`) || text.includes(`"--dialect", "${host}"`);
}

function stateOf(text: string, profile: PluginHostProfile): Registration['state'] {
  if (text === profile.pluginText) return 'current';
  return (profile.legacyTexts ?? []).includes(text) ? 'legacy' : 'modified';
}

/** The manifest id of an OpenClaw plugin folder (`openclaw.plugin.json`), or undefined when it has none or it cannot be read. */
function manifestId(folder: string): string | undefined {
  const read = readJsonFile(join(folder, 'openclaw.plugin.json'));
  return read?.ok === true && isRecord(read.value) && typeof read.value.id === 'string' ? read.value.id : undefined;
}

interface Candidate {
  file: string;
  level: SettingsLevel;
  via: Registration['via'];
}

function toRegistrations(host: ExtensionHostName, candidates: readonly Candidate[]): Registration[] {
  const profile: PluginHostProfile = PLUGIN_HOSTS[host];
  return candidates.flatMap(({ file, level, via }) => {
    const text = readText(file);
    if (text === undefined || !isHookwirePlugin(text, host)) return [];
    const id = host === 'openclaw' ? manifestId(dirname(file)) : undefined;
    return [{ file, level, via, real: host === 'pi' ? resolve(file) : realPath(file), state: stateOf(text, profile), ...(id === undefined ? {} : { id }) }];
  });
}

/** pi's user folder: `$PI_CODING_AGENT_DIR`, else `~/.pi/agent`. */
export function piAgentDir(places: DoctorPlaces): string {
  const given = places.env.PI_CODING_AGENT_DIR;
  return given !== undefined && given !== '' ? expandPath(given, places.home, places.projectDir) : join(places.home, '.pi', 'agent');
}

/** The `extensions` list of a pi settings file (paths to load, and `!`, `+`, `-` overrides of the extensions pi finds). */
function readPiExtensionsList(settingsFile: string): string[] {
  const read = readJsonFile(settingsFile);
  if (read?.ok !== true || !isRecord(read.value) || !Array.isArray(read.value.extensions)) return [];
  return read.value.extensions.filter((entry): entry is string => typeof entry === 'string');
}

/** The paths an `extensions` list loads, each resolved as pi does (relative to the settings file's folder). */
function listedPiExtensions(settingsFile: string, home: string): string[] {
  return readPiExtensionsList(settingsFile)
    .filter((entry) => !/^[!+-]/.test(entry))
    .flatMap((entry) => folderEntry(expandPath(entry, home, dirname(settingsFile)), true));
}

/**
 * The override of an `extensions` list that turns off an extension pi found in the folder beside
 * it, as pi 0.73's package manager reads them: `!glob` (matched against the path relative to the
 * folder, the file name, or the absolute path) turns it off, `+path` (exactly) on again, `-path`
 * (exactly) off whatever else says. pi matches with minimatch; picomatch reads these globs alike.
 * Undefined when it stays on.
 */
export function piOverrideTurningOff(file: string, entries: readonly string[], baseDir: string): string | undefined {
  const forms = [relative(baseDir, file).split('\\').join('/'), basename(file), file.split('\\').join('/')];
  const exact = (pattern: string) => forms.includes(pattern.replace(/^\.\//, ''));
  const off = entries.find((entry) => entry.startsWith('!') && forms.some((form) => picomatch.isMatch(form, entry.slice(1))));
  const forcedOff = entries.find((entry) => entry.startsWith('-') && exact(entry.slice(1)));
  if (forcedOff !== undefined) return forcedOff;
  if (off !== undefined && !entries.some((entry) => entry.startsWith('+') && exact(entry.slice(1)))) return off;
  return undefined;
}

/**
 * pi: extensions in `.pi/extensions/` (the project) and `~/.pi/agent/extensions/` (the user), each
 * `*.ts` or `<name>/index.ts`, and the `extensions` lists of `.pi/settings.json` and
 * `~/.pi/agent/settings.json`. pi loads every one it finds.
 */
function findPi(places: DoctorPlaces): { candidates: Candidate[]; files: string[]; present: boolean; off: Finding[] } {
  const agentDir = piAgentDir(places);
  const settings = [
    { file: join(places.projectDir, '.pi', 'settings.json'), level: 'project' as const },
    { file: join(agentDir, 'settings.json'), level: 'user' as const },
  ];
  // Each folder's extensions, less those its settings file's overrides turn off (reported, not loaded).
  const off: Finding[] = [];
  const scanned = settings.flatMap(({ file: settingsFile, level }) => {
    const base = dirname(settingsFile);
    const entries = readPiExtensionsList(settingsFile);
    return toRegistrations('pi', listEntries(join(base, 'extensions'), true).map((file): Candidate => ({ file, level, via: 'scan' }))).flatMap((reg) => {
      const by = piOverrideTurningOff(reg.file, entries, base);
      if (by === undefined) return [{ file: reg.file, level, via: 'scan' as const }];
      off.push(problem('suppressed', `${JSON.stringify(by)} in the "extensions" of ${settingsFile} turns ${reg.file} off: pi does not load it`, `remove ${JSON.stringify(by)} from "extensions" in ${settingsFile}`, settingsFile));
      return [];
    });
  });
  const candidates: Candidate[] = [...scanned, ...settings.flatMap(({ file, level }) => listedPiExtensions(file, places.home).map((entry): Candidate => ({ file: entry, level, via: 'list' })))];
  return { candidates, files: settings.map((s) => s.file).filter((file) => existsSync(file)), present: existsSync(join(places.projectDir, '.pi')), off };
}

/** OpenClaw's state folder (`$OPENCLAW_STATE_DIR`, else `~/.openclaw`) and config file (`$OPENCLAW_CONFIG_PATH`, else `openclaw.json` there). */
export function openClawPaths(places: DoctorPlaces): { stateDir: string; configFile: string } {
  const { env, home, projectDir } = places;
  const stateDir = env.OPENCLAW_STATE_DIR !== undefined && env.OPENCLAW_STATE_DIR !== '' ? expandPath(env.OPENCLAW_STATE_DIR, home, projectDir) : join(home, '.openclaw');
  const configFile = env.OPENCLAW_CONFIG_PATH !== undefined && env.OPENCLAW_CONFIG_PATH !== '' ? expandPath(env.OPENCLAW_CONFIG_PATH, home, projectDir) : join(stateDir, 'openclaw.json');
  return { stateDir, configFile };
}

/**
 * OpenClaw: plugin folders in `<workspace>/.openclaw/extensions/` (the project) and
 * `~/.openclaw/extensions/` (global), and the `plugins.load.paths` of its config.
 */
function findOpenClaw(places: DoctorPlaces, config: unknown, configFile: string, stateDir: string): { candidates: Candidate[]; files: string[]; present: boolean } {
  const plugins = isRecord(config) && isRecord(config.plugins) ? config.plugins : {};
  const paths = isRecord(plugins.load) && Array.isArray(plugins.load.paths) ? plugins.load.paths.filter((entry): entry is string => typeof entry === 'string') : [];
  const candidates: Candidate[] = [
    ...listEntries(join(places.projectDir, '.openclaw', 'extensions'), false).map((file): Candidate => ({ file, level: 'project', via: 'scan' })),
    ...listEntries(join(stateDir, 'extensions'), false).map((file): Candidate => ({ file, level: 'user', via: 'scan' })),
    ...paths.flatMap((entry) => folderEntry(expandPath(entry, places.home, dirname(configFile))).map((file): Candidate => ({ file, level: isWithin(file, places.projectDir) ? 'project' : 'user', via: 'list' }))),
  ];
  return { candidates, files: existsSync(configFile) ? [configFile] : [], present: existsSync(join(places.projectDir, '.openclaw')) };
}

/** The file's state: init's own, an older init's (pi's lacks the prompt deny), or changed. */
function checkState(reg: Registration, host: ExtensionHostName, fix: string): Finding {
  if (reg.state === 'current') return ok('plugin', `${reg.file} is the ${host === 'pi' ? 'extension' : 'plugin'} hookwire init --host ${host} writes`, reg.file);
  if (reg.state === 'legacy') {
    return problem(
      'plugin',
      `${reg.file} is the extension an older hookwire init wrote: it asks the hooks on before_agent_start, which cannot refuse a prompt (a UserPromptSubmit deny is not enforced), and it ignores a Stop hook's answer`,
      `${fix} (it replaces the file, unchanged since init wrote it)`,
      reg.file,
    );
  }
  return note('plugin', `${reg.file} is not the file hookwire init --host ${host} writes (edited, or from another hookwire): doctor checks it as it is`, `move it away and ${fix}, unless the changes are yours to keep`, reg.file);
}

/** The bridge a plugin runs: `node_modules/.bin/hookwire` of the folder it takes for the project (as many levels above its own folder as init's path has). */
export function bridgeOf(file: string, host: ExtensionHostName): { project: string; bridge: string } {
  const ups = PLUGIN_HOSTS[host].pluginPath.split('/').length - 1;
  const project = resolve(dirname(file), ...Array.from({ length: ups }, () => '..'));
  return { project, bridge: join(project, 'node_modules', '.bin', 'hookwire') };
}

function checkProgram(reg: Registration, host: ExtensionHostName): Finding | undefined {
  if (reg.state === 'modified') return undefined;
  const { project, bridge } = bridgeOf(reg.file, host);
  if (existsSync(bridge)) return ok('program', `${reg.file} runs ${bridge}, which is installed`, reg.file);
  const label = PLUGIN_HOSTS[host].label;
  return problem(
    'program',
    `${reg.file} runs ${bridge}, which does not exist: ${label} blocks every tool call${host === 'pi' ? ' and prompt' : ''} with "hookwire: cannot run"`,
    reg.level === 'project' ? `npm install --save-dev hookwire in ${project}` : `remove it: ${PLUGIN_HOSTS[host].userNote}`,
    reg.file,
  );
}

/**
 * OpenClaw's duplicates: two folders with one plugin id are not both loaded (OpenClaw keeps the
 * highest-precedence copy: a `plugins.load.paths` one, then the workspace's, then a global one, and
 * drops the rest); two ids both run every hook; one folder named twice is loaded once.
 */
export function checkOpenClawDuplicates(regs: readonly Registration[], listed: number): Finding[] {
  const found: Finding[] = [];
  const rank = (reg: Registration) => (reg.via === 'list' ? 0 : reg.level === 'project' ? 1 : 2);
  const byId = new Map<string, Registration[]>();
  for (const reg of regs) byId.set(reg.id ?? reg.file, [...(byId.get(reg.id ?? reg.file) ?? []), reg]);
  for (const [id, copies] of byId) {
    if (copies.length < 2) continue;
    const [kept, ...dropped] = [...copies].sort((a, b) => rank(a) - rank(b));
    found.push(
      problem(
        'duplicate',
        `${copies.length} plugin folders have the id ${id} (${copies.map((c) => c.file).join(', ')}): OpenClaw loads only ${kept!.file} and drops ${dropped.map((d) => d.file).join(', ')}`,
        `keep one copy: the project's .openclaw/extensions/hookwire/ (hookwire init --host openclaw), and remove the others`,
      ),
    );
  }
  if (byId.size > 1) {
    found.push(problem('duplicate', `the hookwire plugin runs under ${byId.size} plugin ids (${[...byId.keys()].join(', ')}): OpenClaw runs every hook that many times`, 'keep one: the project\'s .openclaw/extensions/hookwire/ (hookwire init --host openclaw)'));
  }
  if (listed > 0) found.push(note('duplicate', `a hookwire plugin folder is named ${listed} more time${listed === 1 ? '' : 's'} (plugins.load.paths, or both listed and in an extensions folder): OpenClaw loads one folder once`, 'remove the extra plugins.load.paths entry'));
  return found;
}

/** OpenClaw's config: plugins on, hookwire's not denied or left out of an allow list, enabled (workspace plugins are off by default), and this project as the agent's workspace. */
function checkOpenClawConfig(places: DoctorPlaces, configFile: string, read: ReturnType<typeof readJsonFile>, ids: readonly string[]): Finding[] {
  const enable = 'plugins.entries.hookwire = {"enabled": true, "hooks": {"allowConversationAccess": true}}';
  if (read === undefined) return [problem('suppressed', `${configFile} does not exist: OpenClaw loads a workspace plugin only when its config enables it`, `add ${enable} to ${configFile} (docs/hosts-setup.md, OpenClaw)`, configFile)];
  if (!read.ok) return [note('suppressed', `${configFile} cannot be read as JSON (${read.message}): doctor cannot tell whether the plugin is enabled`, `check that it has ${enable}`, configFile)];
  const config = isRecord(read.value) ? read.value : {};
  const plugins = isRecord(config.plugins) ? config.plugins : {};
  const entries = isRecord(plugins.entries) ? plugins.entries : {};
  const found: Finding[] = [];
  if (plugins.enabled === false) found.push(problem('suppressed', `plugins.enabled is false in ${configFile}: OpenClaw loads no plugin`, `remove "enabled": false from "plugins" in ${configFile}`, configFile));
  for (const id of ids) {
    if (Array.isArray(plugins.deny) && plugins.deny.includes(id)) found.push(problem('suppressed', `plugins.deny in ${configFile} lists ${id}: OpenClaw does not load it`, `remove ${JSON.stringify(id)} from plugins.deny in ${configFile}`, configFile));
    if (Array.isArray(plugins.allow) && plugins.allow.length > 0 && !plugins.allow.includes(id)) found.push(problem('suppressed', `plugins.allow in ${configFile} does not list ${id}: OpenClaw loads only the plugins listed there`, `add ${JSON.stringify(id)} to plugins.allow in ${configFile}`, configFile));
    const entry = isRecord(entries[id]) ? entries[id] : undefined;
    if (entry?.enabled !== true) found.push(problem('suppressed', `plugins.entries.${id}.enabled is not true in ${configFile}: OpenClaw loads no workspace plugin it was not told to`, `add ${enable.replace('hookwire', id)} to ${configFile}`, configFile));
    else if (!(isRecord(entry.hooks) && entry.hooks.allowConversationAccess === true)) {
      found.push(note('suppressed', `plugins.entries.${id}.hooks.allowConversationAccess is not true in ${configFile}: OpenClaw runs no prompt or stop hook of the plugin`, `set "hooks": {"allowConversationAccess": true} in plugins.entries.${id}`, configFile));
    }
  }
  if (found.every((finding) => finding.status !== 'problem')) found.unshift(ok('suppressed', `the plugin is enabled in ${configFile}`, configFile));
  const agents = isRecord(config.agents) && isRecord(config.agents.defaults) ? config.agents.defaults : {};
  const workspace = typeof agents.workspace === 'string' ? expandPath(agents.workspace, places.home, dirname(configFile)) : undefined;
  if (workspace !== undefined && realPath(workspace) === realPath(places.projectDir)) found.push(ok('workspace', `this project is the agents' workspace (agents.defaults.workspace in ${configFile})`, configFile));
  else {
    found.push(
      note(
        'workspace',
        `agents.defaults.workspace in ${configFile} is ${workspace ?? 'not set (OpenClaw uses ~/.openclaw/workspace)'}: OpenClaw loads .openclaw/extensions/ of the agent's workspace, so this project's plugin runs only for an agent whose workspace it is`,
        `set agents.defaults.workspace (or the agent's own workspace) to ${places.projectDir}`,
        configFile,
      ),
    );
  }
  return found;
}

/** The live-check target of a host's most local plugin (project, then user), scanned before listed. */
function pickLive(regs: readonly Registration[]): Registration | undefined {
  return [...regs].sort((a, b) => (a.level === b.level ? 0 : a.level === 'project' ? -1 : 1))[0];
}

/**
 * pi and OpenClaw: hookwire is an extension (plugin) file init writes, which runs the project's own
 * bridge. For each: where the host would load it from (project, user, a config list), whether it is
 * the file init writes today, loaded once, its bridge installed, OpenClaw's config enabling it, and
 * a live check: the file loaded in Node and its tool-call handler fed a shell call.
 */
export async function checkExtensionHost(host: ExtensionHostName, places: DoctorPlaces, hasRulePack: boolean): Promise<HostReport | undefined> {
  const profile: PluginHostProfile = PLUGIN_HOSTS[host];
  const fix = `run npx hookwire init --host ${host}`;
  const openclaw = host === 'openclaw' ? openClawPaths(places) : undefined;
  const configRead = openclaw === undefined ? undefined : readJsonFile(openclaw.configFile);
  const config = configRead?.ok === true ? configRead.value : undefined;
  const { candidates, files, present, off } = openclaw === undefined ? findPi(places) : { ...findOpenClaw(places, config, openclaw.configFile, openclaw.stateDir), off: [] };
  const all = toRegistrations(host, candidates);
  // One file reached twice (scanned and listed, or listed twice) is one plugin: the first way counts
  // (pi's loader keeps the first of each path.resolve()d path; OpenClaw one plugin root).
  const regs = all.filter((reg, index) => all.findIndex((other) => other.real === reg.real) === index);
  if (!present && regs.length === 0 && off.length === 0) return undefined;
  const findings: Finding[] = [...off];
  for (const reg of regs) {
    findings.push(checkState(reg, host, fix));
    const program = checkProgram(reg, host);
    if (program !== undefined) findings.push(program);
    if (host === 'openclaw' && reg.id === undefined) {
      findings.push(problem('plugin', `${dirname(reg.file)} has no openclaw.plugin.json with an id: OpenClaw does not load the folder ("plugin manifest not found")`, fix, reg.file));
    }
  }
  if (openclaw !== undefined && regs.length > 0) {
    findings.push(...checkOpenClawDuplicates(regs, all.length - regs.length));
    if (regs.some((reg) => reg.level === 'project' && reg.via === 'scan')) findings.push(...checkOpenClawConfig(places, openclaw.configFile, configRead, [...new Set(regs.map((reg) => reg.id ?? 'hookwire'))]));
  }
  const live = pickLive(regs);
  if (live !== undefined) {
    const dialect = host;
    findings.push(
      ...(await checkPluginLive({
        host,
        label: profile.label,
        dialect,
        file: live.file,
        rootDir: pluginRootDir(live.file),
        projectDir: places.projectDir,
        env: { ...places.env },
        toolEvent: host === 'pi' ? 'tool_call' : 'before_tool_call',
        promptEvent: host === 'pi' ? 'input' : 'before_agent_run',
        legacy: live.state === 'legacy',
        hasRulePack,
        fix,
      })),
    );
  }
  const what = host === 'pi' ? 'the hookwire extension' : 'the hookwire plugin';
  return reportPluginHost({
    host,
    what,
    files,
    registrations: regs,
    absent: off.length > 0 ? `${profile.label} is set up here, and its settings turn hookwire's extension off` : `${profile.label} is set up here, without hookwire (hookwire init --host ${host} adds it)`,
    duplicateFix: host === 'pi' ? `keep one: pi loads every extension it finds, the project's and the user's (${profile.userNote})` : undefined,
    findings,
  });
}
