import { describe, expect, it } from 'vitest';
import { DEFAULT_HOST, DEFAULT_PORT, parseCliArgs } from '../src/parse-cli-args.js';

describe('parseCliArgs', () => {
  it.each([
    { argv: [], port: DEFAULT_PORT, host: DEFAULT_HOST },
    { argv: ['--port', '0'], port: 0, host: DEFAULT_HOST },
    { argv: ['--port', '8765'], port: 8765, host: DEFAULT_HOST },
    { argv: ['--port=65535'], port: 65_535, host: DEFAULT_HOST },
    { argv: ['--host', '::1', '--port', '1'], port: 1, host: '::1' },
    { argv: ['--host=0.0.0.0'], port: DEFAULT_PORT, host: '0.0.0.0' },
    { argv: ['--port', '1', '--port', '2'], port: 2, host: DEFAULT_HOST },
  ])('serves with $argv', ({ argv, port, host }) => {
    expect(parseCliArgs(argv)).toEqual({ kind: 'serve', port, host });
  });

  it.each([{ argv: ['--help'] }, { argv: ['-h'] }, { argv: ['--port', '1', '--help'] }])('shows help for $argv', ({ argv }) => {
    expect(parseCliArgs(argv)).toEqual({ kind: 'help' });
  });

  it.each([
    { argv: ['--port'], message: '--port needs a value' },
    { argv: ['--port', '--host', 'x'], message: '--port needs a value' },
    { argv: ['--host'], message: '--host needs a value' },
    { argv: ['--port', 'abc'], message: '--port expects an integer from 0 to 65535, received "abc"' },
    { argv: ['--port', '-1'], message: '--port expects an integer from 0 to 65535, received "-1"' },
    { argv: ['--port', '65536'], message: '--port expects an integer from 0 to 65535, received "65536"' },
    { argv: ['--port', '1.5'], message: '--port expects an integer from 0 to 65535, received "1.5"' },
    { argv: ['--port='], message: '--port expects an integer from 0 to 65535, received ""' },
    { argv: ['--host='], message: '--host expects an address, received ""' },
    { argv: ['--verbose'], message: 'unknown option "--verbose"' },
    { argv: ['-p', '1'], message: 'unknown option "-p"' },
    { argv: ['--port=1=2'], message: '--port expects an integer from 0 to 65535, received "1=2"' },
    { argv: ['serve'], message: 'unexpected argument "serve"' },
  ])('rejects $argv', ({ argv, message }) => {
    expect(parseCliArgs(argv)).toEqual({ kind: 'invalid', message });
  });
});
