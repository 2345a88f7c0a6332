import { readFileSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { isRecord } from '@hookwire/contract';
import { parse as parseToml } from 'smol-toml';
import { HOSTS, type HostName } from '../hosts.js';
import { listBridgeEntries } from './bridge-entries.js';
import { findOrgConfigOnLines } from './config-layers.js';
import { note, ok, problem, type Finding, type WiredFile } from './findings.js';
import { codexHome, copilotHome, readJsonFile, readJsonValue, type DoctorPlaces, type SettingsFile } from './host-files.js';

/** What the suppression checks of one host see: its settings files (read) and where the bridge is wired. */
export interface HostState {
  host: HostName;
  files: { file: SettingsFile; settings: unknown }[];
  wired: WiredFile[];
  places: DoctorPlaces;
}

/** Whether `dir` is `folder` or below it (both resolved through symbolic links where they exist). */
export function isWithin(dir: string, folder: string): boolean {
  const real = (path: string) => {
    try {
      return realpathSync(path);
    } catch {
      return resolve(path);
    }
  };
  const rel = relative(real(folder), real(dir));
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** The first file (in precedence order) that sets `read(settings)` to a boolean, with that value. */
function decidingFile(state: HostState, read: (settings: Record<string, unknown>) => unknown): { file: string; value: boolean } | undefined {
  for (const { file, settings } of state.files) {
    const value = isRecord(settings) ? read(settings) : undefined;
    if (typeof value === 'boolean') return { file: file.file, value };
  }
  return undefined;
}

const wiredAt = (state: HostState, ...levels: string[]) => state.wired.some((wired) => levels.includes(wired.level));

/**
 * Claude Code: `disableAllHooks` with its usual precedence (managed, local, project, user: the
 * first that sets it decides), and managed `allowManagedHooksOnly`, which keeps every hook outside
 * managed settings from running.
 */
function checkClaude(state: HostState): Finding[] {
  const found: Finding[] = [];
  const disabled = decidingFile(state, (settings) => settings.disableAllHooks);
  if (disabled?.value === true) {
    found.push(problem('suppressed', `disableAllHooks is true in ${disabled.file}: Claude Code runs no hook, the bridge included`, `remove "disableAllHooks": true from ${disabled.file}`, disabled.file));
  }
  const managedOnly = state.files.find(({ file, settings }) => file.level === 'managed' && isRecord(settings) && settings.allowManagedHooksOnly === true);
  if (managedOnly !== undefined && !wiredAt(state, 'managed')) {
    found.push(
      problem(
        'suppressed',
        `allowManagedHooksOnly is true in the managed settings ${managedOnly.file.file}: Claude Code runs only managed hooks, and the bridge is not one`,
        'ask whoever manages this machine to add the bridge to the managed settings, or to drop allowManagedHooksOnly',
        managedOnly.file.file,
      ),
    );
  }
  if (found.length === 0) found.push(ok('suppressed', 'no disableAllHooks or allowManagedHooksOnly turns the bridge off'));
  return found;
}

/** Gemini CLI's trusted folders (`~/.gemini/trustedFolders.json`): the longest rule containing the folder decides, as Gemini CLI reads it. */
function readGeminiTrust(places: DoctorPlaces): { trusted: boolean | undefined; file: string } {
  const file = places.env.GEMINI_CLI_TRUSTED_FOLDERS_PATH || join(places.home, '.gemini', 'trustedFolders.json');
  const read = readJsonFile(file);
  let best: { length: number; level: string } | undefined;
  if (read?.ok === true && isRecord(read.value)) {
    for (const [rule, level] of Object.entries(read.value)) {
      const folder = level === 'TRUST_PARENT' ? dirname(rule) : rule;
      if (typeof level === 'string' && isWithin(places.projectDir, folder) && (best === undefined || rule.length > best.length)) best = { length: rule.length, level };
    }
  }
  const trusted = best === undefined ? undefined : best.level === 'DO_NOT_TRUST' ? false : best.level === 'TRUST_FOLDER' || best.level === 'TRUST_PARENT' ? true : undefined;
  return { trusted, file };
}

/** Gemini CLI: `hooksConfig.enabled: false`, the bridge listed in `hooksConfig.disabled`, and folder trust for project hooks. */
function checkGemini(state: HostState, bridgeCommands: readonly string[]): Finding[] {
  const found: Finding[] = [];
  const enabled = decidingFile(state, (settings) => (isRecord(settings.hooksConfig) ? settings.hooksConfig.enabled : undefined));
  if (enabled?.value === false) found.push(problem('suppressed', `hooksConfig.enabled is false in ${enabled.file}: Gemini CLI runs no hook`, `remove "enabled": false from "hooksConfig" in ${enabled.file}`, enabled.file));
  for (const { file, settings } of state.files) {
    const list = isRecord(settings) && isRecord(settings.hooksConfig) && Array.isArray(settings.hooksConfig.disabled) ? settings.hooksConfig.disabled : [];
    if (list.some((name) => typeof name === 'string' && bridgeCommands.includes(name))) {
      found.push(problem('suppressed', `hooksConfig.disabled in ${file.file} lists the bridge's command: Gemini CLI skips it`, `remove the bridge's command from "hooksConfig.disabled" in ${file.file} (or run /hooks enable in Gemini CLI)`, file.file));
    }
  }
  if (wiredAt(state, 'project')) found.push(checkGeminiTrust(state));
  if (found.every((finding) => finding.status !== 'problem')) found.unshift(ok('suppressed', 'hooks are enabled in every Gemini CLI settings file'));
  return found;
}

function checkGeminiTrust(state: HostState): Finding {
  const { env } = state.places;
  if (env.GEMINI_RESTRICTED_MODE === 'true' || env.GEMINI_CLI_TRUST_WORKSPACE === 'false') {
    return problem('trust', 'GEMINI_CLI_TRUST_WORKSPACE=false (or GEMINI_RESTRICTED_MODE=true) in this environment: Gemini CLI runs no project hook', 'unset it where Gemini CLI runs');
  }
  if (env.GEMINI_CLI_TRUST_WORKSPACE === 'true') return ok('trust', 'GEMINI_CLI_TRUST_WORKSPACE=true: Gemini CLI trusts this folder');
  const trustOff = decidingFile(state, (settings) => (isRecord(settings.security) && isRecord(settings.security.folderTrust) ? settings.security.folderTrust.enabled : undefined));
  if (trustOff?.value === false) return ok('trust', `folder trust is off (${trustOff.file}): Gemini CLI runs project hooks anywhere`);
  const { trusted, file } = readGeminiTrust(state.places);
  if (trusted === false) return problem('trust', `${file} marks this folder DO_NOT_TRUST: Gemini CLI runs no project hook here`, `trust the folder in Gemini CLI (/permissions), or change its entry in ${file}`, file);
  if (trusted === true) return ok('trust', `the folder is trusted (${file})`);
  return note('trust', `this folder is not in ${file}: Gemini CLI runs project hooks only once you trust it (it asks at start)`, 'trust the folder when Gemini CLI asks (headless: GEMINI_CLI_TRUST_WORKSPACE=true)');
}

/** `~/.codex/config.toml`, parsed; undefined when it does not exist, a message when it cannot be read. */
function readCodexConfig(places: DoctorPlaces): { file: string; config?: Record<string, unknown>; error?: string } {
  const file = join(codexHome(places), 'config.toml');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return { file };
  }
  try {
    return { file, config: parseToml(text) as Record<string, unknown> };
  } catch (error) {
    return { file, error: (error as Error).message.split('\n')[0]! };
  }
}

/**
 * Codex: the hooks feature switched off, the project's trust (`[projects."<path>"] trust_level`
 * in ~/.codex/config.toml: Codex reads no `.codex/` of an untrusted project), and whether any
 * review of the project's hooks is recorded (the review itself is a hash doctor cannot recompute).
 */
function checkCodex(state: HostState): Finding[] {
  const found: Finding[] = [...checkCodexRequirements(state)];
  const { file, config, error } = readCodexConfig(state.places);
  if (error !== undefined) return [problem('suppressed', `${file} cannot be read as TOML (${error}): Codex will not start`, `fix ${file}`, file)];
  const features = isRecord(config?.features) ? config.features : {};
  if (features.hooks === false || features.codex_hooks === false) {
    found.push(problem('suppressed', `[features] hooks = false in ${file}: Codex runs no hook`, `remove "hooks = false" from [features] in ${file}`, file));
  } else found.push(ok('suppressed', 'the hooks feature of Codex is on'));
  if (!wiredAt(state, 'project')) return found;
  const projects = isRecord(config?.projects) ? config.projects : {};
  let best: { path: string; level: unknown } | undefined;
  for (const [path, entry] of Object.entries(projects)) {
    if (isRecord(entry) && isWithin(state.places.projectDir, path) && (best === undefined || path.length > best.path.length)) best = { path, level: entry.trust_level };
  }
  if (best?.level === 'trusted') found.push(ok('trust', `the project is trusted (${file}: [projects.${JSON.stringify(best.path)}])`));
  else if (best?.level === 'untrusted') {
    found.push(problem('trust', `${file} marks ${best.path} untrusted: Codex reads no .codex/hooks.json there, so the bridge never runs`, `set trust_level = "trusted" for it in ${file}, or answer Codex's trust prompt`, file));
  } else {
    found.push(note('trust', `the project is not trusted in ${file}: Codex reads .codex/hooks.json only in a trusted project`, 'start codex in the project and trust it (or codex exec --trust once)'));
  }
  const reviews = isRecord(config?.hooks) && isRecord(config.hooks.state) ? config.hooks.state : {};
  const hooksFile = join(state.places.projectDir, '.codex', 'hooks.json');
  const reviewed = Object.entries(reviews).some(([key, value]) => key.includes(hooksFile) && isRecord(value) && value.trusted_hash !== undefined);
  found.push(
    reviewed
      ? ok('review', `a review of ${hooksFile} is recorded in ${file} (a changed entry needs a new one)`)
      : note('review', `no review of ${hooksFile} is recorded in ${file}: Codex runs unreviewed hooks only after "Trust all and continue", and codex exec skips them silently`, 'start codex in the project once and answer "Trust all and continue" (or use /hooks)'),
  );
  return found;
}

/**
 * Codex's managed requirements (`requirements.toml`): whether its `[hooks]` run the bridge, with the
 * organisation layer `init --managed` names (`--org-config`), and `allow_managed_hooks_only = true`,
 * which skips every user, project and session hook.
 */
function checkCodexRequirements(state: HostState): Finding[] {
  const requirements = state.files.find(({ file }) => file.level === 'managed');
  if (requirements === undefined || !isRecord(requirements.settings)) return [];
  const file = requirements.file.file;
  const found: Finding[] = [];
  const managed = state.wired.find((wired) => wired.file === file);
  if (managed === undefined) found.push(note('managed', `the managed hooks of ${file} do not run the hookwire bridge`, 'hookwire init --managed --host codex adds it (as root, or --root DIR to stage the file)', file));
  else {
    const commands = listBridgeEntries(requirements.settings, HOSTS.codex).map((entry) => entry.command);
    const orgs = [...new Set(findOrgConfigOnLines(commands))];
    found.push(
      orgs.length > 0
        ? ok('managed', `the managed hooks of ${file} run the bridge on ${managed.events.length} event${managed.events.length === 1 ? '' : 's'}, with the organisation layer ${orgs.join(', ')} (--org-config)`, file)
        : note('managed', `the managed hooks of ${file} run the bridge without --org-config: they load the project's and the user's config layers, not an organisation's`, 'hookwire init --managed --host codex writes lines that name the organisation layer', file),
    );
  }
  if (requirements.settings.allow_managed_hooks_only !== true) return found;
  const others = state.wired.filter((wired) => wired.level !== 'managed');
  if (managed === undefined && others.length > 0) {
    found.push(
      problem(
        'suppressed',
        `allow_managed_hooks_only is true in the managed requirements ${file}: Codex runs only the hooks there, and the bridge is not one (${others.map((w) => w.file).join(', ')} are skipped)`,
        'ask whoever manages this machine to run hookwire init --managed --host codex, or to drop allow_managed_hooks_only',
        file,
      ),
    );
  } else if (others.length > 0) {
    found.push(note('suppressed', `allow_managed_hooks_only is true in ${file}: Codex skips the bridge in ${others.map((w) => w.file).join(', ')}; the managed one runs`, `remove the skipped entries (hookwire init --host codex --uninstall in the project)`, file));
  }
  return found;
}

/** Copilot CLI: `disableAllHooks` in a hooks or settings file, and trusted folders for repository hooks. */
function checkCopilot(state: HostState): Finding[] {
  const found: Finding[] = [];
  const { projectDir, env } = state.places;
  const settingsFiles = [join(projectDir, '.github', 'copilot', 'settings.json'), join(projectDir, '.github', 'copilot', 'settings.local.json'), join(copilotHome(state.places), 'settings.json')];
  const candidates = [...state.files.map(({ file, settings }) => ({ file: file.file, settings })), ...settingsFiles.map((file) => ({ file, settings: readJsonValue(file) }))];
  for (const { file, settings } of candidates) {
    if (isRecord(settings) && settings.disableAllHooks === true) found.push(problem('suppressed', `disableAllHooks is true in ${file}: Copilot CLI runs no hook`, `remove "disableAllHooks": true from ${file}`, file));
  }
  if (found.length === 0) found.push(ok('suppressed', 'no disableAllHooks turns the bridge off'));
  if (!wiredAt(state, 'project')) return found;
  if (env.COPILOT_ALLOW_ALL === 'true') {
    found.push(ok('trust', 'COPILOT_ALLOW_ALL=true: Copilot CLI trusts every folder'));
    return found;
  }
  const configFile = join(copilotHome(state.places), 'config.json');
  const read = readJsonValue(configFile);
  const config = isRecord(read) ? read : {};
  const folders = [config.trusted_folders, config.trustedFolders].flatMap((list) => (Array.isArray(list) ? list : [])).filter((entry): entry is string => typeof entry === 'string');
  const trusted = folders.find((folder) => isWithin(projectDir, folder));
  found.push(
    trusted !== undefined
      ? ok('trust', `the folder is trusted (${configFile}: ${trusted})`)
      : note('trust', `this folder is not among the trusted folders of ${configFile}: Copilot CLI skips repository hooks silently unless the session trusts it`, 'trust the folder for future sessions when Copilot CLI asks (or run with --trust-folder, or COPILOT_ALLOW_ALL=true)'),
  );
  return found;
}

/** Cursor: it runs project hooks only in a trusted workspace, which it keeps to itself. */
function checkCursor(state: HostState): Finding[] {
  if (!wiredAt(state, 'project')) return [];
  return [note('trust', 'Cursor runs project hooks only in a trusted workspace, and doctor cannot see its trust', 'trust the workspace in Cursor (Workspace Trust)')];
}

/** What, besides the bridge's own entries, keeps a host from running it. */
export function checkSuppression(state: HostState, bridgeCommands: readonly string[]): Finding[] {
  switch (state.host) {
    case 'claude':
      return checkClaude(state);
    case 'gemini':
      return checkGemini(state, bridgeCommands);
    case 'codex':
      return checkCodex(state);
    case 'copilot':
      return checkCopilot(state);
    case 'cursor':
      return checkCursor(state);
    case 'qwen':
      return checkQwen(state);
    case 'crush':
    case 'letta':
      // Neither has a switch that turns hooks off or a trust step for project hooks (docs/hosts-observed.md).
      return [];
  }
}

/**
 * Qwen Code (Gemini CLI's hook engine): runs project hooks without a trust step unless folder trust
 * is switched on in its settings; then only in a folder the user trusted, which it keeps to itself.
 */
function checkQwen(state: HostState): Finding[] {
  if (!wiredAt(state, 'project')) return [];
  const trust = decidingFile(state, (settings) => (isRecord(settings.security) && isRecord(settings.security.folderTrust) ? settings.security.folderTrust.enabled : undefined));
  if (trust?.value !== true) return [ok('trust', 'folder trust is off: Qwen Code runs project hooks anywhere')];
  return [note('trust', `folder trust is on (${trust.file}): Qwen Code runs project hooks only in a folder you trusted, and doctor cannot see its trust`, 'trust this folder when Qwen Code asks')];
}
