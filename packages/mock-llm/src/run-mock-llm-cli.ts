import { parseCliArgs, USAGE } from './parse-cli-args.js';
import { startMockLlm } from './start-mock-llm.js';

const PROGRAM = 'hookwire-mock-llm';
const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

function listenForStopSignal(): { readonly stopped: Promise<void>; dispose(): void } {
  let onSignal = (): void => undefined;
  const dispose = (): void => {
    for (const name of STOP_SIGNALS) process.off(name, onSignal);
  };
  const stopped = new Promise<void>((resolve) => {
    onSignal = () => {
      dispose();
      resolve();
    };
  });
  for (const name of STOP_SIGNALS) process.on(name, onSignal);
  return { stopped, dispose };
}

/**
 * Runs the `hookwire-mock-llm` command line (`[--port N] [--host H] [--help]`) in this process:
 * prints the base URL as one line on stdout once listening, serves until SIGINT or SIGTERM, then
 * closes the server. Resolves with the exit code: 0 after a signal or `--help`, 1 when the server
 * cannot listen, 2 on bad arguments. Messages go to stderr.
 */
export async function runMockLlmCli(argv: readonly string[]): Promise<number> {
  const args = parseCliArgs(argv);
  if (args.kind === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  if (args.kind === 'invalid') {
    process.stderr.write(`${PROGRAM}: ${args.message}\nRun ${PROGRAM} --help for usage.\n`);
    return 2;
  }
  const signal = listenForStopSignal();
  let server;
  try {
    server = await startMockLlm({ port: args.port, host: args.host });
  } catch (error) {
    signal.dispose();
    process.stderr.write(`${PROGRAM}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  process.stdout.write(`${server.url}\n`);
  await signal.stopped;
  await server.close();
  return 0;
}
