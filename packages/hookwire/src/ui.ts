import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { onStopSignals } from '@hookwire/session';
import { startUiServer, type UiSource } from './ui-server.js';

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
export async function runUi(options: { source: UiSource; port?: number; open: boolean; warn: (message: string) => void }): Promise<number> {
  const source: UiSource = options.source.kind === 'file' ? { kind: 'file', path: resolve(options.source.path) } : options.source;
  const ui = await startUiServer({ source, ...(options.port === undefined ? {} : { port: options.port }), warn: options.warn });
  process.stdout.write(`hookwire ui: ${ui.url}\n`);
  if (source.kind === 'file') void ui.ready.then(() => process.stderr.write(`hookwire ui: read ${source.path}\n`));
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
