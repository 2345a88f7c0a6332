import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { onStopSignals } from '@hookwire/session';
import { startUiServer } from './ui-server.js';

/** The command that opens a URL in the user's browser on this platform. */
function opener(): { command: string; args: string[] } {
  if (process.platform === 'darwin') return { command: 'open', args: [] };
  if (process.platform === 'win32') return { command: 'cmd', args: ['/c', 'start', '""'] };
  return { command: 'xdg-open', args: [] };
}

/**
 * `hookwire ui`: serves the page until a stop signal (exit 0), printing its URL first. A browser
 * is opened unless `open` is false; a machine without one (a server, CI) only loses that.
 */
export async function runUi(options: { logPath: string; port?: number; open: boolean; warn: (message: string) => void }): Promise<number> {
  const ui = await startUiServer({ logPath: resolve(options.logPath), ...(options.port === undefined ? {} : { port: options.port }), warn: options.warn });
  process.stdout.write(`hookwire ui: ${ui.url}\n`);
  void ui.ready.then(() => process.stderr.write(`hookwire ui: read ${options.logPath}\n`));
  if (options.open) {
    const { command, args } = opener();
    try {
      const child = spawn(command, [...args, ui.url], { stdio: 'ignore', detached: true });
      child.on('error', () => options.warn(`could not open a browser (${command}); open ${ui.url}`));
      child.unref();
    } catch {
      options.warn(`could not open a browser (${command}); open ${ui.url}`);
    }
  }
  await new Promise<void>((done) => {
    const stop = onStopSignals(() => {
      stop();
      done();
    });
  });
  await ui.close();
  return 0;
}
