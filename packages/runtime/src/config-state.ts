import { close, closeSync, constants, fstat, fstatSync, open, openSync, readFile, readFileSync, type Stats } from 'node:fs';
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

/** A node:fs callback call as a promise (the callback API: `node:fs/promises` costs every one-shot bridge ~1 ms to load). */
function call<T>(start: (done: (error: NodeJS.ErrnoException | null, value: T) => void) => void): Promise<T> {
  return new Promise((resolve, reject) => start((error, value) => (error ? reject(error) : resolve(value))));
}

const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/**
 * Reads a config file. It is opened without blocking (O_NONBLOCK: opening a FIFO would otherwise
 * hold a libuv threadpool thread, or the thread itself, until a writer comes) and refused unless
 * it is a regular file.
 */
async function readConfigText(file: string): Promise<string | { refused: string }> {
  const fd = await call<number>((done) => open(file, OPEN_FLAGS, done));
  try {
    const stats = await call<Stats>((done) => fstat(fd, done));
    if (!stats.isFile()) return { refused: describeFileType(stats) };
    return await call<string>((done) => readFile(fd, 'utf8', done));
  } finally {
    await call<void>((done) => close(fd, (error) => done(error ?? null, undefined)));
  }
}

/** `readConfigText` on this thread, for a process with nothing else to do meanwhile (`LoadOptions.blocking`). */
function readConfigTextBlocking(file: string): string | { refused: string } {
  const fd = openSync(file, OPEN_FLAGS);
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return { refused: describeFileType(stats) };
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}

export interface LoadOptions {
  /**
   * Read config files with blocking calls on this thread instead of libuv's threadpool: for a
   * one-shot process (the bridge), where nothing else runs meanwhile, it saves starting the
   * threadpool and a round trip per call (~2 ms a run, docs/performance.md). A long-lived server
   * keeps the default, so that a slow file system never stalls it.
   */
  blocking?: boolean;
}

async function readSource(path: string, options: LoadOptions): Promise<ParsedSource | Diagnostic> {
  const file = resolve(path);
  let text: string;
  try {
    const read = options.blocking === true ? readConfigTextBlocking(file) : await readConfigText(file);
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
export async function loadConfigState(source: ConfigSource, options: LoadOptions = {}): Promise<LoadResult> {
  const sources: (ParsedSource | Diagnostic)[] =
    source.kind === 'files'
      ? await Promise.all(source.paths.map((path) => readSource(path, options)))
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
