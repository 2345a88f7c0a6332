// The names a condition can use, without CEL: compile-rule.ts reads them for did-you-mean, and
// environment.ts registers them, so a process that compiles no condition never loads CEL.
import type { RuleFor } from './types.js';

/** Structural bounds on one condition, checked at compile time. */
export const EXPRESSION_BOUNDS = { length: 4096, astNodes: 2000, depth: 64 } as const;

/** The name a `for` binds each element to. */
export const BINDING_NAMES: Record<RuleFor, string> = { command: 'c', file: 'f', url: 'u' };

export const COMMAND_FIELDS = {
  program: 'string', args: 'list<string>', words: 'list<string>', sub: 'string', text: 'string',
  via: 'list<string>', dynamic: 'bool', assignments: 'map<string, string>', redirects: 'list<Redirect>', code: 'Code', paths: 'list<File>',
};
export const FILE_FIELDS = { path: 'string', name: 'string', op: 'string', inProject: 'bool', classes: 'list<string>', source: 'string' };
export const URL_FIELDS = { url: 'string', host: 'string', source: 'string' };
export const SHELL_FIELDS = { line: 'string', unparsed: 'bool', unparsedReason: 'string', commands: 'list<Command>' };
export const ACTION_FIELDS = {
  tool: 'string', input: 'map<string, dyn>', shell: 'Shell', files: 'list<File>', urls: 'list<Url>',
  prompt: 'string', output: 'string', cwd: 'string', project: 'string',
};

/** Top-level names every condition can read, with their CEL types. */
export const TOP_LEVEL_NAMES: Record<string, string> = {
  action: 'Action', ...ACTION_FIELDS, event: 'string', home: 'string',
  protectedBranches: 'list<string>', paths: 'map<string, list<string>>',
};

/** Every field name of the model, for did-you-mean on unknown fields. */
export const FIELD_NAMES: readonly string[] = [
  ...new Set([COMMAND_FIELDS, FILE_FIELDS, URL_FIELDS, SHELL_FIELDS, ACTION_FIELDS, { op: '', target: '', interpreter: '', source: '', strings: '' }].flatMap(Object.keys)),
];

/** Our functions, documented in the README; names feed did-you-mean. */
export const FUNCTION_NAMES = ['hasFlag', 'isRootish', 'abs', 'pathIn', 'glob', 'globAny', 'branchOf', 'basename'] as const;
