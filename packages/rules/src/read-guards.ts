/**
 * Cheap tests read off a condition's text so a rule is compiled and run only when it could match:
 * a condition whose every `||` branch starts with `c.program == 'x' &&` or `c.program in [...] &&`
 * can only match those programs; one that starts with `shell.line.matches(r'...') &&` can only
 * match lines that regex matches. Sound by construction: when the guard is false, so is the
 * condition. Anything else gets no guard and always runs.
 */
export interface RuleGuards {
  /** `for: command`: the rule can only match commands running one of these programs. */
  programs?: ReadonlySet<string>;
  /** Whole-action rules: the rule can only match when some command runs one of these programs. */
  anyPrograms?: ReadonlySet<string>;
  line?: { pattern: RegExp; lower: boolean };
  /**
   * `for: command`: a test a command must pass for the rule to match it, from every conjunct of
   * every `||` branch that is a plain test of `c.program`, `c.sub`, `c.text` or `c.code.source`
   * (equality, `in`, `startsWith`, `matches`); absent when some branch has no such conjunct.
   */
  admits?: (c: GuardedCommand) => boolean;
  /** Whole-action rules of the `shell.commands.exists(x, ...)` form: a test some command must pass. */
  admitsAny?: (c: GuardedCommand) => boolean;
  /**
   * Whole-action rules: a test the action must pass, from every conjunct of every `||` branch that
   * is a command test as above, a `shell.line` regex, `files.exists(`, `urls.exists(` or
   * `shell.unparsed`; absent when some branch has none.
   */
  admitsAction?: (action: GuardedAction) => boolean;
  /**
   * `for: file`: a test a file must pass for the rule to match it, from every conjunct of every
   * `||` branch that is a plain test of `f.op`, `f.classes`, `f.name`, `f.path` or `f.source`;
   * absent when some branch has none. Without it, every file of every event compiled the condition.
   */
  admitsFile?: (f: GuardedFile) => boolean;
}

/** The fields of a file that guards read. */
export interface GuardedFile {
  readonly path: string;
  readonly name: string;
  readonly op: string;
  readonly classes: readonly string[];
  readonly source: string;
}

/** The parts of an action that guards read. */
export interface GuardedAction {
  readonly shell: { readonly line: string; readonly unparsed: boolean; readonly commands: readonly GuardedCommand[] };
  readonly files: readonly GuardedFile[];
  readonly urls: readonly unknown[];
}

/** The fields of a command that guards read: all cheap, all already on the view. */
export interface GuardedCommand {
  readonly program: string;
  readonly sub: string;
  readonly text: string;
  readonly args: readonly string[];
  readonly words: readonly string[];
  readonly assignments: ReadonlyMap<string, string>;
  readonly redirects: readonly unknown[];
  readonly paths: readonly unknown[];
  readonly code: { readonly source: string };
}

/**
 * What `readGuards` finds, as data: the built-in pack ships it precomputed
 * (packs/recommended.guards.json), since reading it costs as much as compiling, cold, in a process
 * started per tool call.
 */
export interface GuardSpec {
  programs?: string[];
  anyPrograms?: string[];
  line?: { source: string; lower: boolean };
  admits?: CommandTestSpec;
  admitsAny?: CommandTestSpec;
  admitsAction?: ActionTestSpec;
  admitsFile?: FileTestSpec;
}

/** A test of one file's cheap fields: `any`/`all` of tests, or one field test. */
export type FileTestSpec =
  | { any: FileTestSpec[] }
  | { all: FileTestSpec[] }
  | { file: 'op' | 'source' | 'name' | 'path'; in: string[] }
  | { file: 'op' | 'source' | 'name' | 'path'; notIn: string[] }
  | { file: 'source' | 'name' | 'path'; startsWith: string }
  | { file: 'source' | 'name' | 'path'; endsWith: string }
  | { file: 'name' | 'path'; matches: string }
  | { classesIn: string[] }
  | { classesNonEmpty: true };

/** A test of a whole action: `any`/`all` of tests, some command passing a test, a line regex, or a part that must not be empty. */
export type ActionTestSpec =
  | { any: ActionTestSpec[] }
  | { all: ActionTestSpec[] }
  | { command: CommandTestSpec | true }
  | { line: string; lower: boolean }
  | { nonEmpty: 'files' | 'urls' }
  | { anyFile: FileTestSpec }
  | { unparsed: true };

/** A test of one command's cheap fields: `any`/`all` of tests, or one field test. */
export type CommandTestSpec =
  | { any: CommandTestSpec[] }
  | { all: CommandTestSpec[] }
  | { field: 'program' | 'sub'; in: string[] }
  | { field: 'program' | 'sub'; startsWith: string }
  | { field: 'text' | 'code.source'; matches: string }
  | { field: 'program' | 'sub'; notIn: string[] }
  | { field: 'args' | 'words'; someIn: string[] }
  | { field: 'args' | 'words'; some: 'startsWith' | 'endsWith' | 'contains'; value: string; lower: boolean }
  | { assigns: string }
  | { assignsPrefix: string }
  | { nonEmpty: 'redirects' | 'paths' };

type CommandTest = (c: GuardedCommand) => boolean;

const LINE_MATCHES = /^shell\.line(\.lowerAscii\(\))?\.matches\(r'([^']*)'\)$/;
const COMMANDS_EXISTS = /^shell\.commands\.exists\(\s*([A-Za-z_]\w*)\s*,([\s\S]*)\)$/;

export function readGuards(when: string): RuleGuards {
  return instantiateGuards(readGuardSpec(when));
}

/** The guards of a condition, as data. */
export function readGuardSpec(when: string): GuardSpec {
  const spec: GuardSpec = {};
  const firsts = splitTopLevel(when, '||').map(readFirstConjunct);
  const programs = readPrograms(firsts, 'c');
  if (programs !== undefined) spec.programs = [...programs];
  const anyPrograms = new Set<string>();
  let allExist = firsts.length > 0;
  for (const first of firsts) {
    const exists = allExist ? COMMANDS_EXISTS.exec(first) : null;
    const found = exists === null ? undefined : readPrograms(splitTopLevel(exists[2]!, '||').map(readFirstConjunct), exists[1]!);
    if (found === undefined) allExist = false;
    else for (const p of found) anyPrograms.add(p);
  }
  if (allExist) spec.anyPrograms = [...anyPrograms];
  const line = firsts.length === 1 ? LINE_MATCHES.exec(firsts[0]!) : null;
  if (line !== null && compiles(line[2]!)) spec.line = { source: line[2]!, lower: line[1] !== undefined };
  const admits = readCommandTest(when, 'c');
  if (admits !== undefined && !sameAsPrograms(admits, spec.programs)) spec.admits = admits;
  if (allExist) {
    const tests = firsts.map((first) => {
      const exists = COMMANDS_EXISTS.exec(first)!;
      return readCommandTest(exists[2]!, exists[1]!);
    });
    if (tests.every((test) => test !== undefined)) spec.admitsAny = tests.length === 1 ? tests[0]! : { any: tests as CommandTestSpec[] };
  }
  const admitsFile = readBranches<FileTestSpec>(when, (conjunct) => readFileAtom(conjunct, 'f'));
  if (admitsFile !== undefined) spec.admitsFile = admitsFile;
  const admitsAction = readActionTest(when);
  if (admitsAction !== undefined && spec.admitsAny === undefined && spec.line === undefined) spec.admitsAction = admitsAction;
  return spec;
}

/** The guards a spec describes, as the tests `evaluate` runs. */
export function instantiateGuards(spec: GuardSpec): RuleGuards {
  const guards: RuleGuards = {};
  if (spec.programs !== undefined) guards.programs = new Set(spec.programs);
  if (spec.anyPrograms !== undefined) guards.anyPrograms = new Set(spec.anyPrograms);
  if (spec.line !== undefined) guards.line = { pattern: new RegExp(spec.line.source), lower: spec.line.lower };
  // Built on first use: a process started per tool call reaches few of them (most rules are
  // skipped by their program list first), and building them all cost more than the evaluation.
  if (spec.admits !== undefined) guards.admits = onFirstUse(spec.admits, instantiateTest);
  if (spec.admitsAny !== undefined) guards.admitsAny = onFirstUse(spec.admitsAny, instantiateTest);
  if (spec.admitsAction !== undefined) guards.admitsAction = onFirstUse(spec.admitsAction, instantiateActionTest);
  if (spec.admitsFile !== undefined) guards.admitsFile = onFirstUse(spec.admitsFile, instantiateFileTest);
  return guards;
}

/** The test of an `any` or `all` of specs, each made a test by `instantiate`. */
function combine<S, T>(spec: { any: S[] } | { all: S[] }, instantiate: (spec: S) => (value: T) => boolean): (value: T) => boolean {
  if ('any' in spec) {
    const tests = spec.any.map(instantiate);
    return (value) => tests.some((test) => test(value));
  }
  const tests = spec.all.map(instantiate);
  return (value) => tests.every((test) => test(value));
}

/** A test that builds itself from its spec the first time it runs. */
function onFirstUse<S, T>(spec: S, instantiate: (spec: S) => (value: T) => boolean): (value: T) => boolean {
  let test: ((value: T) => boolean) | undefined;
  return (value) => (test ??= instantiate(spec))(value);
}

function instantiateActionTest(spec: ActionTestSpec): (action: GuardedAction) => boolean {
  if ('any' in spec || 'all' in spec) return combine(spec, instantiateActionTest);
  if ('command' in spec) {
    if (spec.command === true) return (a) => a.shell.commands.length > 0;
    const test = instantiateTest(spec.command);
    return (a) => a.shell.commands.some(test);
  }
  if ('line' in spec) {
    const pattern = new RegExp(spec.line);
    return spec.lower ? (a) => pattern.test(lowerAscii(a.shell.line)) : (a) => pattern.test(a.shell.line);
  }
  if ('nonEmpty' in spec) {
    const part = spec.nonEmpty;
    return (a) => a[part].length > 0;
  }
  if ('anyFile' in spec) {
    const test = instantiateFileTest(spec.anyFile);
    return (a) => a.files.some(test);
  }
  return (a) => a.shell.unparsed;
}

function instantiateFileTest(spec: FileTestSpec): (f: GuardedFile) => boolean {
  if ('any' in spec || 'all' in spec) return combine(spec, instantiateFileTest);
  if ('classesIn' in spec) {
    const values = new Set(spec.classesIn);
    return (f) => f.classes.some((k) => values.has(k));
  }
  if ('classesNonEmpty' in spec) return (f) => f.classes.length > 0;
  const { file } = spec;
  if ('in' in spec) {
    const values = new Set(spec.in);
    return (f) => values.has(f[file]);
  }
  if ('notIn' in spec) {
    const values = new Set(spec.notIn);
    return (f) => !values.has(f[file]);
  }
  if ('startsWith' in spec) {
    const { startsWith } = spec;
    return (f) => f[file].startsWith(startsWith);
  }
  if ('endsWith' in spec) {
    const { endsWith } = spec;
    return (f) => f[file].endsWith(endsWith);
  }
  const pattern = new RegExp(spec.matches);
  return (f) => pattern.test(f[file]);
}

/** CEL's lowerAscii: only A-Z change (JavaScript's toLowerCase changes more). */
function lowerAscii(text: string): string {
  return text.replace(/[A-Z]+/g, (upper) => upper.toLowerCase());
}

function instantiateTest(spec: CommandTestSpec): CommandTest {
  if ('any' in spec || 'all' in spec) return combine(spec, instantiateTest);
  if ('in' in spec) {
    const { field } = spec;
    const values = new Set(spec.in);
    return (c) => values.has(c[field]);
  }
  if ('startsWith' in spec) {
    const { field, startsWith } = spec;
    return (c) => c[field].startsWith(startsWith);
  }
  if ('someIn' in spec) {
    const { field } = spec;
    const values = new Set(spec.someIn);
    return (c) => c[field].some((value) => values.has(value));
  }
  if ('notIn' in spec) {
    const { field } = spec;
    const values = new Set(spec.notIn);
    return (c) => !values.has(c[field]);
  }
  if ('some' in spec) {
    const { field, some, value, lower } = spec;
    const read = lower ? lowerAscii : (text: string) => text;
    if (some === 'startsWith') return (c) => c[field].some((item) => read(item).startsWith(value));
    if (some === 'endsWith') return (c) => c[field].some((item) => read(item).endsWith(value));
    return (c) => c[field].some((item) => read(item).includes(value));
  }
  if ('assigns' in spec) {
    const { assigns } = spec;
    return (c) => c.assignments.has(assigns);
  }
  if ('assignsPrefix' in spec) {
    const { assignsPrefix } = spec;
    return (c) => [...c.assignments.keys()].some((key) => key.startsWith(assignsPrefix));
  }
  if ('nonEmpty' in spec) {
    const part = spec.nonEmpty;
    return (c) => c[part].length > 0;
  }
  const pattern = new RegExp(spec.matches);
  return spec.field === 'text' ? (c) => pattern.test(c.text) : (c) => pattern.test(c.code.source);
}

/** Whether a command test says no more than the program list does. */
function sameAsPrograms(test: CommandTestSpec, programs: string[] | undefined): boolean {
  return programs !== undefined && 'in' in test && test.field === 'program' && test.in.length === programs.length && test.in.every((p) => programs.includes(p));
}

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    // An invalid pattern gets no guard: compiling the rule reports it.
    return false;
  }
}

const FIELD_EQUALS = /^([A-Za-z_]\w*)\.(program|sub)\s*==\s*'([^'\\]*)'$/;
const FIELD_IN = /^([A-Za-z_]\w*)\.(program|sub)\s+in\s+\[((?:\s*'[^'\\]*'\s*,?)*)\]$/;
const FIELD_STARTS = /^([A-Za-z_]\w*)\.(program|sub)\.startsWith\('([^'\\]*)'\)$/;
const FIELD_MATCHES = /^([A-Za-z_]\w*)\.(text|code\.source)\.matches\(r'([^']*)'\)$/;
const LIST_HAS = /^([A-Za-z_]\w*)\.(args|words)\.exists\(\s*([A-Za-z_]\w*)\s*,\s*([A-Za-z_]\w*)\s*(?:==\s*'([^'\\]*)'|in\s+\[((?:\s*'[^'\\]*'\s*,?)*)\])\s*\)$/;
const ASSIGNS = /^'([^'\\]*)'\s+in\s+([A-Za-z_]\w*)\.assignments$/;
const PART_OF_COMMAND_EXISTS = /^([A-Za-z_]\w*)\.(redirects|paths)\.exists\(/;
const NOT_IN = /^!\(([A-Za-z_]\w*)\.(program|sub)\s+in\s+\[((?:\s*'[^'\\]*'\s*,?)*)\]\)$/;
const NOT_EQUALS = /^([A-Za-z_]\w*)\.(program|sub)\s*!=\s*'([^'\\]*)'$/;
const LIST_SOME = /^([A-Za-z_]\w*)\.(args|words)\.exists\(\s*([A-Za-z_]\w*)\s*,\s*([A-Za-z_]\w*)(\.lowerAscii\(\))?\.(startsWith|endsWith|contains)\('([^'\\]*)'\)\s*\)$/;
const LIST_EXISTS = /^([A-Za-z_]\w*)\.(args|words)\.exists\(\s*([A-Za-z_]\w*)\s*,([\s\S]*)\)$/;
const ASSIGNS_PREFIX = /^([A-Za-z_]\w*)\.assignments\.exists\(\s*([A-Za-z_]\w*)\s*,\s*([A-Za-z_]\w*)\.startsWith\('([^'\\]*)'\)\s*\)$/;
const PART_EXISTS = /^(files|urls)\.exists\(/;
const FILES_EXISTS = /^files\.exists\(\s*([A-Za-z_]\w*)\s*,([\s\S]*)\)$/;
const FILE_EQUALS = /^([A-Za-z_]\w*)\.(op|source|name|path)\s*(==|!=)\s*'([^'\\]*)'$/;
const FILE_IN = /^([A-Za-z_]\w*)\.(op|source|name|path)\s+in\s+\[((?:\s*'[^'\\]*'\s*,?)*)\]$/;
const FILE_AFFIX = /^([A-Za-z_]\w*)\.(source|name|path)\.(startsWith|endsWith)\('([^'\\]*)'\)$/;
const FILE_MATCHES = /^([A-Za-z_]\w*)\.(name|path)\.matches\(r'([^']*)'\)$/;
const CLASS_IN = /^'([^'\\]*)'\s+in\s+([A-Za-z_]\w*)\.classes$/;
const CLASSES_EXISTS_IN = /^([A-Za-z_]\w*)\.classes\.exists\(\s*([A-Za-z_]\w*)\s*,\s*([A-Za-z_]\w*)\s+in\s+\[((?:\s*'[^'\\]*'\s*,?)*)\]\s*\)$/;
const CLASSES_EXISTS = /^([A-Za-z_]\w*)\.classes\.exists\(/;

/**
 * The test a command must pass for `when` (over `variable`) to hold: for each `||` branch, the
 * conjunction of its conjuncts that are plain field tests; undefined when a branch has none.
 * Sound by construction: each conjunct kept must be true for its branch to be.
 */
function readCommandTest(when: string, variable: string): CommandTestSpec | undefined {
  return readBranches<CommandTestSpec>(when, (conjunct) => readAtom(conjunct, variable));
}

/**
 * For each `||` branch, the conjunction of the conjuncts `readAtom` knows; undefined when a branch
 * has none. Sound by construction: each conjunct kept must be true for its branch to be.
 */
function readBranches<T>(when: string, readAtom: (conjunct: string) => T | undefined): T | { any: T[] } | { all: T[] } | undefined {
  const tests: (T | { all: T[] })[] = [];
  for (const branch of splitTopLevel(when, '||')) {
    const kept = splitTopLevel(stripParens(branch), '&&')
      .map((conjunct) => readAtom(stripParens(conjunct)))
      .filter((atom): atom is T => atom !== undefined);
    if (kept.length === 0) return undefined;
    tests.push(kept.length === 1 ? kept[0]! : { all: kept });
  }
  return tests.length === 0 ? undefined : tests.length === 1 ? tests[0]! : { any: tests as T[] };
}

function readAtom(conjunct: string, variable: string): CommandTestSpec | undefined {
  const equals = FIELD_EQUALS.exec(conjunct);
  if (equals !== null && equals[1] === variable) return { field: equals[2] as 'program' | 'sub', in: [equals[3]!] };
  const within = FIELD_IN.exec(conjunct);
  if (within !== null && within[1] === variable) return { field: within[2] as 'program' | 'sub', in: [...within[3]!.matchAll(QUOTED)].map((item) => item[1]!) };
  const starts = FIELD_STARTS.exec(conjunct);
  if (starts !== null && starts[1] === variable) return { field: starts[2] as 'program' | 'sub', startsWith: starts[3]! };
  const matches = FIELD_MATCHES.exec(conjunct);
  if (matches !== null && matches[1] === variable) return compiles(matches[3]!) ? { field: matches[2] as 'text' | 'code.source', matches: matches[3]! } : undefined;
  const has = LIST_HAS.exec(conjunct);
  if (has !== null && has[1] === variable && has[3] === has[4]) {
    return { field: has[2] as 'args' | 'words', someIn: has[5] !== undefined ? [has[5]] : [...has[6]!.matchAll(QUOTED)].map((item) => item[1]!) };
  }
  const assigns = ASSIGNS.exec(conjunct);
  if (assigns !== null && assigns[2] === variable) return { assigns: assigns[1]! };
  const part = PART_OF_COMMAND_EXISTS.exec(conjunct);
  if (part !== null && part[1] === variable && closesAtEnd(conjunct.slice(part[0].length - 1))) return { nonEmpty: part[2] as 'redirects' | 'paths' };
  const notIn = NOT_IN.exec(conjunct);
  if (notIn !== null && notIn[1] === variable) return { field: notIn[2] as 'program' | 'sub', notIn: [...notIn[3]!.matchAll(QUOTED)].map((item) => item[1]!) };
  const notEquals = NOT_EQUALS.exec(conjunct);
  if (notEquals !== null && notEquals[1] === variable) return { field: notEquals[2] as 'program' | 'sub', notIn: [notEquals[3]!] };
  const some = LIST_SOME.exec(conjunct);
  if (some !== null && some[1] === variable && some[3] === some[4]) {
    return { field: some[2] as 'args' | 'words', some: some[6] as 'startsWith' | 'endsWith' | 'contains', value: some[7]!, lower: some[5] !== undefined };
  }
  // `c.args.exists(a, P(a) && ...)`: some element passes P, for the first plain P of the body's conjuncts.
  const exists = LIST_EXISTS.exec(conjunct);
  if (exists !== null && exists[1] === variable && closesAtEnd(conjunct.slice(conjunct.indexOf('(')))) {
    const element = exists[3]!;
    for (const part of splitTopLevel(stripParens(exists[4]!), '&&')) {
      const test = readElementTest(stripParens(part), element);
      if (test !== undefined) return { field: exists[2] as 'args' | 'words', ...test };
    }
  }
  const prefix = ASSIGNS_PREFIX.exec(conjunct);
  if (prefix !== null && prefix[1] === variable && prefix[2] === prefix[3]) return { assignsPrefix: prefix[4]! };
  // A parenthesised `||` or `&&` of such tests, as in `c.program == 'git' && (c.sub == 'a' || c.sub == 'b')`.
  if (splitTopLevel(conjunct, '||').length > 1 || splitTopLevel(conjunct, '&&').length > 1) return readCommandTest(conjunct, variable);
  return undefined;
}

/** One conjunct over a file (`variable`) as a test, if it is one of the plain forms. */
function readFileAtom(conjunct: string, variable: string): FileTestSpec | undefined {
  const equals = FILE_EQUALS.exec(conjunct);
  if (equals !== null && equals[1] === variable) {
    const file = equals[2] as 'op' | 'source' | 'name' | 'path';
    return equals[3] === '==' ? { file, in: [equals[4]!] } : { file, notIn: [equals[4]!] };
  }
  const within = FILE_IN.exec(conjunct);
  if (within !== null && within[1] === variable) return { file: within[2] as 'op' | 'source' | 'name' | 'path', in: [...within[3]!.matchAll(QUOTED)].map((item) => item[1]!) };
  const affix = FILE_AFFIX.exec(conjunct);
  if (affix !== null && affix[1] === variable) {
    const file = affix[2] as 'source' | 'name' | 'path';
    return affix[3] === 'startsWith' ? { file, startsWith: affix[4]! } : { file, endsWith: affix[4]! };
  }
  const matches = FILE_MATCHES.exec(conjunct);
  if (matches !== null && matches[1] === variable) return compiles(matches[3]!) ? { file: matches[2] as 'name' | 'path', matches: matches[3]! } : undefined;
  const classIn = CLASS_IN.exec(conjunct);
  if (classIn !== null && classIn[2] === variable) return { classesIn: [classIn[1]!] };
  const existsIn = CLASSES_EXISTS_IN.exec(conjunct);
  if (existsIn !== null && existsIn[1] === variable && existsIn[2] === existsIn[3]) return { classesIn: [...existsIn[4]!.matchAll(QUOTED)].map((item) => item[1]!) };
  const exists = CLASSES_EXISTS.exec(conjunct);
  if (exists !== null && exists[1] === variable && closesAtEnd(conjunct.slice(exists[0].length - 1))) return { classesNonEmpty: true };
  // A parenthesised `||` or `&&` of such tests.
  if (splitTopLevel(conjunct, '||').length > 1 || splitTopLevel(conjunct, '&&').length > 1) return readBranches<FileTestSpec>(conjunct, (inner) => readFileAtom(inner, variable));
  return undefined;
}

const ELEMENT_AFFIX = /^([A-Za-z_]\w*)(\.lowerAscii\(\))?\.(startsWith|endsWith|contains)\('([^'\\]*)'\)$/;
const ELEMENT_IS = /^([A-Za-z_]\w*)\s*(?:==\s*'([^'\\]*)'|in\s+\[((?:\s*'[^'\\]*'\s*,?)*)\])$/;

/** A plain test of one list element (`a.contains('x')`, `a == 'x'`, `a in [...]`), as the `some`/`someIn` parts of a command test. */
function readElementTest(conjunct: string, element: string): { some: 'startsWith' | 'endsWith' | 'contains'; value: string; lower: boolean } | { someIn: string[] } | undefined {
  const affix = ELEMENT_AFFIX.exec(conjunct);
  if (affix !== null && affix[1] === element) return { some: affix[3] as 'startsWith' | 'endsWith' | 'contains', value: affix[4]!, lower: affix[2] !== undefined };
  const is = ELEMENT_IS.exec(conjunct);
  if (is !== null && is[1] === element) return { someIn: is[2] !== undefined ? [is[2]] : [...is[3]!.matchAll(QUOTED)].map((item) => item[1]!) };
  return undefined;
}

/** The test an action must pass for `when` to hold, read as `readCommandTest` reads a command's. */
function readActionTest(when: string): ActionTestSpec | undefined {
  return readBranches<ActionTestSpec>(when, readActionAtom);
}

function readActionAtom(conjunct: string): ActionTestSpec | undefined {
  const exists = COMMANDS_EXISTS.exec(conjunct);
  if (exists !== null && closesAtEnd(conjunct.slice('shell.commands.exists'.length))) return { command: readCommandTest(exists[2]!, exists[1]!) ?? true };
  const line = LINE_MATCHES.exec(conjunct);
  if (line !== null) return compiles(line[2]!) ? { line: line[2]!, lower: line[1] !== undefined } : undefined;
  const part = PART_EXISTS.exec(conjunct);
  if (part !== null && closesAtEnd(conjunct.slice(part[0].length - 1))) {
    const files = FILES_EXISTS.exec(conjunct);
    const test = files === null ? undefined : readBranches<FileTestSpec>(files[2]!, (inner) => readFileAtom(inner, files[1]!));
    return test !== undefined ? { anyFile: test } : { nonEmpty: part[1] as 'files' | 'urls' };
  }
  if (conjunct === 'shell.unparsed') return { unparsed: true };
  if (splitTopLevel(conjunct, '||').length > 1 || splitTopLevel(conjunct, '&&').length > 1) return readActionTest(conjunct);
  return undefined;
}

function readFirstConjunct(branch: string): string {
  return splitTopLevel(stripParens(branch), '&&')[0]?.trim() ?? '';
}

const PROGRAM_EQUALS = /^([A-Za-z_]\w*)\.program\s*==\s*'([^'\\]*)'$/;
const PROGRAM_IN = /^([A-Za-z_]\w*)\.program\s+in\s+\[((?:\s*'[^'\\]*'\s*,?)*)\]$/;
const QUOTED = /'([^'\\]*)'/g;

/** The programs every branch tests first (`v.program == 'x'` or `v.program in [...]`), if all do. */
function readPrograms(firsts: string[], variable: string): Set<string> | undefined {
  const programs = new Set<string>();
  for (const first of firsts) {
    const one = PROGRAM_EQUALS.exec(first);
    const many = one === null ? PROGRAM_IN.exec(first) : null;
    if (one !== null && one[1] === variable) programs.add(one[2]!);
    else if (many !== null && many[1] === variable) for (const item of many[2]!.matchAll(QUOTED)) programs.add(item[1]!);
    else return undefined;
  }
  return firsts.length > 0 ? programs : undefined;
}

/** String literals (raw first), brackets and the two operators: all a split needs to see. */
const TOKENS = /[rR]'[^']*'|[rR]"[^"]*"|'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|[()[\]{}]|\|\||&&|['"]/g;

/**
 * Splits at a top-level operator (outside parentheses, brackets and string literals). Scans with
 * one regular expression rather than character by character: this runs cold, once per rule, in a
 * process started per tool call.
 */
function splitTopLevel(text: string, operator: '||' | '&&'): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (const token of text.matchAll(TOKENS)) {
    const t = token[0];
    if (t === "'" || t === '"') return [text];
    if (t === '(' || t === '[' || t === '{') depth++;
    else if (t === ')' || t === ']' || t === '}') depth--;
    else if (t === operator && depth === 0) {
      parts.push(text.slice(start, token.index));
      start = token.index + 2;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function stripParens(text: string): string {
  let t = text.trim();
  while (t.startsWith('(') && t.endsWith(')') && closesAtEnd(t)) t = t.slice(1, -1).trim();
  return t;
}

/** Whether the opening parenthesis at 0 is closed by the last character. */
function closesAtEnd(text: string): boolean {
  let depth = 0;
  for (const token of text.matchAll(TOKENS)) {
    const t = token[0];
    if (t === "'" || t === '"') return false;
    if (t === '(') depth++;
    else if (t === ')' && --depth === 0 && token.index < text.length - 1) return false;
  }
  return depth === 0;
}
