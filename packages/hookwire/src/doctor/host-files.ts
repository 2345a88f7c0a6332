import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, type ParseError } from 'jsonc-parser';
import { parse as parseToml } from 'smol-toml';
import { HOSTS, MANAGED_FILES, type HostName } from '../hosts.js';
import type { SettingsLevel } from './findings.js';

/** Where doctor looks: the project, the user's home, the environment, and the root of system-wide (managed) files. */
export interface DoctorPlaces {
  projectDir: string;
  home: string;
  env: Record<string, string | undefined>;
  /**
   * The folder system-wide settings are read under: `$HOOKWIRE_MANAGED_ROOT`, else `/`
   * (`/etc/claude-code/managed-settings.json` is `<root>/etc/claude-code/managed-settings.json`).
   */
  managedRoot: string;
  platform: NodeJS.Platform;
}

/** One settings file a host reads hooks from. */
export interface SettingsFile {
  file: string;
  level: SettingsLevel;
}

/** A JSON file's content, or why it could not be read (undefined when it does not exist). */
export type JsonRead = { ok: true; value: unknown } | { ok: false; message: string } | undefined;

/** A file's text; undefined when it does not exist, or why it could not be read. */
function readText(file: string): string | { ok: false; message: string } | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    return { ok: false, message: (error as Error).message };
  }
}

/** Reads a JSON file the lenient way its host does (comments and trailing commas allowed, as in Gemini CLI's and VS Code's settings). */
export function readJsonFile(file: string): JsonRead {
  const text = readText(file);
  if (typeof text !== 'string') return text;
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length > 0) return { ok: false, message: `${file} is not valid JSON (at offset ${errors[0]!.offset})` };
  return { ok: true, value };
}

/** A host settings file: Codex's `requirements.toml` as TOML (smol-toml, as Codex's own reader is strict TOML), every other as JSON the lenient way. */
export function readSettingsFile(file: string): JsonRead {
  if (!file.endsWith('.toml')) return readJsonFile(file);
  const text = readText(file);
  if (typeof text !== 'string') return text;
  try {
    return { ok: true, value: parseToml(text) };
  } catch (error) {
    return { ok: false, message: `${file} is not valid TOML (${(error as Error).message.split('\n')[0]})` };
  }
}

/** A JSON file's value, or undefined when it is missing or unreadable (for files whose problems another check reports). */
export function readJsonValue(file: string): unknown {
  const read = readJsonFile(file);
  return read?.ok === true ? read.value : undefined;
}

/** The `.json` files of a folder, sorted (none when it does not exist). */
export function listJsonFiles(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => join(dir, name));
  } catch {
    return [];
  }
}

function systemPath(places: DoctorPlaces, linux: string, darwin: string): string {
  return join(places.managedRoot, places.platform === 'darwin' ? darwin : linux);
}

/** Claude Code's managed settings: `managed-settings.json` and the drop-in folder `managed-settings.d/`. */
export function listClaudeManagedFiles(places: DoctorPlaces): string[] {
  const dir = systemPath(places, 'etc/claude-code', 'Library/Application Support/ClaudeCode');
  return [join(dir, 'managed-settings.json'), ...listJsonFiles(join(dir, 'managed-settings.d'))];
}

/** Claude Code's user folder: `$CLAUDE_CONFIG_DIR`, else `~/.claude`. */
export function claudeUserDir(places: DoctorPlaces): string {
  return places.env.CLAUDE_CONFIG_DIR !== undefined && places.env.CLAUDE_CONFIG_DIR !== '' ? places.env.CLAUDE_CONFIG_DIR : join(places.home, '.claude');
}

export function codexHome(places: DoctorPlaces): string {
  return places.env.CODEX_HOME !== undefined && places.env.CODEX_HOME !== '' ? places.env.CODEX_HOME : join(places.home, '.codex');
}

export function copilotHome(places: DoctorPlaces): string {
  return places.env.COPILOT_HOME !== undefined && places.env.COPILOT_HOME !== '' ? places.env.COPILOT_HOME : join(places.home, '.copilot');
}

export function geminiSystemSettings(places: DoctorPlaces): string {
  const given = places.env.GEMINI_CLI_SYSTEM_SETTINGS_PATH;
  return given !== undefined && given !== '' ? given : systemPath(places, 'etc/gemini-cli/settings.json', 'Library/Application Support/GeminiCli/settings.json');
}

/** Codex's managed requirements (`/etc/codex/requirements.toml`, under `$HOOKWIRE_MANAGED_ROOT`): its `[hooks]` run as managed hooks, as `init --managed --host codex` writes them. */
export function codexRequirements(places: DoctorPlaces): SettingsFile {
  return { file: systemPath(places, MANAGED_FILES.codex.linux, MANAGED_FILES.codex.darwin), level: 'managed' };
}

/**
 * Every file each host reads hooks from, highest precedence first where the host has one (Claude
 * Code: managed, local, project, user). Whether each exists is the caller's question.
 */
export function listHostSettingsFiles(host: HostName, places: DoctorPlaces): SettingsFile[] {
  const project = (path: string): SettingsFile => ({ file: join(places.projectDir, path), level: 'project' });
  switch (host) {
    case 'claude':
      return [
        ...listClaudeManagedFiles(places).map((file): SettingsFile => ({ file, level: 'managed' })),
        { file: join(places.projectDir, '.claude', 'settings.local.json'), level: 'local' },
        project(HOSTS.claude.settingsPath),
        { file: join(claudeUserDir(places), 'settings.json'), level: 'user' },
      ];
    case 'gemini':
      return [{ file: geminiSystemSettings(places), level: 'managed' }, project(HOSTS.gemini.settingsPath), { file: join(places.home, '.gemini', 'settings.json'), level: 'user' }];
    case 'codex':
      return [codexRequirements(places), project(HOSTS.codex.settingsPath), { file: join(codexHome(places), 'hooks.json'), level: 'user' }];
    case 'copilot':
      return [
        ...listJsonFiles(join(places.projectDir, '.github', 'hooks')).map((file): SettingsFile => ({ file, level: 'project' })),
        ...listJsonFiles(join(copilotHome(places), 'hooks')).map((file): SettingsFile => ({ file, level: 'user' })),
      ];
    case 'cursor':
      return [
        { file: systemPath(places, 'etc/cursor/hooks.json', 'Library/Application Support/Cursor/hooks.json'), level: 'managed' },
        project(HOSTS.cursor.settingsPath),
        { file: join(places.home, '.cursor', 'hooks.json'), level: 'user' },
      ];
    case 'crush': {
      const xdg = places.env.XDG_CONFIG_HOME !== undefined && places.env.XDG_CONFIG_HOME !== '' ? places.env.XDG_CONFIG_HOME : join(places.home, '.config');
      return [project(HOSTS.crush.settingsPath), project('crush.json'), { file: join(xdg, 'crush', 'crush.json'), level: 'user' }];
    }
    case 'letta':
      return [{ file: join(places.projectDir, '.letta', 'settings.local.json'), level: 'local' }, project(HOSTS.letta.settingsPath), { file: join(places.home, '.letta', 'settings.json'), level: 'user' }];
    case 'qwen':
      return [project(HOSTS.qwen.settingsPath), { file: join(places.home, '.qwen', 'settings.json'), level: 'user' }];
  }
}
