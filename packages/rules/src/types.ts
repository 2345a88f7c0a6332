import type { GuardedAction, GuardedCommand, GuardedFile } from './read-guards.js';
import type { Action } from '@hookwire/action';

export type Decision = 'deny' | 'ask' | 'allow' | 'context';
export type Mode = 'enforce' | 'observe';
export type Severity = 'critical' | 'high' | 'medium' | 'low';
/** What a rule iterates over: each shell command, each file access, each URL, or the whole action. */
export type RuleFor = 'command' | 'file' | 'url';

/** One test case of a rule: a shell line, or a tool call / prompt / output. */
export type RuleTestCase =
  | string
  | { tool?: string; input?: Record<string, unknown>; prompt?: string; output?: string; cwd?: string };

/** A rule as data (JSON), as a pack ships it. */
export interface Rule {
  id: string;
  category: string;
  severity: Severity;
  mode: Mode;
  level: string;
  /** Events the rule applies to ('tool:before', 'tool:after', 'prompt:submit', ...). */
  event: string | string[];
  /** Canonical tool names; absent means every tool (and events without a tool). */
  tools?: string[];
  for?: RuleFor;
  /** CEL condition; true means the rule matches. */
  when: string;
  decision: Decision;
  /** Why, and the safe alternative. */
  reason: string;
  /** Why the default mode is what it is (observe rules say what false positives are likely). */
  modeWhy?: string;
  /** Cases that must match (under the rule's decision name) and cases that must not ('allow'). */
  tests?: Partial<Record<Decision, RuleTestCase[]>>;
}

export interface Pack {
  name: string;
  version: string;
  /** Levels from loosest to strictest; a rule's level must be one of them. */
  levels: string[];
  rules: Rule[];
  /** Extra globs per sensitive-path class the pack's rules rely on; the user's `paths` add to them. */
  paths?: Record<string, string[]>;
}

export interface Diagnostic {
  message: string;
  /** JSON path of the offending field, e.g. 'rules[3].when'. */
  path: string;
  /** Offset (UTF-16 code units) into the expression, for CEL errors. */
  offset?: number;
  line?: number;
  column?: number;
  suggestion?: string;
}

/** A rule with its condition compiled. */
export interface CompiledRule {
  rule: Rule;
  events: readonly string[];
  /** For `for: command` rules whose every branch starts with a program test: the programs. */
  programs?: ReadonlySet<string>;
  /** For whole-action rules whose every branch starts with `shell.commands.exists(x, x.program ...)`. */
  anyPrograms?: ReadonlySet<string>;
  /** For conditions that start with `shell.line.matches(r'...') &&`: that test, run without CEL. */
  line?: { pattern: RegExp; lower: boolean };
  /** For `for: command` rules: a test of the command's program, subcommand, text or code that every match passes (read-guards.ts). */
  admits?: (c: GuardedCommand) => boolean;
  /** For whole-action `shell.commands.exists(x, ...)` rules: a test some command must pass. */
  admitsAny?: (c: GuardedCommand) => boolean;
  /** For whole-action rules: a test of the action's commands, line, files, urls or parse that every match passes. */
  admitsAction?: (action: GuardedAction) => boolean;
  /** For `for: file` rules: a test of the file's op, classes, name, path or source that every match passes. */
  admitsFile?: (f: GuardedFile) => boolean;
  /** Compiles the condition if not done yet; the diagnostics if it does not compile. */
  ensure: () => Diagnostic[] | undefined;
  /** Evaluates the condition against one binding; throws on evaluation errors. */
  test: (bindings: Record<string, unknown>) => unknown;
}

export interface CompiledPack {
  name: string;
  version: string;
  level: string;
  rules: CompiledRule[];
  /** Values rules read as `protectedBranches` and `paths`. */
  settings: PackSettings & { pathsView: Map<string, string[]> };
  /** Rules that did not compile: evaluate reports each as an error where it would have applied. */
  broken: BrokenRule[];
}

export interface BrokenRule {
  rule: Rule;
  events: readonly string[];
  diagnostics: Diagnostic[];
}

export interface PackSettings {
  protectedBranches: string[];
  paths: Record<string, string[]>;
}

export interface Evidence {
  kind: 'command' | 'file' | 'url' | 'action';
  /** The command's text, the file path, the URL, or a summary of the action. */
  text: string;
  via?: string[];
  path?: string;
  op?: string;
  url?: string;
  /** For an unparsed shell line: why it did not parse. */
  note?: string;
}

export interface Match {
  ruleId: string;
  decision: Decision;
  mode: Mode;
  /** False for observe matches: reported, but the caller gives them no vote. */
  vote: boolean;
  reason: string;
  evidence: Evidence;
  severity: Severity;
  category: string;
}

export interface RuleError {
  ruleId: string;
  message: string;
  evidence?: Evidence;
  severity: Severity;
  mode: Mode;
  /** The decision the rule would have given; the caller decides whether to fail closed on it. */
  decision: Decision;
}

export interface EvaluateResult {
  matches: Match[];
  errors: RuleError[];
}

export interface EvaluateOptions {
  event: string;
  /** The user's home, for isHome(); defaults to the one the action was built with if known. */
  home?: string;
}

export type { Action };
