import { close, closeSync, constants, fstat, fstatSync, open, openSync, readFile, readFileSync, type Stats } from 'node:fs';
import { dirname, resolve } from 'node:path';
import {
  parseConfig,
  type Diagnostic,
  type HookwireConfig,
} from '@hookwire/contract';
import { indexHooks, type HookIndex } from './hook-index.js';
import { mergeLayers } from './org-layer.js';

/** One config in force: immutable, swapped whole on reload (the selection memo lives beside it, in the runtime). */
export interface ConfigState {
  readonly config: HookwireConfig;
  readonly byEvent: HookIndex;
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Where a runtime's config comes from: files (layered in order), or objects given in memory. The
 * organisation's layers (`orgPaths`, `orgConfigs`) come before them and cannot be weakened by them
 * (`mergeLayers`); with them, a lower layer with errors is left out (and said so) instead of
 * failing the load.
 */
export type ConfigSource = (
  | { kind: 'files'; paths: readonly string[] }
  | { kind: 'objects'; configs: readonly unknown[]; configDir: string }
) & { org?: OrgSource };

/** The organisation's layers: files, or objects whose `HOOKWIRE_CONFIG_DIR` is `configDir`. */
export type OrgSource = { paths: readonly string[] } | { configs: readonly unknown[]; configDir: string };

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

/** How the warning of a lower layer left out under the organisation's layer begins: callers that report it pick it out by this. */
export const LAYER_LEFT_OUT = "this layer is left out (the organisation's hooks run without it): ";

/** What a lower layer's error becomes when the organisation's layer is present: a warning that says the layer was left out. */
function leftOut(diagnostic: Diagnostic): Diagnostic {
  return { ...diagnostic, severity: 'warning', message: `${LAYER_LEFT_OUT}${diagnostic.message}` };
}

/** Reads, validates and merges a config source into a state, or returns its error diagnostics. */
export async function loadConfigState(source: ConfigSource, options: LoadOptions = {}): Promise<LoadResult> {
  const read = (paths: readonly string[]) => Promise.all(paths.map((path) => readSource(path, options)));
  const objects = (configs: readonly unknown[], configDir: string): ParsedSource[] => configs.map((config) => ({ config, configDir }));
  const org = source.org;
  const [orgSources, sources]: [(ParsedSource | Diagnostic)[], (ParsedSource | Diagnostic)[]] = await Promise.all([
    org === undefined ? [] : 'paths' in org ? read(org.paths) : objects(org.configs, org.configDir),
    source.kind === 'files' ? read(source.paths) : objects(source.configs, source.configDir),
  ]);
  const hasOrg = orgSources.length > 0;

  const diagnostics: Diagnostic[] = [];
  const layers: { org: HookwireConfig[]; lower: HookwireConfig[] } = { org: [], lower: [] };
  const origins: { org: Origin[]; lower: Origin[] } = { org: [], lower: [] };
  for (const [index, item] of [...orgSources, ...sources].entries()) {
    const layer = index < orgSources.length ? 'org' : 'lower';
    // Below an organisation layer, a broken layer is left out whole: the organisation's hooks still run.
    const tolerate = hasOrg && layer === 'lower';
    if ('severity' in item) {
      diagnostics.push(tolerate ? leftOut(item) : item);
      continue;
    }
    const result = parseConfig(item.config);
    const own = result.diagnostics.map((d) => (item.file === undefined ? d : { ...d, file: item.file }));
    const broken = own.some((d) => d.severity === 'error');
    diagnostics.push(...(tolerate && broken ? own.map((d) => (d.severity === 'error' ? leftOut(d) : d)) : own));
    if (result.config && !(tolerate && broken)) {
      layers[layer].push(result.config);
      for (let i = 0; i < result.config.hooks.length; i++) origins[layer].push({ configDir: item.configDir, ...(item.file === undefined ? {} : { file: item.file }) });
    }
  }
  if (diagnostics.some((d) => d.severity === 'error')) return { ok: false, diagnostics };

  const merged = mergeLayers(layers.org, layers.lower);
  diagnostics.push(...merged.diagnostics);
  const config = merged.config;
  const all = [...origins.org, ...origins.lower];
  const byEvent = indexHooks(config.hooks.map((spec, index) => ({ spec, configDir: process.cwd(), ...all[index] })));
  return { ok: true, state: { config, byEvent, diagnostics } };
}

interface Origin {
  configDir: string;
  file?: string;
}
