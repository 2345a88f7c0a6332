import { z } from 'zod';
import type { CanonicalEvent } from '../events.js';
import { DIALECT_NAMES } from '../dialects/index.js';
import {
  CLAUDE_HANDLER_TYPES,
  CONFIG_EVENT_NAMES,
  HOOK_TYPES,
  MAX_TIMEOUT_SECONDS,
  MODE_VALUES,
  ON_ERROR_VALUES,
  ON_FAILURE_VALUES,
  RULE_DECISIONS,
  RULE_FOR_VALUES,
  RULE_SETTINGS,
  AUDIT_LOG_PATH,
} from './config-names.js';
import type { DialectName } from '../handler-result.js';

export { CONFIG_EVENT_NAMES, HOOK_TYPES, CLAUDE_HANDLER_TYPES, MAX_TIMEOUT_SECONDS };

export const OnErrorSchema = z
  .enum(ON_ERROR_VALUES)
  .describe('What an infrastructure failure (spawn failure, timeout, HTTP non-2xx, unusable answer) becomes: warn (log and go on), block (a deny), ignore (nothing).');

export const ModeSchema = z
  .enum(MODE_VALUES)
  .describe('enforce (default): the hook\'s answer counts; observe: the hook runs and its run record shows what it would have decided, but its answer stays out of the outcome (a dry run, to stage a new guard).');

export const HookTypeSchema = z.enum(HOOK_TYPES);

export const DialectNameSchema = z.enum(DIALECT_NAMES as [DialectName, ...DialectName[]]);

export const EventNameSchema = z.enum(CONFIG_EVENT_NAMES as [string, ...string[]]);

export const TimeoutSecondsSchema = z.number().positive().max(MAX_TIMEOUT_SECONDS);

export const HttpUrlSchema = z.url({ protocol: /^https?$/ });

export const NonEmptyStringSchema = z.string().min(1);

export const EnvVarNameSchema = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/);

export const HeadersSchema = z.record(z.string(), z.string());

export const EnvVarListSchema = z.array(z.string());

export const MatcherSchema = z
  .string()
  .describe('Which subjects (tool name, session source, agent type) the hook applies to. Absent, "" or "*": all; letters, digits, _, -, spaces, | and ,: exact names; anything else: an unanchored regular expression.');

export const LlmConfigSchema = z
  .strictObject({
    baseUrl: HttpUrlSchema.describe('Base URL of an OpenAI-compatible API; hookwire POSTs to {baseUrl}/chat/completions.'),
    model: NonEmptyStringSchema.describe('Model name sent with each request.'),
    apiKeyEnv: EnvVarNameSchema.optional().describe('Name of the environment variable holding the API key.'),
    headers: HeadersSchema.optional().describe('Extra request headers.'),
  })
  .describe('The LLM endpoint prompt hooks ask.');

export type LlmConfig = z.infer<typeof LlmConfigSchema>;

export const ProxyConfigSchema = z
  .strictObject({
    command: NonEmptyStringSchema.describe('Shell command that runs agent and subagent hooks: it receives the payload on stdin.'),
  })
  .describe('How agent and subagent hooks run.');

export type ProxyConfig = z.infer<typeof ProxyConfigSchema>;

/** An audit log's place in a config: an absolute path, or one under the user's home (`~/...`). */
export const AuditLogPathSchema = z
  .string()
  .regex(AUDIT_LOG_PATH)
  .describe('An absolute path (/var/log/hookwire.jsonl), or one under the home folder (~/logs/hookwire.jsonl).');

export const AuditLogSchema = z
  .union([
    z.boolean(),
    AuditLogPathSchema,
    z.strictObject({
      path: AuditLogPathSchema.optional().describe('Where the records go; default $XDG_STATE_HOME/hookwire/audit.jsonl (~/.local/state/hookwire/audit.jsonl).'),
      payloads: z.boolean().optional().describe('false leaves payloads out of the records (as --log-omit-payloads; such records cannot be replayed). Default true (secrets redacted).'),
    }),
  ])
  .describe('Record every decision of run, listen and serve when no --log is given: true for the default place ($XDG_STATE_HOME/hookwire/audit.jsonl, one file for every project), a path, or { path, payloads }. hookwire ui, log and statusline read it without --log.');

/** The `auditLog` setting as a config writes it: `true`, `false`, a path, or `{ path?, payloads? }`. */
export type AuditLogSetting = z.infer<typeof AuditLogSchema>;

export type OnError = z.infer<typeof OnErrorSchema>;

export type HookMode = z.infer<typeof ModeSchema>;

export type HookType = z.infer<typeof HookTypeSchema>;

/**
 * One hook after parsing, from either config shape: flat, with its canonical event, the event name
 * as written, its dialect (default `claude`) and the JSON Pointer of the hook in its file.
 */
export interface HookSpec {
  /** The `id` given, else `<event as written>#<n>` (the n-th hook of that event name, from 1). */
  id: string;
  event: CanonicalEvent;
  /** The event name as the config wrote it (`PreToolUse`, `tool:before`). */
  eventName: string;
  matcher?: string;
  type: HookType;
  command?: string;
  url?: string;
  headers?: Record<string, string>;
  allowedEnvVars?: string[];
  prompt?: string;
  model?: string;
  /** Agent and subagent hooks: the agent to delegate to. */
  name?: string;
  /** Rule hooks: a pack with its tuning, or one inline rule. */
  rule?: RuleHookFields;
  dialect: DialectName;
  /** Seconds. */
  timeout?: number;
  onError?: OnError;
  /** `observe`: the hook runs but its answer stays out of the fold; absent: the config's mode, else `enforce`. */
  mode?: HookMode;
  /** JSON Pointer of the hook in its file (`/hooks/2`, `/hooks/PreToolUse/0/hooks/1`). */
  pointer: string;
  /** The config file the hook came from, as given to `parseConfig` (`options.source`). */
  source?: string;
}

/** What a `rule` hook says: a pack (`pack`, with `level`, `rules`, `paths`, `protectedBranches`) or one inline rule (`when`, `for`, `decision`, `reason`). */
export interface RuleHookFields {
  pack?: string;
  level?: string;
  rules?: Record<string, (typeof RULE_SETTINGS)[number]>;
  paths?: Record<string, string[]>;
  protectedBranches?: string[];
  when?: string;
  for?: (typeof RULE_FOR_VALUES)[number];
  decision?: (typeof RULE_DECISIONS)[number];
  reason?: string;
}

/** The settings of a config besides its hooks. */
export interface ConfigSettings {
  /** Default timeout of every hook, in seconds. */
  timeoutSec?: number;
  /** Default onError of every hook. */
  onError?: OnError;
  /** Default mode of every hook: `observe` makes the whole config a dry run. */
  mode?: HookMode;
  parallel?: boolean;
  llm?: LlmConfig;
  proxy?: ProxyConfig;
  /** Where run, listen and serve record decisions when no `--log` is given (docs/config.md). */
  auditLog?: AuditLogSetting;
}

/** A parsed, normalised config: settings plus the hooks in config order. */
export interface HookwireConfig extends ConfigSettings {
  hooks: HookSpec[];
}

const settingsFields = {
  timeoutSec: TimeoutSecondsSchema.optional().describe('Default timeout of every hook, in seconds (a hook\'s own timeout wins).'),
  onError: OnErrorSchema.optional(),
  mode: ModeSchema.optional().describe('Default mode of every hook (a hook\'s own mode wins): observe runs the whole config as a dry run.'),
  parallel: z.boolean().optional().describe('Run the hooks of one event concurrently.'),
  llm: LlmConfigSchema.optional(),
  proxy: ProxyConfigSchema.optional(),
  auditLog: AuditLogSchema.optional(),
};

const nativeHookFields = {
  id: NonEmptyStringSchema.optional().describe('Name of the hook in run reports; default <event>#<n>.'),
  event: EventNameSchema.describe('A canonical event name (tool:before) or a dialect\'s name (PreToolUse).'),
  matcher: MatcherSchema.optional(),
  dialect: DialectNameSchema.optional().describe('How the hook reads its payload and names events; default claude.'),
  timeout: TimeoutSecondsSchema.optional().describe('Seconds the hook may run.'),
  onError: OnErrorSchema.optional(),
  mode: ModeSchema.optional(),
};

const promptField = NonEmptyStringSchema.describe('The instruction; $ARGUMENTS stands for the payload JSON.');
const modelField = NonEmptyStringSchema.optional().describe('Model to use instead of the default.');
const agentNameField = NonEmptyStringSchema.optional().describe('Name of the agent to delegate to.');

/** The fields of each native hook type (besides id, event, matcher, dialect, timeout and onError). */
export const NativeHookSchemas = {
  command: z.strictObject({
    ...nativeHookFields,
    type: z.literal('command'),
    command: NonEmptyStringSchema.describe('Shell command; it receives the payload on stdin. $HOOKWIRE_CONFIG_DIR names the folder of this file.'),
  }),
  http: z.strictObject({
    ...nativeHookFields,
    type: z.literal('http'),
    url: HttpUrlSchema.describe('The payload is POSTed here as JSON.'),
    headers: HeadersSchema.optional().describe('Request headers; $VAR and ${VAR} are replaced for variables listed in allowedEnvVars.'),
    allowedEnvVars: EnvVarListSchema.optional().describe('Environment variables headers may interpolate.'),
  }),
  prompt: z.strictObject({ ...nativeHookFields, type: z.literal('prompt'), prompt: promptField, model: modelField }),
  agent: z.strictObject({ ...nativeHookFields, type: z.literal('agent'), prompt: promptField, model: modelField, name: agentNameField }),
  subagent: z.strictObject({
    ...nativeHookFields,
    type: z.literal('subagent'),
    prompt: promptField.optional(),
    model: modelField,
    name: agentNameField,
  }),
  rule: z.strictObject({
    ...nativeHookFields,
    event: EventNameSchema.optional().describe('The event; a pack without one runs on tool:before, tool:after and prompt:submit. An inline rule needs one.'),
    type: z.literal('rule'),
    pack: NonEmptyStringSchema.optional().describe('A pack of rules: "hookwire:recommended", a file (./my-pack.json) or an npm package that ships one.'),
    level: NonEmptyStringSchema.optional().describe('The pack level to switch on (hookwire:recommended: "recommended", default, or "strict").'),
    rules: z.record(z.string(), z.enum(RULE_SETTINGS)).optional().describe('Per rule id of the pack: "off", "observe" or "enforce".'),
    paths: z.record(z.string(), z.array(z.string())).optional().describe('Globs added to the pack\'s sensitive-path classes, e.g. {"secrets": ["config/*.key"]}.'),
    protectedBranches: z.array(z.string()).optional().describe('Branch globs a forced push must not rewrite (default main, master, trunk, production, release/*).'),
    when: NonEmptyStringSchema.optional().describe('An inline rule: its condition in CEL over the action model (docs/rules.md).'),
    for: z.enum(RULE_FOR_VALUES).optional().describe('An inline rule: test the condition on each shell command (c), file (f) or URL (u) instead of once.'),
    decision: z.enum(RULE_DECISIONS).optional().describe('An inline rule: what it decides when its condition holds.'),
    reason: NonEmptyStringSchema.optional().describe('An inline rule: why, and what to do instead (the model reads it).'),
  }),
} as const;

export const NativeHookSchema = z.discriminatedUnion('type', [
  NativeHookSchemas.command,
  NativeHookSchemas.http,
  NativeHookSchemas.prompt,
  NativeHookSchemas.agent,
  NativeHookSchemas.subagent,
  NativeHookSchemas.rule,
]);

export type NativeHook = z.infer<typeof NativeHookSchema>;

/** hookwire's own config shape: `hooks` is an array. Unknown keys are warnings when parsed. */
export const NativeConfigSchema = z
  .strictObject({
    $schema: z.string().optional(),
    ...settingsFields,
    hooks: z.array(NativeHookSchema),
  })
  .describe('hookwire\'s own config shape.');

export type NativeConfig = z.infer<typeof NativeConfigSchema>;

const claudeHandlerFields = {
  timeout: TimeoutSecondsSchema.optional().describe('Seconds the hook may run.'),
  onFailure: z.enum(ON_FAILURE_VALUES).optional().describe('block: a failure of the hook blocks the action (hookwire onError "block").'),
  mode: ModeSchema.optional().describe('hookwire only: observe runs the hook without letting its answer count. Claude Code does not define this key; settings run by Claude Code itself rather than through hookwire are not observed.'),
  statusMessage: z.string().optional(),
  once: z.boolean().optional(),
  if: z.string().optional(),
};

export const ClaudeHandlerSchema = z.discriminatedUnion('type', [
  z.looseObject({
    ...claudeHandlerFields,
    type: z.literal('command'),
    command: NonEmptyStringSchema,
    async: z.boolean().optional(),
    asyncRewake: z.boolean().optional(),
    shell: z.enum(['bash', 'powershell']).optional(),
  }),
  z.looseObject({
    ...claudeHandlerFields,
    type: z.literal('http'),
    url: HttpUrlSchema,
    headers: HeadersSchema.optional(),
    allowedEnvVars: EnvVarListSchema.optional(),
  }),
  z.looseObject({ ...claudeHandlerFields, type: z.literal('prompt'), prompt: NonEmptyStringSchema, model: z.string().optional() }),
  z.looseObject({ ...claudeHandlerFields, type: z.literal('agent'), prompt: NonEmptyStringSchema, model: z.string().optional() }),
  z.looseObject({ ...claudeHandlerFields, type: z.literal('mcp_tool'), server: z.string(), tool: z.string() }),
]);

export const ClaudeMatcherGroupSchema = z.looseObject({
  matcher: MatcherSchema.optional(),
  hooks: z.array(ClaudeHandlerSchema),
});

/**
 * Claude Code's settings shape: `hooks` maps event names to matcher groups. Keys other than
 * `hooks` and hookwire's settings belong to Claude Code and are ignored.
 */
export const ClaudeSettingsSchema = z
  .looseObject({
    ...settingsFields,
    hooks: z.record(z.string(), z.array(ClaudeMatcherGroupSchema)),
  })
  .describe('Claude Code\'s settings shape (.claude/settings.json).');

export type ClaudeSettings = z.infer<typeof ClaudeSettingsSchema>;

/** A config file in either shape. */
export const ConfigFileSchema = z.union([NativeConfigSchema, ClaudeSettingsSchema]).meta({
  title: 'hookwire configuration',
  description: 'hookwire\'s own shape (hooks is an array) or Claude Code\'s settings shape (hooks is an object keyed by event).',
});

/** The JSON Schema of the config file (`schema/hookwire.schema.json`), as pretty-printed text. */
export function renderConfigJsonSchema(): string {
  return `${JSON.stringify(z.toJSONSchema(ConfigFileSchema, { io: 'input' }), null, 2)}\n`;
}
