import { parseArgs } from 'node:util';
import { suggest } from '@hookwire/contract';
import { createJsonLogger } from '@hookwire/runtime';
import { exitAfterFlush, FLUSH_GRACE_MS, STOP_SIGNALS } from '@hookwire/session';
import { listen } from './listen.js';
import { DEFAULT_MAX_LINE_BYTES } from './protocol.js';
import { VERSION } from './version.js';

const NAME = 'hookwire-stdio-server';

export const STDIO_USAGE = `Usage:
  ${NAME} [listen] --config FILE ... [--log FILE [--log-omit-payloads]] [--max-line-bytes N] [--observe]
  ${NAME} --version | --help

Serves hookwire's line-delimited JSON protocol on stdin/stdout (logs on stderr) until bye, end of
input or a signal. Without --config, $HOOKWIRE_CONFIG names the config file(s), separated like PATH.
This package is the sidecar alone; the hookwire package has every other command.
`;

const OPTIONS = {
  config: { type: 'string', multiple: true },
  log: { type: 'string' },
  'log-omit-payloads': { type: 'boolean' },
  'max-line-bytes': { type: 'string' },
  observe: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

class Usage extends Error {}

/** Reads the command line into listen's options, or throws a {@link Usage} naming the mistake. */
function readCommandLine(argv: string[]): Parameters<typeof listen>[0] | 'help' | 'version' {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    const flag = /'(-{1,2}[^'\s=]+)/.exec((error as Error).message)?.[1];
    if ((error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && flag !== undefined) {
      const near = suggest(flag.replace(/^-+/, ''), Object.keys(OPTIONS));
      throw new Usage(`unknown flag ${flag}${near === undefined ? '' : `; did you mean --${near}?`}`);
    }
    throw new Usage((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help === true) return 'help';
  if (values.version === true) return 'version';
  const extra = positionals[0] === 'listen' ? positionals.slice(1) : positionals;
  if (extra.length > 0) {
    const near = suggest(extra[0]!, ['listen']);
    throw new Usage(`unexpected argument ${JSON.stringify(extra[0])}${near === undefined ? '' : `; did you mean ${near}?`} (this package serves listen only; the hookwire package has the other commands)`);
  }
  const fromEnv = (process.env.HOOKWIRE_CONFIG ?? '').split(':').filter((path) => path.trim() !== '');
  const configPaths = values.config ?? fromEnv;
  if (configPaths.length === 0) throw new Usage('no config: pass --config FILE or set $HOOKWIRE_CONFIG');
  const maxLineBytes = values['max-line-bytes'] === undefined ? DEFAULT_MAX_LINE_BYTES : Number(values['max-line-bytes']);
  if (!Number.isSafeInteger(maxLineBytes) || maxLineBytes <= 0) throw new Usage(`--max-line-bytes must be a positive whole number, received ${JSON.stringify(values['max-line-bytes'])}`);
  if (values['log-omit-payloads'] === true && values.log === undefined) throw new Usage('--log-omit-payloads needs --log FILE');
  return {
    configPaths,
    logger: createJsonLogger(),
    version: VERSION,
    maxLineBytes,
    observe: values.observe === true,
    logOmitsPayloads: values['log-omit-payloads'] === true,
    ...(values.log === undefined ? {} : { logPath: values.log }),
  };
}

const STOP_CODES: ReadonlySet<number> = new Set(Object.values(STOP_SIGNALS));

async function runCommandLine(argv: string[]): Promise<number> {
  let options;
  try {
    options = readCommandLine(argv);
  } catch (error) {
    if (!(error instanceof Usage)) throw error;
    process.stderr.write(`${NAME}: ${error.message}\n\n${STDIO_USAGE}`);
    return 2;
  }
  if (options === 'help') process.stdout.write(STDIO_USAGE);
  if (options === 'version') process.stdout.write(`${VERSION}\n`);
  if (typeof options === 'string') return 0;
  return listen(options);
}

/** Runs `hookwire-stdio-server ARGS` as a program: serves until bye, end of input or a signal, then exits. */
export function runSidecarProgram(argv: string[]): void {
  void runCommandLine(argv).then(
    (code) => exitAfterFlush(code, STOP_CODES.has(code) ? 0 : FLUSH_GRACE_MS),
    (error: unknown) => {
      process.stderr.write(`${NAME}: ${error instanceof Error ? error.message : String(error)}\n`);
      exitAfterFlush(2);
    },
  );
}
