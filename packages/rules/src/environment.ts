// CEL itself: loaded only when a condition must be compiled (conditions.ts), since most events are
// decided by the rules' guards (data) without one.
import { Environment } from '@marcbachmann/cel-js';
import { branchOf } from './functions/branch-of.js';
import { matchesGlob } from './functions/glob.js';
import { hasFlag } from './functions/has-flag.js';
import { basenameOf, isPathIn, isRootish, resolvePath } from './functions/paths.js';
import { BINDING_NAMES, COMMAND_FIELDS, EXPRESSION_BOUNDS, FILE_FIELDS, SHELL_FIELDS, ACTION_FIELDS, TOP_LEVEL_NAMES, URL_FIELDS } from './names.js';
import type { RuleFor } from './types.js';
import { ActionView, CodeView, CommandView, FileView, RedirectView, ShellView, UrlView } from './views.js';

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

let base: Environment | undefined;
const environments: Partial<Record<RuleFor | 'action', Environment>> = {};
const BINDINGS: Record<RuleFor, string> = { command: 'Command', file: 'File', url: 'Url' };

/**
 * The CEL environment for a rule's `for`: the top-level names, plus `c`, `f` or `u`. Each is made
 * the first time a condition of its kind compiles: an event that compiles only command conditions
 * never builds the others.
 */
export function selectEnvironment(ruleFor: RuleFor | undefined): Environment {
  const key = ruleFor ?? 'action';
  let env = environments[key];
  if (env === undefined) {
    base ??= createBaseEnvironment();
    env = ruleFor === undefined ? base.clone() : base.clone().registerVariable(BINDING_NAMES[ruleFor], BINDINGS[ruleFor]);
    environments[key] = env;
  }
  return env;
}
