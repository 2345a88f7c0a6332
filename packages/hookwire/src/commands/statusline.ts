import type { Command } from '../command.js';

/** How long `statusline` waits for its stdin to end: Claude Code writes its JSON and closes it at once. */
const STDIN_WAIT_MS = 200;

/** Claude Code's JSON on stdin, or '' when there is none (a terminal, or a pipe nobody closes in time). */
function readStdin(): Promise<string> {
  if (process.stdin.isTTY === true) return Promise.resolve('');
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const done = () => {
      clearTimeout(timer);
      process.stdin.removeAllListeners('data');
      process.stdin.destroy();
      resolve(Buffer.concat(chunks).toString('utf8'));
    };
    const timer = setTimeout(done, STDIN_WAIT_MS);
    process.stdin.on('data', (chunk: Buffer) => chunks.push(chunk));
    process.stdin.once('end', done);
    process.stdin.once('error', done);
  });
}

/**
 * `hookwire statusline`: one line for Claude Code's `statusLine` (docs/observability.md). It
 * answers even a mistake in its own command line, on stdout, so that a status line configured
 * wrong says so instead of going blank; its code is loaded only when it runs.
 */
export const statuslineCommand: Command = {
  name: 'statusline',
  usage: 'hookwire statusline [--config FILE ...] [--log FILE]',
  summary: "one status line for Claude Code's statusLine: guards on or off, the config's revision, and from a --log file the last denial and a failing hook",
  options: {
    config: { type: 'string', multiple: true },
    log: { type: 'string' },
  },
  answersMistakes: true,
  async run(values, { problem }) {
    if (problem !== undefined) {
      process.stdout.write(`hookwire ? — statusline: ${problem}\n`);
      process.stderr.write(`hookwire statusline: ${problem}\n`);
      return 2;
    }
    const [{ readStatusInput, statusLine }, text] = await Promise.all([import('../statusline.js'), readStdin()]);
    const line = await statusLine({
      ...(values.config === undefined ? {} : { configPaths: values.config as string[] }),
      ...(typeof values.log === 'string' ? { logPath: values.log } : {}),
      input: readStatusInput(text),
      env: process.env,
    });
    process.stdout.write(`${line}\n`);
    return 0;
  },
};
