import { forEachChild, parse, type Command, type Pipeline, type Script, type SyntaxNode } from 'unbash';
import { readInterpreterCode } from './shell/interpreter-code.js';
import { normalizeProgram } from './shell/normalize-program.js';
import { resolveParts, resolveWord, type Variables } from './shell/resolve-word.js';
import { skipOptions } from './shell/skip-options.js';
import { WRAPPERS } from './shell/wrappers.js';
import type { Redirect, ShellModel, ShellOptions, SimpleCommand } from './types.js';

const DEFAULT_MAX_DEPTH = 16;
const DEFAULT_MAX_LENGTH = 64 * 1024;
const DEFAULT_MAX_COMMANDS = 2000;
/** Work units (syntax nodes visited plus characters parsed) per character of the line allowed before giving up. */
const WORK_PER_CHARACTER = 24;
const WORK_FLOOR = 100_000;
const MAX_UNWRAP = 64;

const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'fish', 'ash', 'mksh', 'yash']);
const DECLARERS = new Set(['export', 'declare', 'typeset', 'local', 'readonly']);
const SHELL_OPTIONS = { shortWithValue: 'oO', longWithValue: ['rcfile', 'init-file'] };
const SSH_OPTIONS = { shortWithValue: 'bcDEeFIiJLlmOopQRSWw' };
const SU_OPTIONS = { shortWithValue: 'cgGsw', longWithValue: ['command', 'group', 'supp-group', 'shell', 'whitelist-environment'] };

interface Arg {
  value: string;
  dynamic: boolean;
  /** An expansion in it has no value at all (as opposed to `${X:-default}`, which stands in its default). */
  unknown?: boolean;
}

/** What a command reads on standard input, when the line says it. */
interface Stdin {
  text: string;
  dynamic: boolean;
  label: string;
}

interface Scope {
  vars: Variables;
  via: string[];
  depth: number;
  source: string;
}

interface Invocation {
  argv: Arg[];
  text: string;
  via: string[];
  assignments: Record<string, string>;
  redirects: Redirect[];
  /** Known text on stdin, or 'unknown' for a pipe from a command whose output is not literal. */
  stdin: Stdin | 'unknown' | undefined;
  dynamic: boolean;
}

class Walk {
  readonly commands: SimpleCommand[] = [];
  work = 0;
  reason: string | undefined;
  stopped = false;
  readonly workLimit: number;

  constructor(
    readonly home: string | undefined,
    readonly maxDepth: number,
    readonly maxCommands: number,
    length: number,
  ) {
    this.workLimit = Math.max(WORK_FLOOR, length * WORK_PER_CHARACTER);
  }

  /** Records the first reason the model is incomplete; a bound also stops the walk. */
  fail(reason: string, stop: boolean): void {
    this.reason ??= reason;
    if (stop) this.stopped = true;
  }

  spend(units: number): boolean {
    this.work += units;
    if (this.work > this.workLimit) this.fail('work bound', true);
    return !this.stopped;
  }

  push(command: SimpleCommand): void {
    if (this.commands.length >= this.maxCommands) {
      this.fail('command bound', true);
      return;
    }
    this.commands.push(command);
  }
}

function describeVia(via: readonly string[]): string {
  return via.length === 0 ? '' : ` (in ${via.join(' > ')})`;
}

function checkErrors(walk: Walk, script: Script & { errors?: readonly { message: string; pos: number }[] }, scope: Scope): void {
  const first = script.errors?.[0];
  if (first !== undefined) walk.fail(`parse error at ${first.pos}: ${first.message}${describeVia(scope.via)}`, false);
}

/** Parses `line` as a shell nested at `scope` (bash -c, eval, ssh, a heredoc fed to a shell). */
function parseNested(walk: Walk, line: string, scope: Scope, label: string, exported: Record<string, string> = {}): void {
  if (walk.stopped) return;
  const vars = new Map(scope.vars);
  for (const [name, value] of Object.entries(exported)) vars.set(name, value);
  const nested: Scope = { vars, via: [...scope.via, label], depth: scope.depth + 1, source: line };
  if (nested.depth > walk.maxDepth) {
    walk.fail(`nesting bound: more than ${walk.maxDepth} levels${describeVia(scope.via)}`, false);
    return;
  }
  parseLine(walk, line, nested);
}

function parseLine(walk: Walk, line: string, scope: Scope): void {
  if (!walk.spend(line.length)) return;
  let script: Script;
  try {
    script = parse(line);
  } catch (error) {
    walk.fail(`parse error: ${error instanceof Error ? error.message : String(error)}${describeVia(scope.via)}`, false);
    return;
  }
  visit(walk, script, scope);
}

function visitSubstitution(walk: Walk, node: SyntaxNode & { script: Script | undefined }, scope: Scope, label: string): void {
  if (node.script === undefined) return;
  const depth = scope.depth + 1;
  if (depth > walk.maxDepth) {
    walk.fail(`nesting bound: more than ${walk.maxDepth} levels${describeVia(scope.via)}`, false);
    return;
  }
  visit(walk, node.script, { vars: new Map(scope.vars), via: [...scope.via, label], depth, source: scope.source });
}

function visit(walk: Walk, node: SyntaxNode, scope: Scope): void {
  if (!walk.spend(1)) return;
  switch (node.type) {
    case 'Script': {
      checkErrors(walk, node, scope);
      const inner = node.source === undefined ? scope : { ...scope, source: node.source };
      for (const statement of node.commands) visit(walk, statement, inner);
      return;
    }
    case 'Command':
      visitCommand(walk, node, scope, undefined);
      return;
    case 'Pipeline':
      visitPipeline(walk, node, scope);
      return;
    case 'CommandExpansion':
    case 'ArithmeticCommandExpansion':
      visitSubstitution(walk, node, scope, '$()');
      return;
    case 'ProcessSubstitution':
      visitSubstitution(walk, node, scope, `${node.operator}()`);
      return;
    default:
      forEachChild(node, (child) => {
        if (!walk.stopped) visit(walk, child, scope);
      });
  }
}

/** What a pipeline stage writes to stdout, when the line spells it: `echo TEXT`, `printf TEXT`, `cat <<EOF`. */
function readLiteralOutput(walk: Walk, node: SyntaxNode, scope: Scope): Stdin | undefined {
  if (node.type !== 'Command' || node.name === undefined) return undefined;
  const argv = resolveArgv(walk, node, scope);
  const program = argv[0]?.dynamic === false ? normalizeProgram(argv[0].value) : '';
  const args = argv.slice(1);
  const dynamic = args.some((arg) => arg.dynamic);
  if (program === 'echo') {
    const start = args.findIndex((arg) => !/^-[neE]+$/.test(arg.value));
    const words = start === -1 ? [] : args.slice(start);
    return { text: words.map((arg) => arg.value).join(' '), dynamic, label: 'echo |' };
  }
  if (program === 'printf' && args.length === 1) {
    return { text: args[0]!.value.replaceAll('\\n', '\n'), dynamic, label: 'printf |' };
  }
  if (program === 'cat' && args.length === 0) {
    const fed = readRedirectedStdin(node, scope);
    return fed === undefined ? undefined : { ...fed, label: `cat ${fed.label} |` };
  }
  return undefined;
}

function visitPipeline(walk: Walk, node: Pipeline, scope: Scope): void {
  node.commands.forEach((stage, index) => {
    if (walk.stopped) return;
    if (index === 0 || stage.type !== 'Command') {
      visit(walk, stage, scope);
      return;
    }
    visitCommand(walk, stage, scope, readLiteralOutput(walk, node.commands[index - 1]!, scope) ?? 'unknown');
  });
}

function resolveArgv(walk: Walk, command: Command, scope: Scope): Arg[] {
  const argv: Arg[] = [];
  const words = command.name === undefined ? [] : [command.name];
  for (const word of words) {
    const resolved = resolveWord(word, scope.vars, walk.home);
    for (const value of resolved.values) argv.push({ value, dynamic: resolved.dynamic, unknown: resolved.unknown === true });
  }
  for (const arg of command.args) {
    if (arg.type === 'Assignment') {
      const resolved = arg.value.type === 'Word' ? resolveWord(arg.value, scope.vars, walk.home) : { values: [arg.value.elements.map((element) => element.value).join(' ')], dynamic: false };
      argv.push({ value: `${arg.name}${arg.append === true ? '+=' : '='}${resolved.values.join(' ')}`, dynamic: resolved.dynamic, unknown: resolved.unknown === true });
      continue;
    }
    const resolved = resolveWord(arg, scope.vars, walk.home);
    for (const value of resolved.values) argv.push({ value, dynamic: resolved.dynamic, unknown: resolved.unknown === true });
  }
  return argv;
}

function readRedirectedStdin(command: Command, scope: Scope): Omit<Stdin, 'label'> & { label: string } | undefined {
  let fed: Stdin | undefined;
  for (const redirect of command.redirects) {
    if (redirect.type === 'HereDoc') {
      const resolved = redirect.delimiter?.quoted === true ? { values: [redirect.body.text], dynamic: false } : resolveParts(redirect.body.parts, redirect.body.text, scope.vars);
      fed = { text: resolved.values[0] ?? '', dynamic: resolved.dynamic, label: redirect.operator };
    } else if (redirect.type === 'HereString' && redirect.target !== undefined) {
      const resolved = resolveWord(redirect.target, scope.vars, undefined);
      fed = { text: resolved.values.join(' '), dynamic: resolved.dynamic, label: '<<<' };
    }
  }
  return fed;
}

function resolveRedirects(walk: Walk, command: Command, scope: Scope): Redirect[] {
  const redirects: Redirect[] = [];
  for (const redirect of command.redirects) {
    const descriptor = redirect.descriptor?.type === 'FileDescriptor' ? String(redirect.descriptor.value) : '';
    if (redirect.type === 'HereDoc') {
      redirects.push({ op: descriptor + redirect.operator, target: redirect.delimiter?.value ?? '' });
    } else if (redirect.target !== undefined) {
      const resolved = resolveWord(redirect.target, scope.vars, walk.home);
      redirects.push({ op: descriptor + redirect.operator, target: resolved.values.join(' ') });
    }
  }
  return redirects;
}

function assignVariables(walk: Walk, command: Command, scope: Scope): Record<string, string> {
  const assignments: Record<string, string> = {};
  for (const prefix of command.prefix) {
    if (prefix.type !== 'Assignment') continue;
    if (prefix.value.type !== 'Word') {
      assignments[prefix.name] = prefix.value.elements.map((element) => element.value).join(' ');
      continue;
    }
    const resolved = resolveWord(prefix.value, scope.vars, walk.home);
    const value = resolved.values.join(' ');
    assignments[prefix.name] = value;
    // A bare `X=v` sets X for the rest of the line; `X=v cmd` only for cmd.
    if (command.name === undefined) {
      if (resolved.dynamic) scope.vars.delete(prefix.name);
      else scope.vars.set(prefix.name, value);
    }
  }
  return assignments;
}

function declareVariables(walk: Walk, command: Command, scope: Scope): void {
  for (const arg of command.args) {
    if (arg.type !== 'Assignment' || arg.value.type !== 'Word') continue;
    const resolved = resolveWord(arg.value, scope.vars, walk.home);
    if (resolved.dynamic) scope.vars.delete(arg.name);
    else scope.vars.set(arg.name, resolved.values.join(' '));
  }
}

function visitCommand(walk: Walk, command: Command, scope: Scope, piped: Stdin | 'unknown' | undefined): void {
  const assignments = assignVariables(walk, command, scope);
  const argv = resolveArgv(walk, command, scope);
  const redirects = resolveRedirects(walk, command, scope);
  const head = argv[0];
  if (head !== undefined && !head.dynamic && DECLARERS.has(normalizeProgram(head.value))) declareVariables(walk, command, scope);
  if (head !== undefined || redirects.length > 0) {
    runInvocation(walk, scope, {
      argv,
      text: scope.source.slice(command.pos, command.end),
      via: scope.via,
      assignments,
      redirects,
      stdin: readRedirectedStdin(command, scope) ?? piped,
      dynamic: false,
    });
  }
  // Substitutions anywhere in the command: $(...), `...`, <(...), >(...), in words, assignments and redirects.
  forEachChild(command, (child) => {
    if (!walk.stopped) visit(walk, child, scope);
  });
}

function pushCommand(walk: Walk, invocation: Invocation, program: string): void {
  const args = invocation.argv.slice(1).map((arg) => arg.value);
  const command: SimpleCommand = {
    program,
    args,
    text: invocation.text,
    via: invocation.via,
    assignments: invocation.assignments,
    redirects: invocation.redirects,
    dynamic: invocation.dynamic || invocation.argv.some((arg) => arg.dynamic),
  };
  const code = readInterpreterCode(program, args);
  if (code !== undefined) command.code = code;
  walk.push(command);
}

function runShell(walk: Walk, scope: Scope, invocation: Invocation, program: string): void {
  const args = invocation.argv.slice(1).map((arg) => arg.value);
  const start = skipOptions(args, 0, SHELL_OPTIONS);
  const hasC = args.slice(0, start).some((arg) => /^-[A-Za-z]*c[A-Za-z]*$/.test(arg) || arg === '--command');
  const nestedScope = { ...scope, via: invocation.via };
  if (hasC) {
    if (start < args.length) parseNested(walk, args[start]!, nestedScope, `${program} -c`, invocation.assignments);
    return;
  }
  const stdin = invocation.stdin;
  if (start < args.length || stdin === undefined) {
    pushCommand(walk, invocation, program);
    return;
  }
  if (stdin === 'unknown') {
    pushCommand(walk, { ...invocation, dynamic: true }, program);
    return;
  }
  parseNested(walk, stdin.text, nestedScope, stdin.label.endsWith('|') ? `${stdin.label} ${program}` : `${program} ${stdin.label}`, invocation.assignments);
}

function runSsh(walk: Walk, scope: Scope, invocation: Invocation): void {
  pushCommand(walk, invocation, 'ssh');
  const args = invocation.argv.slice(1).map((arg) => arg.value);
  const hostAt = skipOptions(args, 0, SSH_OPTIONS);
  const host = args[hostAt];
  if (host === undefined) return;
  const remote = args.slice(hostAt + 1).join(' ');
  const label = `ssh ${host}`;
  const nestedScope = { ...scope, via: invocation.via };
  if (remote !== '') parseNested(walk, remote, nestedScope, label);
  else if (invocation.stdin !== undefined && invocation.stdin !== 'unknown') parseNested(walk, invocation.stdin.text, nestedScope, label);
}

function runSu(walk: Walk, scope: Scope, invocation: Invocation, program: string): void {
  const args = invocation.argv.slice(1).map((arg) => arg.value);
  let line: string | undefined;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (arg === '-c' || arg === '--command') line = args[index + 1];
    else if (arg.startsWith('--command=')) line = arg.slice('--command='.length);
  }
  if (line === undefined) {
    pushCommand(walk, invocation, program);
    return;
  }
  parseNested(walk, line, { ...scope, via: invocation.via }, `${program} -c`);
}

const FIND_EXEC = new Set(['-exec', '-execdir', '-ok', '-okdir']);

function runFind(walk: Walk, scope: Scope, invocation: Invocation): void {
  pushCommand(walk, invocation, 'find');
  const argv = invocation.argv;
  for (let index = 1; index < argv.length; index += 1) {
    const flag = argv[index]!.value;
    if (!FIND_EXEC.has(flag)) continue;
    let end = index + 1;
    while (end < argv.length && argv[end]!.value !== ';' && argv[end]!.value !== '+') end += 1;
    runInvocation(walk, scope, {
      ...invocation,
      argv: argv.slice(index + 1, end),
      via: [...invocation.via, `find ${flag}`],
      assignments: {},
      redirects: [],
      stdin: undefined,
    });
    index = end;
  }
}

/** Takes wrappers off an invocation until the command they run is reached, then records it. */
function runInvocation(walk: Walk, scope: Scope, start: Invocation): void {
  let invocation = start;
  for (let round = 0; round < MAX_UNWRAP && !walk.stopped; round += 1) {
    const head = invocation.argv[0];
    if (head === undefined) {
      if (invocation.redirects.length > 0) pushCommand(walk, invocation, '');
      return;
    }
    const program = head.unknown === true ? '' : normalizeProgram(head.value);
    const wrapper = Object.hasOwn(WRAPPERS, program) ? WRAPPERS[program] : undefined;
    if (wrapper !== undefined) {
      const args = invocation.argv.slice(1);
      const unwrapped = wrapper(args.map((arg) => arg.value));
      const via = [...invocation.via, program];
      const assignments = { ...invocation.assignments, ...unwrapped.assignments };
      if (unwrapped.line !== undefined) {
        parseNested(walk, unwrapped.line, { ...scope, via: invocation.via }, program, assignments);
        return;
      }
      invocation = { ...invocation, argv: args.slice(unwrapped.start), via, assignments, dynamic: invocation.dynamic || unwrapped.dynamic === true };
      continue;
    }
    if (SHELLS.has(program)) runShell(walk, scope, invocation, program);
    else if (program === 'eval') parseNested(walk, invocation.argv.slice(1).map((arg) => arg.value).join(' '), { ...scope, via: invocation.via }, 'eval');
    else if (program === 'ssh') runSsh(walk, scope, invocation);
    else if (program === 'su' || program === 'runuser') runSu(walk, scope, invocation, program);
    else if (program === 'find') runFind(walk, scope, invocation);
    else pushCommand(walk, invocation, program);
    return;
  }
  walk.fail('unwrap bound', false);
}

/**
 * What one shell line does: every simple command it runs, with wrappers (sudo, env, xargs, find -exec, ...)
 * and nested shells (bash -c, eval, $(...), heredocs fed to a shell, ssh) unwrapped. Never throws; a line
 * that does not parse or passes a bound gives `unparsed: true` with a reason and whatever was understood.
 */
export function parseShell(line: string, options: ShellOptions = {}): ShellModel {
  const maxLength = options.maxLength ?? DEFAULT_MAX_LENGTH;
  const text = typeof line === 'string' ? line : String(line);
  const walk = new Walk(options.home, options.maxDepth ?? DEFAULT_MAX_DEPTH, options.maxCommands ?? DEFAULT_MAX_COMMANDS, Math.min(text.length, maxLength));
  if (text.length > maxLength) walk.fail(`size bound: ${text.length} characters, more than ${maxLength}`, false);
  const vars: Variables = new Map();
  if (options.home !== undefined) vars.set('HOME', options.home);
  try {
    parseLine(walk, text.slice(0, maxLength), { vars, via: [], depth: 0, source: text });
  } catch (error) {
    // unbash is tolerant, and the walk is bounded; this guards the promise never to throw.
    walk.fail(`internal error: ${error instanceof Error ? error.message : String(error)}`, true);
  }
  const model: ShellModel = { line: text, unparsed: walk.reason !== undefined, commands: walk.commands, work: walk.work };
  if (walk.reason !== undefined) model.unparsedReason = walk.reason;
  return model;
}
