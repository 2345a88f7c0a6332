export const DEFAULT_PORT = 8765;
export const DEFAULT_HOST = '127.0.0.1';

export const USAGE = `Usage: hookwire-mock-llm [--port N] [--host H]

A local OpenAI-compatible chat completions server for offline tests and demos.
It prints its base URL (e.g. http://127.0.0.1:${DEFAULT_PORT}/v1) on one line once listening,
and stops on SIGINT or SIGTERM.

Options:
  --port N   port to listen on, 0 picks a free one (default ${DEFAULT_PORT})
  --host H   address to listen on (default ${DEFAULT_HOST})
  --help     show this help
`;

export type CliArgs =
  | { readonly kind: 'serve'; readonly port: number; readonly host: string }
  | { readonly kind: 'help' }
  | { readonly kind: 'invalid'; readonly message: string };

const MAX_PORT = 65_535;

function parsePort(text: string): number | undefined {
  if (!/^\d{1,5}$/.test(text)) return undefined;
  const port = Number(text);
  return port <= MAX_PORT ? port : undefined;
}

// Reads `--port N`, `--port=N`, `--host H`, `--host=H` and `--help`; never throws.
export function parseCliArgs(argv: readonly string[]): CliArgs {
  let port = DEFAULT_PORT;
  let host = DEFAULT_HOST;
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] ?? '';
    if (arg === '--help' || arg === '-h') return { kind: 'help' };
    const equals = arg.indexOf('=');
    const name = arg.startsWith('--') && equals > 0 ? arg.slice(0, equals) : arg;
    if (name !== '--port' && name !== '--host') {
      const what = arg.startsWith('-') ? 'unknown option' : 'unexpected argument';
      return { kind: 'invalid', message: `${what} ${JSON.stringify(arg)}` };
    }
    let value: string | undefined;
    if (name !== arg) value = arg.slice(equals + 1);
    else {
      index += 1;
      value = argv[index];
    }
    if (value === undefined || (name === arg && value.startsWith('--'))) return { kind: 'invalid', message: `${name} needs a value` };
    if (name === '--port') {
      const parsed = parsePort(value);
      if (parsed === undefined) return { kind: 'invalid', message: `--port expects an integer from 0 to ${MAX_PORT}, received ${JSON.stringify(value)}` };
      port = parsed;
    } else {
      if (value === '') return { kind: 'invalid', message: '--host expects an address, received ""' };
      host = value;
    }
  }
  return { kind: 'serve', port, host };
}
