import { describeValue } from '@hookwire/contract';

/** What `opencode.json` can pass the plugin: `"plugin": [["@hookwire/opencode", { "config": ".hookwire.json" }]]`. */
export interface HookwirePluginOptions {
  /** The config file (or files, layered), relative to the project directory; default: `hookwire`'s own lookup ($HOOKWIRE_CONFIG, the user config, `.hookwire.json`). */
  config?: string | string[];
  /**
   * What the plugin does when it cannot guard (the config is broken or missing, a dispatch fails):
   * `warn` (default) logs an error through OpenCode's log on start and on every event and blocks
   * nothing; `block` also denies every tool call and prompt with that error.
   */
  onError?: 'warn' | 'block';
}

export type ReadOptions = { ok: true; options: { config: string[] | undefined; onError: 'warn' | 'block' } } | { ok: false; message: string; onError: 'warn' | 'block' };

const KNOWN = new Set(['config', 'onError']);

/** Reads the plugin's options; a mistake is reported (never ignored), and `onError` is kept when it alone is valid. */
export function readPluginOptions(given: unknown): ReadOptions {
  const options = (typeof given === 'object' && given !== null && !Array.isArray(given) ? given : {}) as Record<string, unknown>;
  const onError = options.onError === 'block' ? 'block' : 'warn';
  if (given !== undefined && (typeof given !== 'object' || given === null || Array.isArray(given))) {
    return { ok: false, message: `the plugin options must be an object, received ${describeValue(given)}`, onError };
  }
  const unknown = Object.keys(options).filter((key) => !KNOWN.has(key));
  if (unknown.length > 0) return { ok: false, message: `unknown plugin option ${unknown.map((key) => JSON.stringify(key)).join(', ')}; known: config, onError`, onError };
  if (options.onError !== undefined && options.onError !== 'warn' && options.onError !== 'block') {
    return { ok: false, message: `plugin option "onError" must be "warn" or "block", received ${describeValue(options.onError)}`, onError };
  }
  const config = options.config;
  if (config === undefined) return { ok: true, options: { config: undefined, onError } };
  const paths = typeof config === 'string' ? [config] : config;
  if (!Array.isArray(paths) || paths.length === 0 || !paths.every((path) => typeof path === 'string' && path !== '')) {
    return { ok: false, message: `plugin option "config" must be a file path or a non-empty list of them, received ${describeValue(config)}`, onError };
  }
  return { ok: true, options: { config: paths as string[], onError } };
}
