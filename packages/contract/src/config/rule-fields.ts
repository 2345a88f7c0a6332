import { describeReceived, isRecord } from '../describe-value.js';
import { RULE_DECISIONS, RULE_FOR_VALUES, RULE_SETTINGS } from './config-names.js';
import { appendPointer, type DiagnosticList } from './diagnostics.js';
import { quoteList, suggest } from './fields.js';
import type { RuleHookFields } from './schema.js';

const PACK_KEYS = ['pack', 'level', 'rules', 'paths', 'protectedBranches'] as const;
const INLINE_KEYS = ['when', 'for', 'decision', 'reason'] as const;

function readString(list: DiagnosticList, hook: Record<string, unknown>, key: string, pointer: string): string | undefined {
  const value = hook[key];
  if (value === undefined) return undefined;
  if (typeof value === 'string' && value.trim() !== '') return value;
  list.error(appendPointer(pointer, key), `${key} must be a non-empty string, received ${describeReceived(value)}`);
  return undefined;
}

function readChoice<T extends string>(list: DiagnosticList, hook: Record<string, unknown>, key: string, pointer: string, choices: readonly T[]): T | undefined {
  const value = hook[key];
  if (value === undefined) return undefined;
  if (typeof value === 'string' && (choices as readonly string[]).includes(value)) return value as T;
  const near = typeof value === 'string' ? suggest(value, choices) : undefined;
  list.error(appendPointer(pointer, key), `${key} must be one of ${quoteList(choices)}, received ${describeReceived(value)}${near === undefined ? '' : `; did you mean ${JSON.stringify(near)}?`}`);
  return undefined;
}

function readStrings(list: DiagnosticList, value: unknown, pointer: string, label: string): string[] | undefined {
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string' || item === '')) {
    list.error(pointer, `${label} must be an array of non-empty strings, received ${describeReceived(value)}`);
    return undefined;
  }
  return value as string[];
}

/**
 * The fields of a `rule` hook: a pack and its tuning (`pack`, `level`, `rules`, `paths`,
 * `protectedBranches`), or one inline rule (`when`, `for`, `decision`, `reason`), never both.
 * Rule ids, levels and path classes are checked against the pack when it is loaded (`check`).
 */
export function readRuleFields(list: DiagnosticList, hook: Record<string, unknown>, pointer: string): RuleHookFields | undefined {
  const errorsBefore = list.items.filter((d) => d.severity === 'error').length;
  const fields: RuleHookFields = {};
  const pack = readString(list, hook, 'pack', pointer);
  if (pack !== undefined) fields.pack = pack;
  const level = readString(list, hook, 'level', pointer);
  if (level !== undefined) fields.level = level;
  if (hook.rules !== undefined) {
    const path = appendPointer(pointer, 'rules');
    if (!isRecord(hook.rules)) list.error(path, `rules must be an object mapping rule ids to ${quoteList(RULE_SETTINGS)}, received ${describeReceived(hook.rules)}`);
    else {
      const rules: Record<string, (typeof RULE_SETTINGS)[number]> = {};
      for (const id of Object.keys(hook.rules)) {
        const value = readChoice(list, hook.rules, id, path, RULE_SETTINGS);
        if (value !== undefined) rules[id] = value;
      }
      fields.rules = rules;
    }
  }
  if (hook.paths !== undefined) {
    const path = appendPointer(pointer, 'paths');
    if (!isRecord(hook.paths)) list.error(path, `paths must be an object mapping a path class (secrets, ssh, ...) to an array of globs, received ${describeReceived(hook.paths)}`);
    else {
      const paths: Record<string, string[]> = {};
      for (const [name, globs] of Object.entries(hook.paths)) {
        const read = readStrings(list, globs, appendPointer(path, name), `paths.${name}`);
        if (read !== undefined) paths[name] = read;
      }
      fields.paths = paths;
    }
  }
  if (hook.protectedBranches !== undefined) {
    const read = readStrings(list, hook.protectedBranches, appendPointer(pointer, 'protectedBranches'), 'protectedBranches');
    if (read !== undefined) fields.protectedBranches = read;
  }
  const when = readString(list, hook, 'when', pointer);
  if (when !== undefined) fields.when = when;
  const iterate = readChoice(list, hook, 'for', pointer, RULE_FOR_VALUES);
  if (iterate !== undefined) fields.for = iterate;
  const decision = readChoice(list, hook, 'decision', pointer, RULE_DECISIONS);
  if (decision !== undefined) fields.decision = decision;
  const reason = readString(list, hook, 'reason', pointer);
  if (reason !== undefined) fields.reason = reason;

  const packKeys = PACK_KEYS.filter((key) => hook[key] !== undefined);
  const inlineKeys = INLINE_KEYS.filter((key) => hook[key] !== undefined);
  if (hook.pack === undefined && hook.when === undefined) {
    list.error(pointer, 'a rule hook needs a pack ("pack": "hookwire:recommended") or an inline rule ("when", "decision", "reason"), received neither');
  } else if (packKeys.length > 0 && inlineKeys.length > 0) {
    list.error(appendPointer(pointer, inlineKeys[0]!), `a rule hook is a pack or an inline rule, not both: ${packKeys.join(', ')} belong to a pack, ${inlineKeys.join(', ')} to an inline rule`);
  } else if (hook.when !== undefined) {
    for (const key of ['decision', 'reason'] as const) {
      if (hook[key] === undefined) list.error(appendPointer(pointer, key), `${key} is required for an inline rule${key === 'reason' ? ': why, and what to do instead (the model reads it)' : `: one of ${quoteList(RULE_DECISIONS)}`}`);
    }
  }
  const failed = list.items.filter((d) => d.severity === 'error').length > errorsBefore;
  return failed ? undefined : fields;
}
