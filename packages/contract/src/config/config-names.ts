import { CANONICAL_EVENT_NAMES } from '../events.js';
import { DIALECT_NAMES, eventNameIn } from '../dialects/index.js';

// The config's vocabulary as plain values, free of zod, so that reading a config (the `hookwire run`
// path) does not build the schemas: schema.ts builds its zod schemas from these, and
// test/config/field-checks.test.ts holds the two to the same keys.

/** Every event name a config may use: the canonical names, then each dialect's names. */
export const CONFIG_EVENT_NAMES: readonly string[] = [
  ...new Set([
    ...CANONICAL_EVENT_NAMES,
    ...DIALECT_NAMES.flatMap((dialect) => CANONICAL_EVENT_NAMES.map((event) => eventNameIn(dialect, event))),
  ]),
];

export const HOOK_TYPES = ['command', 'http', 'prompt', 'agent', 'subagent', 'rule'] as const;

export const CLAUDE_HANDLER_TYPES = ['command', 'http', 'prompt', 'agent'] as const;

export const ON_ERROR_VALUES = ['warn', 'block', 'ignore'] as const;

export const ON_FAILURE_VALUES = ['continue', 'block'] as const;

/** enforce: the hook's answer counts; observe: it runs but its answer stays out of the outcome. */
export const MODE_VALUES = ['enforce', 'observe'] as const;

/** The longest timeout a Node.js timer can hold, in whole seconds (2^31 - 1 ms). */
export const MAX_TIMEOUT_SECONDS = 2_147_483;

/**
 * The keys each native hook type adds to the common ones (id, event, matcher, type, dialect,
 * timeout, onError), in schema order, each `true` when the type requires it.
 */
export const NATIVE_TYPE_FIELDS = {
  command: { command: true },
  http: { url: true, headers: false, allowedEnvVars: false },
  prompt: { prompt: true, model: false },
  agent: { prompt: true, model: false, name: false },
  subagent: { prompt: false, model: false, name: false },
  rule: { pack: false, level: false, rules: false, paths: false, protectedBranches: false, when: false, for: false, decision: false, reason: false },
} as const satisfies Record<(typeof HOOK_TYPES)[number], Record<string, boolean>>;

/** The events a `rule` hook naming a pack and no event runs on: where the packs' rules look (a tool call before and after, a prompt). */
export const RULE_PACK_EVENTS = ['tool:before', 'tool:after', 'prompt:submit'] as const;

/** What a rule decides, what it iterates over, and how a pack's rule can be tuned. */
export const RULE_DECISIONS = ['deny', 'ask', 'allow', 'context'] as const;
export const RULE_FOR_VALUES = ['command', 'file', 'url'] as const;
export const RULE_SETTINGS = ['enforce', 'observe', 'off'] as const;

/** The keys of `llm`, in schema order. */
export const LLM_KEYS = ['baseUrl', 'model', 'apiKeyEnv', 'headers'] as const;

/** The keys of `proxy`. */
export const PROXY_KEYS = ['command'] as const;

/** An audit log path a config may name: absolute (POSIX or Windows), or under the home folder (`~/`). */
export const AUDIT_LOG_PATH = /^(?:\/|~\/|[A-Za-z]:[\\/]|\\\\)/;

export const AUDIT_LOG_KEYS = ['path', 'payloads'] as const;
