import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from '@hookwire/contract';
import { checkConfig, createJsonLogger, createRuntime, type Logger } from '@hookwire/runtime';
import { runBridge } from './bridge/run-bridge.js';
import { formatDiagnostics, formatRuns } from './format.js';
import { listen } from './listen.js';
import { replay } from './replay.js';
import { runPolicyTests } from './policy-test.js';
import { DEFAULT_MAX_LINE_BYTES } from './protocol.js';
import { VERSION } from './version.js';

export const USAGE = `hookwire ${VERSION} — a hook runtime for AI coding agents

Usage:
  hookwire listen   --config FILE [--config FILE ...] [--log FILE [--log-omit-payloads]] [--max-line-bytes N] [--observe]
  hookwire run      --config FILE [--dialect claude] [--pass-allow] [--budget SECONDS] [--on-error warn|block] [--observe]
  hookwire check    --config FILE [--config FILE ...] [--json]
  hookwire dispatch --config FILE --event NAME [--payload FILE|-] [--subject S] [--cwd DIR] [--json] [--observe]
  hookwire replay   --log FILE --config FILE [--config FILE ...] [--json] [--only HOOK ...] [--skip HOOK ...]
  hookwire test     --config FILE [--config FILE ...] [DIR|FILE ...]
  hookwire --version | --help

listen    serve the line-delimited JSON protocol on stdin/stdout (logs on stderr)
run       one-shot bridge: read one hook payload on stdin, run every configured hook, answer as the host expects
check     print the config's diagnostics; exit 1 on errors
dispatch  run one dispatch and print the outcome and a table of the runs

replay    re-run the dispatches of a --log file against a config; print each decision that changed and the
          hooks that made the difference; exit 1 when any changed, 2 when it could not replay, 0 otherwise.
          Replayed hooks run for real (commands execute, webhooks are called): --only/--skip limit which
          hooks run; the others answer as the log recorded them

test      run policy tests (docs/policy-tests.md): each case an event, a payload and the expected decision;
          a folder's tests are its *.test.json files (default: the tests folder beside the first config).
          Reports TAP; exit 1 when a case fails, 2 when the tests or the config cannot be read. Hooks run for real

--observe runs every hook in observe mode: each runs and its run record shows what it would have
decided, but the answer is that of no hooks (a dry run of the whole config).
`;

const OPTIONS = {
  config: { type: 'string', multiple: true },
  log: { type: 'string' },
  'log-omit-payloads': { type: 'boolean' },
  observe: { type: 'boolean' },
  only: { type: 'string', multiple: true },
  skip: { type: 'string', multiple: true },
  'max-line-bytes': { type: 'string' },
  dialect: { type: 'string' },
  'pass-allow': { type: 'boolean' },
  budget: { type: 'string' },
  'on-error': { type: 'string' },
  json: { type: 'boolean' },
  event: { type: 'string' },
  payload: { type: 'string' },
  subject: { type: 'string' },
  cwd: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} satisfies ParseArgsConfig['options'];

function positiveNumber(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new UsageError(`--${flag} must be a positive number, received ${JSON.stringify(value)}`);
  return n;
}

function configsOf(values: { config?: string[] }, command: string): string[] {
  if (!values.config || values.config.length === 0) throw new UsageError(`hookwire ${command} needs --config FILE`);
  return values.config;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Runs the `hookwire` command line and returns its exit code. */
export async function main(argv: string[], logger: Logger = createJsonLogger()): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message, { cause: error });
  }
  const { values, positionals } = parsed;
  if (values.version) {
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  const command = positionals[0];
  if (values.help || command === undefined || command === 'help') {
    process.stdout.write(USAGE);
    return command === undefined && !values.help ? 2 : 0;
  }
  if (positionals.length > 1 && command !== 'test') throw new UsageError(`unexpected argument ${JSON.stringify(positionals[1])}`);
  switch (command) {
    case 'listen':
      return listen({
        configPaths: configsOf(values, 'listen'),
        logger,
        ...(values.log === undefined ? {} : { logPath: values.log }),
        logOmitsPayloads: values['log-omit-payloads'] === true,
        observe: values.observe === true,
        maxLineBytes: positiveNumber('max-line-bytes', values['max-line-bytes']) ?? DEFAULT_MAX_LINE_BYTES,
      });
    case 'run': {
      const onError = values['on-error'] ?? 'warn';
      if (onError !== 'warn' && onError !== 'block') throw new UsageError(`--on-error must be warn or block, received ${JSON.stringify(onError)}`);
      const dialect = values.dialect ?? 'claude';
      if (dialect !== 'claude') throw new UsageError(`--dialect must be claude (the only host dialect the bridge speaks so far), received ${JSON.stringify(dialect)}`);
      const budget = positiveNumber('budget', values.budget);
      return runBridge({
        configPaths: configsOf(values, 'run'),
        dialect,
        passAllow: values['pass-allow'] === true,
        onError,
        observe: values.observe === true,
        ...(budget === undefined ? {} : { budgetMs: budget * 1000 }),
        logger,
      });
    }
    case 'check': {
      const diagnostics = await checkConfig(configsOf(values, 'check'));
      process.stdout.write(values.json ? `${JSON.stringify(diagnostics, null, 2)}\n` : formatDiagnostics(diagnostics));
      return diagnostics.some((d) => d.severity === 'error') ? 1 : 0;
    }
    case 'dispatch': {
      if (values.event === undefined) throw new UsageError('hookwire dispatch needs --event NAME');
      const source = values.payload ?? '-';
      let payload: unknown;
      try {
        payload = JSON.parse(source === '-' ? await readStdin() : await readFile(source, 'utf8'));
      } catch (error) {
        throw new UsageError(`cannot read the payload from ${source === '-' ? 'stdin' : source}: ${(error as Error).message}`, { cause: error });
      }
      const runtime = await createRuntime({ configPath: configsOf(values, 'dispatch'), logger, observe: values.observe === true });
      try {
        const result = await runtime.dispatch(values.event, payload, {
          ...(values.subject === undefined ? {} : { subject: values.subject }),
          ...(values.cwd === undefined ? {} : { cwd: values.cwd }),
        });
        process.stdout.write(values.json ? `${JSON.stringify(result, null, 2)}\n` : `${JSON.stringify(result.outcome, null, 2)}\n\n${formatRuns(result.runs)}`);
        return 0;
      } finally {
        await runtime.close();
      }
    }
    case 'test': {
      const configPaths = configsOf(values, 'test');
      const paths = positionals.length > 1 ? positionals.slice(1) : [join(dirname(configPaths[0]!), 'tests')];
      return runPolicyTests({ paths, configPaths, logger });
    }
    case 'replay':
      if (values.log === undefined) throw new UsageError('hookwire replay needs --log FILE (an audit log written by --log)');
      return replay({
        logPath: values.log,
        configPaths: configsOf(values, 'replay'),
        json: values.json === true,
        ...(values.only === undefined ? {} : { only: values.only }),
        ...(values.skip === undefined ? {} : { skip: values.skip }),
        logger,
      });
    default:
      throw new UsageError(`unknown command ${JSON.stringify(command)}`);
  }
}
