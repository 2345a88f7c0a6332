import { CANONICAL_EVENT_NAMES } from '../events.js';
import { eventNameIn, resolveEventIn, type DialectName } from '../dialects/index.js';
import { CLAUDE_CODE_EVENTS } from './host-names.js';

/**
 * A host whose hook settings have Claude Code's shape: `hooks` maps event names to matcher groups
 * `{ matcher?, hooks: [ { type, command, timeout } ] }`. Each host's hooks run in its own dialect.
 */
export interface GroupedHost {
  dialect: Extract<DialectName, 'claude' | 'gemini' | 'codex' | 'qwen' | 'letta'>;
  /** The host, for messages. */
  host: string;
  /** The unit of the host's `timeout` field; hookwire's is seconds. */
  timeoutUnit: 'seconds' | 'milliseconds';
  /** The host's event names hookwire handles, for suggestions. */
  eventNames: readonly string[];
  /** Resolves one of the host's event names. */
  resolve(name: string): ReturnType<typeof resolveEventIn>;
  /** The host's own events hookwire does not handle: skipped with a warning, not an error. */
  otherEvents: readonly string[];
}

function namesIn(dialect: DialectName): string[] {
  return CANONICAL_EVENT_NAMES.flatMap((event) => {
    const name = eventNameIn(dialect, event);
    return name === event ? [] : [name];
  });
}

export const GROUPED_HOSTS: Readonly<Record<GroupedHost['dialect'], GroupedHost>> = {
  claude: {
    dialect: 'claude',
    host: 'Claude Code',
    timeoutUnit: 'seconds',
    eventNames: namesIn('claude'),
    // A Claude Code settings file has always accepted hookwire's canonical names as keys too.
    resolve: (name) => resolveEventIn('claude', name) ?? resolveEventIn('native', name),
    otherEvents: CLAUDE_CODE_EVENTS,
  },
  gemini: {
    dialect: 'gemini',
    host: 'Gemini CLI',
    timeoutUnit: 'milliseconds',
    eventNames: namesIn('gemini'),
    resolve: (name) => resolveEventIn('gemini', name),
    otherEvents: ['BeforeModel', 'AfterModel', 'BeforeToolSelection'],
  },
  codex: {
    dialect: 'codex',
    host: 'Codex',
    timeoutUnit: 'seconds',
    eventNames: namesIn('codex'),
    resolve: (name) => resolveEventIn('codex', name),
    otherEvents: ['PostCompact', 'Interrupt', ...CLAUDE_CODE_EVENTS],
  },
  qwen: {
    dialect: 'qwen',
    host: 'Qwen Code',
    // Seconds; Qwen Code itself reads a value of 1000 or more as milliseconds, hookwire does not guess.
    timeoutUnit: 'seconds',
    eventNames: namesIn('qwen'),
    resolve: (name) => resolveEventIn('qwen', name),
    otherEvents: ['PostToolBatch', 'UserPromptExpansion', 'SessionDelete', 'MessageDisplay', 'StopFailure', 'PostCompact', 'PermissionDenied', 'TodoCreated', 'TodoCompleted', 'InstructionsLoaded'],
  },
  letta: {
    dialect: 'letta',
    host: 'Letta Code',
    timeoutUnit: 'milliseconds',
    eventNames: namesIn('letta'),
    resolve: (name) => resolveEventIn('letta', name),
    otherEvents: ['Setup'],
  },
};

const GEMINI_ONLY = new Set(['BeforeTool', 'AfterTool', 'BeforeAgent', 'AfterAgent', 'PreCompress', 'BeforeModel', 'AfterModel', 'BeforeToolSelection']);

function endsWithPath(source: string | undefined, tail: string): boolean {
  return source !== undefined && source.replaceAll('\\', '/').endsWith(tail);
}

/**
 * Which host a Claude-shaped settings file is for: Gemini CLI by its path (`.gemini/settings.json`)
 * or by an event name only Gemini has; Codex by its path (`.codex/hooks.json`: its content is
 * Claude Code's shape exactly); Qwen Code by its path (`.qwen/settings.json`: Claude Code's names);
 * Claude Code otherwise.
 */
export function detectGroupedHost(hooks: Record<string, unknown>, source: string | undefined): GroupedHost {
  if (endsWithPath(source, '.gemini/settings.json') || Object.keys(hooks).some((key) => GEMINI_ONLY.has(key))) return GROUPED_HOSTS.gemini;
  if (endsWithPath(source, '.codex/hooks.json')) return GROUPED_HOSTS.codex;
  if (endsWithPath(source, '.qwen/settings.json')) return GROUPED_HOSTS.qwen;
  if (endsWithPath(source, '.letta/settings.json') || endsWithPath(source, '.letta/settings.local.json')) return GROUPED_HOSTS.letta;
  return GROUPED_HOSTS.claude;
}
