import type { Diagnostic, Rule } from './types.js';

export const DECISIONS = ['deny', 'ask', 'allow', 'context'] as const;
export const MODES = ['enforce', 'observe'] as const;
export const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export const FORS = ['command', 'file', 'url'] as const;
const RULE_KEYS = ['id', 'category', 'severity', 'mode', 'level', 'event', 'tools', 'for', 'when', 'decision', 'reason', 'modeWhy', 'tests', 'description'];
const ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

/**
 * Checks a rule's shape (everything but its condition), naming the field, what was expected and
 * what was received. Hand-written rather than a schema library: a dozen fields, and the rules run
 * in a process started per tool call.
 */
export function validateRule(value: unknown, path: string): Diagnostic[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return [{ message: `expected a rule object, received ${describe(value)}`, path }];
  }
  const rule = value as Record<string, unknown>;
  const out: Diagnostic[] = [];
  const need = (key: string, ok: boolean, expected: string): void => {
    if (!ok) out.push({ message: `${key}: expected ${expected}, received ${describe(rule[key])}`, path: `${path}.${key}` });
  };
  need('id', typeof rule.id === 'string' && ID_PATTERN.test(rule.id), 'a lower-case id of letters, digits and dashes');
  need('category', isText(rule.category), 'a non-empty string');
  need('severity', oneOf(rule.severity, SEVERITIES), SEVERITIES.join(' | '));
  need('mode', oneOf(rule.mode, MODES), MODES.join(' | '));
  need('level', isText(rule.level), 'a level name of the pack');
  need('event', isText(rule.event) || (isTextList(rule.event) && (rule.event as string[]).length > 0), 'an event name or a non-empty list of them');
  need('tools', rule.tools === undefined || isTextList(rule.tools), 'a list of tool names');
  need('for', rule.for === undefined || oneOf(rule.for, FORS), FORS.join(' | '));
  need('when', isText(rule.when), 'a CEL expression');
  need('decision', oneOf(rule.decision, DECISIONS), DECISIONS.join(' | '));
  need('reason', isText(rule.reason), 'a reason naming the safe alternative');
  need('tests', rule.tests === undefined || (typeof rule.tests === 'object' && rule.tests !== null && !Array.isArray(rule.tests)), 'an object of test cases');
  for (const key of Object.keys(rule)) {
    if (!RULE_KEYS.includes(key)) out.push({ message: `unknown field '${key}'`, path: `${path}.${key}` });
  }
  return out;
}

export function isRule(value: unknown): value is Rule {
  return validateRule(value, '').length === 0;
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

function isTextList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every(isText);
}

function oneOf(value: unknown, options: readonly string[]): boolean {
  return typeof value === 'string' && options.includes(value);
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text === undefined ? typeof value : text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
