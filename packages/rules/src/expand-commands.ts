import { buildAction, type FileAccess, type ShellModel, type SimpleCommand } from '@hookwire/action';
import { readShellStrings } from './code-strings.js';

/**
 * What the shell model leaves for rules to dig out, done here so every rule sees it as commands:
 *  - program names as a case-insensitive or Windows file system finds them ('RM', 'git.exe');
 *  - `command -v/-V x` only describes x: dropped;
 *  - runners the model keeps as programs (parallel, rtk, `env -`, ...) run their arguments;
 *  - a dynamic program given `-c STRING` ($SHELL -c "...") runs STRING as a shell line;
 *  - variables that hold a command (GIT_SSH_COMMAND, EDITOR, PAGER, ...) and git -c core.sshCommand;
 *  - interpreter code (python -c, node -e/-pe, awk programs, heredocs fed to an interpreter) that
 *    hands a string to a shell: system(), os.system, subprocess.run([...]), execSync, backticks.
 * Nested lines go through buildAction, so the files they touch count too.
 * Bounded: at most `limit` commands and 4 levels of nesting.
 */
export function expandCommands(shell: ShellModel, context: ExpandContext, limit: number): { commands: SimpleCommand[]; files: FileAccess[] } {
  const commands: SimpleCommand[] = [];
  const files: FileAccess[] = [];
  const heredocs = readHeredocBodies(shell.line);
  const visit = (command: SimpleCommand, depth: number): void => {
    if (commands.length >= limit) return;
    const normal = normalizeCommand(command, heredocs);
    if (normal === undefined) return;
    commands.push(normal);
    if (depth >= 4) return;
    for (const [line, label] of findNestedLines(normal, heredocs)) {
      const nested = buildAction(
        { toolName: 'Bash', toolInput: { command: line }, cwd: context.cwd, projectDir: context.project },
        { home: context.home || '/', pathClasses: context.pathClasses },
      );
      if (files.length < limit) files.push(...nested.files.map((f) => ({ ...f, source: `${label}:${f.source}` })));
      for (const inner of nested.shell?.commands ?? []) visit({ ...inner, via: [...normal.via, label, ...inner.via] }, depth + 1);
    }
  };
  for (const command of shell.commands) visit(command, 0);
  return { commands, files };
}

export interface ExpandContext {
  home: string;
  cwd: string;
  project: string;
  pathClasses: Record<string, string[]>;
}

const RUNNERS = new Set(['parallel', 'rtk', '-', 'xargs', 'watch', 'strace', 'ltrace', 'unbuffer', 'caffeinate', 'torsocks', 'proxychains', 'proxychains4', 'firejail', 'pkexec', 'catchsegv', 'chronic', 'ts', 'retry', 'entr']);
const RUNNER_VALUE_FLAGS = new Set(['-j', '-P', '-S', '-n', '-s', '-I', '-J', '-R', '-L', '-E', '-d', '-a', '--jobs', '--max-procs', '--replace', '--delimiter', '--arg-file', '-o', '-e', '-u', '-p']);
const COMMAND_VARIABLES = new Set([
  'GIT_SSH_COMMAND', 'GIT_SSH', 'GIT_EDITOR', 'GIT_SEQUENCE_EDITOR', 'GIT_PAGER', 'GIT_EXTERNAL_DIFF', 'GIT_ASKPASS', 'SSH_ASKPASS',
  'EDITOR', 'VISUAL', 'PAGER', 'MANPAGER', 'LESSOPEN', 'LESSCLOSE', 'PROMPT_COMMAND', 'BASH_ENV', 'ENV', 'RSYNC_RSH', 'CVS_RSH', 'SUDO_ASKPASS',
]);
const INTERPRETERS = new Set(['python', 'python2', 'python3', 'node', 'nodejs', 'deno', 'bun', 'perl', 'ruby', 'php', 'lua', 'tclsh', 'osascript', 'Rscript', 'pwsh', 'powershell']);
const AWKS = new Set(['awk', 'gawk', 'mawk', 'nawk', 'busybox awk']);

function normalizeCommand(command: SimpleCommand, heredocs: string[]): SimpleCommand | undefined {
  const program = normalizeProgramName(command.program);
  if (command.via.includes('command') && /^\s*command\s+-[pvV]*[vV]/.test(command.text)) return undefined;
  let code = command.code;
  if (code === undefined && INTERPRETERS.has(program)) {
    const evalIndex = command.args.findIndex((a) => /^-[a-z]*[ep][a-z]*$/.test(a) || a === '--eval' || a === '--print');
    if (evalIndex >= 0 && command.args[evalIndex + 1] !== undefined) code = { interpreter: program, source: command.args[evalIndex + 1]! };
    else if (command.redirects.some((r) => r.op.startsWith('<<') && r.op !== '<<<') && heredocs.length > 0) code = { interpreter: program, source: heredocs.join('\n') };
  }
  if (code === undefined && AWKS.has(program)) {
    const source = command.args.find((a) => !a.startsWith('-'));
    if (source !== undefined) code = { interpreter: program, source };
  }
  if (program === command.program && code === command.code) return command;
  return { ...command, program, ...(code === undefined ? {} : { code }) };
}

/** 'RM' → 'rm', 'C:\\Program Files\\Git\\bin\\git.exe' → 'git', 'GIT.EXE' → 'git'. */
export function normalizeProgramName(program: string): string {
  let name = program.slice(Math.max(program.lastIndexOf('\\'), program.lastIndexOf('/')) + 1);
  name = name.toLowerCase();
  return name.endsWith('.exe') ? name.slice(0, -4) : name;
}

function findNestedLines(command: SimpleCommand, heredocs: readonly string[]): [string, string][] {
  const out: [string, string][] = [];
  const { program, args } = command;
  if (RUNNERS.has(program)) out.push(...readRunnerLines(program, args));
  if (program === '' && command.dynamic) {
    const flag = args.findIndex((a) => /^-[a-z]*c$/.test(a));
    if (flag >= 0 && args[flag + 1] !== undefined) out.push([args[flag + 1]!, '-c']);
    const runner = command.via.at(-1) ?? '';
    if (/(^|\s)-[a-z]*c$|^eval$/.test(runner)) out.push(...heredocs.map((body): [string, string] => [body, 'heredoc']));
  }
  for (const [name, value] of Object.entries(command.assignments ?? {})) {
    if (COMMAND_VARIABLES.has(name) && value.trim() !== '') out.push([value, `${name}=`]);
  }
  if (program === 'git') {
    for (let i = 0; i < args.length; i++) {
      const setting = args[i] === '-c' ? args[i + 1] : args[i]!.startsWith('-c') ? args[i]!.slice(2) : undefined;
      const match = setting === undefined ? null : /^(core\.sshcommand|core\.editor|core\.pager|core\.fsmonitor|sequence\.editor|diff\.external|credential\.helper|alias\.[^=]+)=(!?)(.*)$/i.exec(setting);
      if (match !== null && (match[1]!.toLowerCase().startsWith('alias.') ? match[2] === '!' : true)) out.push([match[3]!, 'git -c']);
    }
  }
  if (command.code !== undefined || AWKS.has(program)) {
    const source = command.code?.source ?? args.find((a) => !a.startsWith('-')) ?? '';
    for (const line of readShellStrings(source)) out.push([line, `${command.code?.interpreter ?? program} code`]);
  }
  return out;
}

function readRunnerLines(program: string, args: readonly string[]): [string, string][] {
  let i = 0;
  while (i < args.length && args[i]!.startsWith('-') && args[i] !== ':::' && (program !== '-' || i > 0)) {
    i += RUNNER_VALUE_FLAGS.has(args[i]!) ? 2 : 1;
  }
  const rest = args.slice(program === '-' ? 0 : i);
  if (program !== 'parallel') return rest.length > 0 ? [[rest.map(quoteWord).join(' '), program === '-' ? 'env -' : program]] : [];
  const split = rest.indexOf(':::');
  const template = split === -1 ? rest : rest.slice(0, split);
  const inputs = split === -1 ? [] : rest.slice(split + 1).filter((a) => a !== ':::').slice(0, 16);
  if (template.length === 0) return inputs.map((input) => [input, 'parallel']);
  if (inputs.length === 0) return [[template.map(quoteWord).join(' '), 'parallel']];
  return inputs.map((input) => {
    const words = template.some((w) => w.includes('{}')) ? template.map((w) => w.replaceAll('{}', input)) : [...template, input];
    return [words.map(quoteWord).join(' '), 'parallel'];
  });
}

function quoteWord(word: string): string {
  return /^[A-Za-z0-9_./=:@%+,~-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The bodies of the heredocs in a line (bounded), for interpreters fed code that way. */
function readHeredocBodies(line: string): string[] {
  if (!line.includes('<<')) return [];
  const out: string[] = [];
  const pattern = /<<-?\s*(["']?)([^\s"'<>;|&()]+(?: [^\s"'<>;|&()]+)?)\1[^\n]*\n/g;
  for (const match of line.matchAll(pattern)) {
    if (out.length >= 8) break;
    const start = match.index + match[0].length;
    const tag = match[2]!;
    const end = line.slice(start).search(new RegExp(`^\\s*${tag.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`, 'm'));
    out.push(end === -1 ? line.slice(start) : line.slice(start, start + end));
  }
  return out;
}
