import { createJsonLogger, type Logger } from '@hookwire/runtime';
import { suggest, UsageError } from '@hookwire/contract';
import { createPlainLogger, parseCommandFlags, type Command } from './command.js';
import { auditCommand } from './commands/audit.js';
import { bundleCommand } from './commands/bundle.js';
import { checkCommand } from './commands/check.js';
import { dispatchCommand } from './commands/dispatch.js';
import { doctorCommand } from './commands/doctor.js';
import { explainCommand } from './commands/explain.js';
import { initCommand } from './commands/init.js';
import { listenCommand } from './commands/listen.js';
import { logCommand } from './commands/log.js';
import { replayCommand } from './commands/replay.js';
import { rulesCommand } from './commands/rules.js';
import { runCommand } from './commands/run.js';
import { serveCommand } from './commands/serve.js';
import { statuslineCommand } from './commands/statusline.js';
import { testCommand } from './commands/test.js';
import { uiCommand } from './commands/ui.js';
import { VERSION } from './version.js';

/** Every `hookwire` command, in the order the usage lists them. */
const COMMANDS: readonly Command[] = [initCommand, listenCommand, runCommand, checkCommand, dispatchCommand, serveCommand, replayCommand, explainCommand, logCommand, testCommand, rulesCommand, doctorCommand, bundleCommand, auditCommand, statuslineCommand, uiCommand];

const BY_NAME = new Map(COMMANDS.map((command) => [command.name, command]));

export const USAGE = `hookwire ${VERSION} — a hook runtime for AI coding agents

Usage:
${COMMANDS.map((command) => `  ${command.usage}`).join('\n')}
  hookwire <command> --help
  hookwire --version | --help

${COMMANDS.map((command) => `${command.name.padEnd(10)} ${command.summary}`).join('\n')}

Without --config, the config is $HOOKWIRE_CONFIG, else ~/.config/hookwire/config.json and
.hookwire.json in the project directory ($CLAUDE_PROJECT_DIR, else the current directory).

--observe runs every hook in observe mode: each runs and its run record shows what it would have
decided, but the answer is that of no hooks (a dry run of the whole config).
`;

/** The usage of one command: what `hookwire <command> --help` prints. */
export const SEE_HELP = 'Run "hookwire --help" for every command, "hookwire <command> --help" for one.\n';

export function commandUsage(command: Command): string {
  return `Usage:\n  ${command.usage}\n\n${command.summary}\n`;
}

function ownersOf(flag: string): string[] {
  return COMMANDS.filter((command) => Object.hasOwn(command.options, flag)).map((command) => command.name);
}

/** Runs the `hookwire` command line and returns its exit code. */
export async function main(argv: string[], logger: Logger = createJsonLogger()): Promise<number> {
  // The command is the first argument that names one; flags before it are its flags too.
  const at = argv.findIndex((arg) => BY_NAME.has(arg) || arg === 'help');
  const name = at === -1 ? undefined : argv[at]!;
  const rest = at === -1 ? argv : [...argv.slice(0, at), ...argv.slice(at + 1)];
  if (name === undefined) {
    if (rest.includes('--version') || rest.includes('-v')) {
      process.stdout.write(`${VERSION}\n`);
      return 0;
    }
    if (rest.includes('--help') || rest.includes('-h')) {
      process.stdout.write(USAGE);
      return 0;
    }
    if (rest.length === 0) {
      process.stdout.write(USAGE);
      return 2;
    }
    const first = rest.find((arg) => !arg.startsWith('-'));
    if (first === undefined) {
      const flag = rest[0]!;
      const near = flag.startsWith('--') ? suggest(flag.slice(2).split('=')[0]!, ['help', 'version']) : undefined;
      throw new UsageError(near === undefined ? `hookwire: no command given before ${flag}` : `hookwire: unknown flag ${flag}; did you mean --${near}?`);
    }
    const near = suggest(first, [...BY_NAME.keys(), 'help']);
    throw new UsageError(`hookwire: unknown command ${JSON.stringify(first)}${near === undefined ? '' : `; did you mean ${JSON.stringify(near)}?`}`);
  }
  if (name === 'help') {
    const topic = rest.find((arg) => !arg.startsWith('-'));
    const command = topic === undefined ? undefined : BY_NAME.get(topic);
    if (topic !== undefined && command === undefined) {
      const near = suggest(topic, [...BY_NAME.keys()]);
      throw new UsageError(`hookwire help: unknown command ${JSON.stringify(topic)}${near === undefined ? '' : `; did you mean ${JSON.stringify(near)}?`}`);
    }
    process.stdout.write(command === undefined ? USAGE : commandUsage(command));
    return 0;
  }
  const command = BY_NAME.get(name)!;
  if (rest.some((arg) => arg === '--help' || arg === '-h')) {
    process.stdout.write(command.help === undefined ? commandUsage(command) : await command.help());
    return 0;
  }
  if (rest.some((arg) => arg === '--version' || arg === '-v')) {
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  let parsed;
  try {
    parsed = parseCommandFlags(command, rest, ownersOf);
  } catch (error) {
    if (!(error instanceof UsageError) || !command.answersMistakes) throw error;
    return command.run({}, { logger, argv: rest, problem: error.message.replace(`hookwire ${command.name}: `, '') });
  }
  const prefix = `hookwire ${command.name}`;
  try {
    return await command.run(parsed.values, { logger: command.machine === true ? logger : createPlainLogger(prefix), argv: rest, args: parsed.args });
  } catch (error) {
    if (error instanceof UsageError) throw error;
    // Whatever kept the command from running (a config not found, a file that cannot be read) is one line and exit 2: exit 1 means "found something".
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${message.startsWith(prefix) ? message : `${prefix}: ${message}`}\n`);
    return 2;
  }
}
