import { constants, type Stats } from 'node:fs';
import { open } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import {
  mergeConfigs,
  parseConfig,
  type Diagnostic,
  type HookwireConfig,
} from '@hookwire/contract';
import { indexHooks, type HookIndex } from './hook-index.js';

/** One config in force: immutable, swapped whole on reload (the selection memo lives beside it, in the runtime). */
export interface ConfigState {
  readonly config: HookwireConfig;
  readonly byEvent: HookIndex;
  readonly diagnostics: readonly Diagnostic[];
}

/** Where a runtime's config comes from: files (layered in order), or objects given in memory. */
export type ConfigSource =
  | { kind: 'files'; paths: readonly string[] }
  | { kind: 'objects'; configs: readonly unknown[]; configDir: string };

export type LoadResult = { ok: true; state: ConfigState } | { ok: false; diagnostics: Diagnostic[] };

interface ParsedSource {
  config: unknown;
  file?: string;
  configDir: string;
}

/** What a file that is not a regular file is, for the diagnostic that refuses it. */
function describeFileType(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  return 'not a file';
}

/**
 * Reads a config file. It is opened without blocking (O_NONBLOCK: opening a FIFO would otherwise
 * hold a libuv threadpool thread until a writer comes) and refused unless it is a regular file.
 */
async function readConfigText(file: string): Promise<string | { refused: string }> {
  const handle = await open(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) return { refused: describeFileType(stats) };
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

async function readSource(path: string): Promise<ParsedSource | Diagnostic> {
  const file = resolve(path);
  let text: string;
  try {
    const read = await readConfigText(file);
    if (typeof read !== 'string') {
      return { severity: 'error', path: '', message: `config file ${file} is not a regular file (${read.refused})`, file } as Diagnostic;
    }
    text = read;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
    return { severity: 'error', path: '', message: `cannot read config file ${file}: ${code}`, file };
  }
  try {
    return { config: JSON.parse(text), file, configDir: dirname(file) };
  } catch (error) {
    const { line, column } = locateJsonError(text, error as Error);
    return { severity: 'error', path: '', message: `config file ${file} is not valid JSON at line ${line}, column ${column}: ${(error as Error).message}`, file };
  }
}

/**
 * Where JSON.parse stopped, as a 1-based line and column: from the `position N` of its message
 * (Node 20 and later), else the end of the text (`Unexpected end of JSON input`).
 */
export function locateJsonError(text: string, error: Error): { line: number; column: number } {
  const match = /position (\d+)/.exec(error.message);
  const offset = Math.min(match ? Number(match[1]) : text.length, text.length);
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - (before.lastIndexOf('\n') + 1) + 1 };
}

/** Reads, validates and merges a config source into a state, or returns its error diagnostics. */
export async function loadConfigState(source: ConfigSource): Promise<LoadResult> {
  const sources: (ParsedSource | Diagnostic)[] =
    source.kind === 'files'
      ? await Promise.all(source.paths.map(readSource))
      : source.configs.map((config) => ({ config, configDir: source.configDir }));

  const diagnostics: Diagnostic[] = [];
  const configs: HookwireConfig[] = [];
  const origins: { configDir: string; file?: string }[] = [];
  for (const item of sources) {
    if ('severity' in item) {
      diagnostics.push(item);
      continue;
    }
    const result = parseConfig(item.config);
    for (const d of result.diagnostics) diagnostics.push(item.file === undefined ? d : { ...d, file: item.file });
    if (result.config) {
      configs.push(result.config);
      for (let i = 0; i < result.config.hooks.length; i++) origins.push({ configDir: item.configDir, ...(item.file === undefined ? {} : { file: item.file }) });
    }
  }
  if (diagnostics.some((d) => d.severity === 'error')) return { ok: false, diagnostics };

  const config = mergeConfigs(configs);
  const byEvent = indexHooks(config.hooks.map((spec, index) => ({ spec, configDir: process.cwd(), ...origins[index] })));
  return { ok: true, state: { config, byEvent, diagnostics } };
}
