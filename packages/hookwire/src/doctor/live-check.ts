import { spawn } from 'node:child_process';
import { eventNameIn, readAnswerIn, renderPayload, type DialectName } from '@hookwire/contract';
import { note, ok, problem, type Finding } from './findings.js';

/** How long a live check may take before it is a failure; a host gives the bridge far more, but a harmless event should take well under a second. */
export const LIVE_TIMEOUT_MS = 10_000;
/** Slower than this, a harmless event is worth a note: every tool call waits for it. */
export const LIVE_SLOW_MS = 3_000;

/** One run of the host's command line. */
export interface LiveRun {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
  timedOut: boolean;
}

/** Runs `command` as the host would (`sh -c`, in the project folder, the host's project variable set), `payload` on stdin; killed with its process group at the deadline. */
export function runHostCommand(command: string, payload: string, options: { cwd: string; env: Record<string, string | undefined> }): Promise<LiveRun> {
  return runProcess('sh', ['-c', command], payload, options);
}

/** Runs `program` with `args` in its own process group, `payload` on stdin, killed with the group after {@link LIVE_TIMEOUT_MS}. */
export function runProcess(program: string, args: readonly string[], payload: string, options: { cwd: string; env: Record<string, string | undefined> }): Promise<LiveRun> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(program, args, { cwd: options.cwd, env: options.env, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, LIVE_TIMEOUT_MS);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdin.on('error', () => {});
    child.stdin.end(payload);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: null, stdout, stderr: stderr + error.message, ms: performance.now() - started, timedOut });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: performance.now() - started, timedOut });
    });
  });
}

/** A PreToolUse (or the host's name for it) of the shell tool running `shellCommand`, in the host's payload shape. */
export function renderShellEvent(dialect: DialectName, shellCommand: string, projectDir: string): string {
  return renderPayload(dialect, 'tool:before', {
    session_id: 'hookwire-doctor',
    transcript_path: '',
    cwd: projectDir,
    hook_event_name: eventNameIn('claude', 'tool:before'),
    tool_name: 'Bash',
    tool_input: { command: shellCommand },
  });
}

function firstLine(text: string): string {
  return text.trim().split('\n')[0]?.slice(0, 300) ?? '';
}

/** The host's answer read as the host reads it, with what makes it unusable named. */
export function readLiveRun(dialect: DialectName, run: LiveRun): { problem?: string; denied: boolean; message?: string } {
  if (run.timedOut) return { problem: `gave no answer within ${LIVE_TIMEOUT_MS / 1000} s`, denied: false };
  if (run.code === null) return { problem: `could not be started: ${firstLine(run.stderr)}`, denied: false };
  const eventName = eventNameIn(dialect, 'tool:before');
  const answer = readAnswerIn(dialect, { end: { type: 'exit', code: run.code }, stdout: run.stdout, stderr: run.stderr, eventName, event: 'tool:before' });
  const denied = answer.decision === 'deny';
  if (run.code !== 0 && !denied) return { problem: `exited with code ${run.code}${run.stderr.trim() === '' ? '' : `: ${firstLine(run.stderr)}`}`, denied };
  const text = run.stdout.trim();
  if (text !== '' && run.code === 0) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return { problem: `answered text that is not JSON: ${firstLine(text)}`, denied };
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { problem: `answered JSON that is not an object: ${firstLine(text)}`, denied };
  }
  const message = answer.systemMessage?.join(' ');
  return { denied, ...(message === undefined ? {} : { message }) };
}

export interface LiveTarget {
  host: string;
  dialect: DialectName;
  command: string;
  file: string;
  projectDir: string;
  env: Record<string, string | undefined>;
  /** Whether a config layer has a rule pack: then a dangerous-looking command must be denied too. */
  hasRulePack: boolean;
}

/** A command line no guard should let through; built here, only ever sent as payload text, never run. */
export function dangerousCommand(): string {
  return ['rm', '-rf', '/'].join(' ');
}

/** The live check of one wired host: its command line, fed a harmless shell call (and, with a rule pack, a dangerous one). */
export async function checkLive(target: LiveTarget): Promise<Finding[]> {
  const found: Finding[] = [];
  const options = { cwd: target.projectDir, env: target.env };
  const harmless = await runHostCommand(target.command, renderShellEvent(target.dialect, 'ls', target.projectDir), options);
  const read = readLiveRun(target.dialect, harmless);
  const ms = Math.round(harmless.ms);
  if (read.problem !== undefined) {
    found.push(problem('live', `the command in ${target.file}, fed a harmless \`ls\` call, ${read.problem}`, 'run the command by hand with that payload to see why; fix what it names, then run hookwire doctor again', target.file));
    return found;
  }
  if (read.message !== undefined) {
    found.push(problem('live', `the bridge answered a harmless \`ls\` call with a notice to the user: ${read.message}`, 'fix what the notice says (hookwire check lists config problems)', target.file));
  } else if (read.denied) {
    found.push(problem('live', 'the bridge denied a harmless `ls` call: every shell call would be denied', 'run hookwire explain on a --log of it, or hookwire check, to see which hook denies', target.file));
  } else {
    found.push(ok('live', `the command in ${target.file} answered a harmless \`ls\` call in ${ms} ms: allowed`, target.file));
  }
  if (harmless.ms > LIVE_SLOW_MS) found.push(note('live', `a harmless call took ${ms} ms; every tool call waits that long`, 'see which hook is slow with --log and hookwire explain'));
  if (target.hasRulePack) {
    const dangerous = await runHostCommand(target.command, renderShellEvent(target.dialect, dangerousCommand(), target.projectDir), options);
    const answer = readLiveRun(target.dialect, dangerous);
    found.push(
      answer.denied
        ? ok('live-deny', 'a dangerous-looking shell call (recursive delete of /) was denied', target.file)
        : problem('live-deny', `a dangerous-looking shell call (recursive delete of /) was not denied${answer.problem === undefined ? '' : `: the command ${answer.problem}`}`, 'check the rule pack hook (hookwire rules, hookwire check): is it in enforce mode, on tool:before?', target.file),
    );
  }
  return found;
}
