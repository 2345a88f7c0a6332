import { spawn, type ChildProcess } from 'node:child_process';

export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface SpawnedServer {
  readonly child: ChildProcess;
  // The first stdout line, the base URL.
  readonly url: string;
  readonly exited: Promise<Exit>;
}

const running = new Set<ChildProcess>();

// Runs a command to its end and collects its output.
export function runToExit(command: string, args: readonly string[], options: { cwd?: string } = {}): Promise<Exit> {
  return launch(command, args, options).exited;
}

function launch(command: string, args: readonly string[], options: { cwd?: string }): { child: ChildProcess; exited: Promise<Exit>; output: () => { stdout: string; stderr: string } } {
  const child = spawn(command, args, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<Exit>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      running.delete(child);
      resolve({ code, signal, stdout, stderr });
    });
  });
  return { child, exited, output: () => ({ stdout, stderr }) };
}

// Spawns a server command and waits for the URL line it prints on stdout.
export async function spawnServer(command: string, args: readonly string[], options: { cwd?: string } = {}): Promise<SpawnedServer> {
  const { child, exited, output } = launch(command, args, options);
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (): void => {
      const { stdout } = output();
      const end = stdout.indexOf('\n');
      if (end === -1) return;
      child.stdout!.off('data', onData);
      resolve(stdout.slice(0, end));
    };
    child.stdout!.on('data', onData);
    exited.then((exit) => reject(new Error(`server exited before printing its URL: ${JSON.stringify(exit)}`)), reject);
  });
  return { child, url, exited };
}

// Kills whatever a test left running.
export async function killLeftovers(): Promise<void> {
  const children = [...running];
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once('close', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
}

// Asks the server at `url` for a completion and returns the answer text.
export async function askContent(url: string, text: string): Promise<string> {
  const response = await fetch(`${url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'mock', messages: [{ role: 'user', content: text }] }),
  });
  if (response.status !== 200) throw new Error(`status ${response.status}: ${await response.text()}`);
  const completion = (await response.json()) as { choices: Array<{ message: { content: string } }> };
  return completion.choices[0]!.message.content;
}
