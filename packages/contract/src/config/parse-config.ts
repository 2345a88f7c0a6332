import { describeReceived, isRecord } from '../describe-value.js';
import { DiagnosticList, hasErrors, type Diagnostic } from './diagnostics.js';
import { readClaudeSettings } from './claude.js';
import { detectGroupedHost } from './grouped-hosts.js';
import { AMBIGUOUS_FLAT_MESSAGE, detectFlatHost, readFlatHooks } from './flat-hosts.js';
import { readSettings } from './settings.js';
import { readNativeConfig } from './native.js';
import type { HookwireConfig } from './schema.js';
import { isClaudeCodeEvent } from './host-names.js';
import { resolveEvent } from '../dialects/index.js';

export interface ParseConfigOptions {
  /** The file the config was read from; copied to every hook as `source`. */
  source?: string;
}

/** `config` is present exactly when no diagnostic is an error. */
export interface ConfigResult {
  config?: HookwireConfig;
  diagnostics: Diagnostic[];
}

const SHAPES =
  "an array of hooks (hookwire's shape) or an object mapping event names to matcher groups (Claude Code's settings shape)";

// An object with a hook's own keys and no event name as a key: one native hook written without its array.
function looksLikeOneHook(hooks: Record<string, unknown>): boolean {
  const keys = Object.keys(hooks);
  return keys.some((key) => key === 'type' || key === 'event' || key === 'command') && !keys.some((key) => resolveEvent(key) !== undefined || isClaudeCodeEvent(key));
}

function readConfig(list: DiagnosticList, input: unknown, source: string | undefined): HookwireConfig | undefined {
  if (!isRecord(input)) {
    list.error('', `config must be a JSON object with a "hooks" key, received ${describeReceived(input)}`);
    return undefined;
  }
  const { hooks } = input;
  // A file without hooks is a settings layer (e.g. only `llm`), read as the native shape.
  if (hooks === undefined) return readNativeConfig(list, input, [], source);
  if (Array.isArray(hooks)) return readNativeConfig(list, input, hooks, source);
  if (isRecord(hooks) && !looksLikeOneHook(hooks)) {
    const flat = detectFlatHost(input, hooks, source);
    if (flat === 'ambiguous') {
      list.error('/hooks', AMBIGUOUS_FLAT_MESSAGE);
      readSettings(list, input);
      return undefined;
    }
    if (flat !== undefined) return readFlatHooks(list, input, hooks, source, flat);
    return readClaudeSettings(list, input, hooks, source, detectGroupedHost(hooks, source));
  }
  if (isRecord(hooks)) {
    list.error('/hooks', `hooks must be ${SHAPES}; this object looks like one hook ({ event, type, ... }): put it in an array, "hooks": [ { ... } ]`);
    readSettings(list, input);
    return undefined;
  }
  list.error('/hooks', `hooks must be ${SHAPES}, received ${describeReceived(hooks)}`);
  readSettings(list, input);
  return undefined;
}

/**
 * Reads a config file's JSON value in either shape — hookwire's own (`hooks` is an array) or Claude
 * Code's settings (`hooks` is an object keyed by event) — into one flat, normalised config, and
 * every problem found as a diagnostic with a JSON Pointer. Never throws, whatever the input.
 */
export function parseConfig(input: unknown, options: ParseConfigOptions = {}): ConfigResult {
  const list = new DiagnosticList();
  let config: HookwireConfig | undefined;
  try {
    config = readConfig(list, input, options.source);
  } catch (error) {
    list.error('', `internal error while reading the config: ${error instanceof Error ? error.message : String(error)}`);
  }
  return config === undefined || hasErrors(list.items) ? { diagnostics: list.items } : { config, diagnostics: list.items };
}
