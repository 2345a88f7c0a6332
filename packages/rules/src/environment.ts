import { Environment } from '@marcbachmann/cel-js';
import { branchOf } from './functions/branch-of.js';
import { matchesGlob } from './functions/glob.js';
import { hasFlag } from './functions/has-flag.js';
import { basenameOf, isPathIn, isRootish, resolvePath } from './functions/paths.js';
import type { RuleFor } from './types.js';
import { ActionView, CodeView, CommandView, FileView, RedirectView, ShellView, UrlView } from './views.js';

/** Structural bounds on one condition, checked at compile time. */
export const EXPRESSION_BOUNDS = { length: 4096, astNodes: 2000, depth: 64 } as const;

/** The name a `for` binds each element to. */
export const BINDING_NAMES: Record<RuleFor, string> = { command: 'c', file: 'f', url: 'u' };

const COMMAND_FIELDS = {
  program: 'string', args: 'list<string>', words: 'list<string>', sub: 'string', text: 'string',
  via: 'list<string>', dynamic: 'bool', assignments: 'map<string, string>', redirects: 'list<Redirect>', code: 'Code', paths: 'list<File>',
};
const FILE_FIELDS = { path: 'string', name: 'string', op: 'string', inProject: 'bool', classes: 'list<string>', source: 'string' };
const URL_FIELDS = { url: 'string', host: 'string', source: 'string' };
const SHELL_FIELDS = { line: 'string', unparsed: 'bool', unparsedReason: 'string', commands: 'list<Command>' };
const ACTION_FIELDS = {
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

function createBaseEnvironment(): Environment {
  const env = new Environment({
    limits: { maxAstNodes: EXPRESSION_BOUNDS.astNodes, maxDepth: EXPRESSION_BOUNDS.depth, maxListElements: 256, maxMapEntries: 256, maxCallArguments: 8 },
  })
    .registerType('Redirect', { ctor: RedirectView, fields: { op: 'string', target: 'string' } })
    .registerType('Code', { ctor: CodeView, fields: { interpreter: 'string', source: 'string', strings: 'list<string>' } })
    .registerType('File', { ctor: FileView, fields: FILE_FIELDS })
    .registerType('Command', { ctor: CommandView, fields: COMMAND_FIELDS })
    .registerType('Url', { ctor: UrlView, fields: URL_FIELDS })
    .registerType('Shell', { ctor: ShellView, fields: SHELL_FIELDS })
    .registerType('Action', { ctor: ActionView, fields: ACTION_FIELDS })
    .registerFunction({
      name: 'hasFlag', receiverType: 'Command', returnType: 'bool',
      handler: (c: CommandView, name: string) => hasFlag(c.args, name, c.program, c.sub),
      params: [{ name: 'name', type: 'string' }],
    })
    .registerFunction('isRootish(string): bool', (p: string) => isRootish(p))
    .registerFunction('abs(string, string): string', (p: string, cwd: string) => resolvePath(p, cwd))
    .registerFunction('pathIn(string, string): bool', (p: string, dir: string) => isPathIn(p, dir))
    .registerFunction('glob(string, string): bool', (p: string, pattern: string) => matchesGlob(p, pattern))
    .registerFunction('globAny(string, list<string>): bool', (p: string, patterns: string[]) => patterns.some((g) => matchesGlob(p, g)))
    .registerFunction('branchOf(string): string', (r: string) => branchOf(r))
    .registerFunction('basename(string): string', (p: string) => basenameOf(p));
  for (const [name, type] of Object.entries(TOP_LEVEL_NAMES)) env.registerVariable(name, type);
  return env;
}

let environments: Record<RuleFor | 'action', Environment> | undefined;

/** The CEL environment for a rule's `for`: the top-level names, plus `c`, `f` or `u`. */
export function selectEnvironment(ruleFor: RuleFor | undefined): Environment {
  if (environments === undefined) {
    const base = createBaseEnvironment();
    environments = {
      action: base.clone(),
      command: base.clone().registerVariable('c', 'Command'),
      file: base.clone().registerVariable('f', 'File'),
      url: base.clone().registerVariable('u', 'Url'),
    };
  }
  return environments[ruleFor ?? 'action'];
}
