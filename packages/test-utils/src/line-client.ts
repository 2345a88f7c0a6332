import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

/** How a child ended. */
export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** One stdout line as the client framed it. */
export interface Line {
  /** The line's bytes, without the newline. */
  bytes: Buffer;
  /** The bytes decoded as UTF-8. */
  text: string;
  /** The parsed JSON value; `undefined` when the line is not JSON. */
  value: unknown;
  /** Whether it is a protocol line: valid UTF-8, one compact JSON object with a boolean `ok`. */
  protocol: boolean;
}

export interface LineClientOptions {
  /** Names the child in error messages; default the args joined. */
  name?: string;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /**
   * Keep every line (`responses`, `violations`, `stdoutBytes()`); default true. Off, the client only
   * counts newlines (what a timed figure pays on both sides) and frames lines while an exchange or
   * an id-matched request waits.
   */
  record?: boolean;
  /** Keep only the last this many characters of stderr; default everything. */
  stderrTail?: number;
  /** Called with each stderr chunk (decoded). */
  onStderr?: (chunk: string) => void;
  /** Called with each framed line that was not the answer to a pending {@link LineClient.request}. */
  onLine?: (line: Line) => void;
  /** Called with the child right after the spawn (the bench tracks its children to kill them on exit). */
  track?: (child: ChildProcessWithoutNullStreams) => void;
}

const DEFAULT_TIMEOUT_MS = 30_000;

function isProtocolLine(text: string, bytes: Buffer, value: unknown): boolean {
  if (!Buffer.from(text, 'utf8').equals(bytes)) return false;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  if (typeof (value as { ok?: unknown }).ok !== 'boolean') return false;
  return JSON.stringify(value) === text;
}

function frame(bytes: Buffer): Line {
  const text = bytes.toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  return { bytes, text, value, protocol: isProtocolLine(text, bytes, value) };
}

/**
 * A client of a long-lived child that speaks one JSON line per request and per answer on its
 * stdin/stdout: the real `hookwire listen` (the tests, the soak, the bench) or the bench's floor
 * echo and spawner. It writes request lines, matches answers by id, keeps or counts raw stdout
 * lines, and stops or kills the child.
 */
export class LineClient<R extends Record<string, unknown> = Record<string, unknown>> {
  readonly name: string;
  readonly child: ChildProcessWithoutNullStreams;
  readonly pid: number;
  /** Every protocol line, parsed, in arrival order (when recording). */
  readonly responses: R[] = [];
  /** Every stdout line that was not a protocol line, cut to 300 characters (when recording). */
  readonly violations: string[] = [];
  /** How many stdout lines arrived. */
  lines = 0;
  /** Answers whose id was answered before (matched by {@link request}). */
  duplicates = 0;
  /** Answers that match no pending {@link request} and no id answered before. */
  unknown = 0;
  /** Stdout lines that were not protocol lines. */
  nonProtocol = 0;
  /** Settles on the `exit` event (stdout may still hold unread bytes). */
  readonly exited: Promise<Exit>;
  /** Settles on the `close` event: after the exit and after the last stdout byte was read. */
  readonly closed: Promise<Exit>;

  readonly #record: boolean;
  readonly #options: LineClientOptions;
  readonly #chunks: Buffer[] = [];
  #partial: Buffer = Buffer.alloc(0);
  #stderr = '';
  #exit: Exit | undefined;
  #closeInfo: Exit | undefined;
  #waiters: (() => void)[] = [];
  readonly #pending = new Map<unknown, (answer: R) => void>();
  readonly #answered = new Set<unknown>();
  #kept: Line[] | undefined;
  #consumed = 0;
  #nextId = 0;
  #lineWaiter: { target: number; settle: (error?: Error) => void } | undefined;

  constructor(command: string, args: readonly string[], options: LineClientOptions = {}) {
    this.name = options.name ?? args.join(' ');
    this.#options = options;
    this.#record = options.record ?? true;
    this.child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['pipe', 'pipe', 'pipe'] });
    options.track?.(this.child);
    this.pid = this.child.pid ?? -1;
    this.child.stdin.on('error', () => {});
    this.child.stdout.on('data', (chunk: Buffer) => this.#onData(chunk));
    this.child.stderr.setEncoding('utf8');
    this.child.stderr.on('data', (chunk: string) => {
      options.onStderr?.(chunk);
      this.#stderr += chunk;
      if (options.stderrTail !== undefined && this.#stderr.length > options.stderrTail) this.#stderr = this.#stderr.slice(-options.stderrTail);
    });
    this.exited = new Promise((resolve) =>
      this.child.once('exit', (code, signal) => {
        this.#exit = { code, signal };
        resolve(this.#exit);
        const waiter = this.#lineWaiter;
        this.#lineWaiter = undefined;
        waiter?.settle(new Error(`${this.name} exited; stderr: ${this.#stderr.slice(-2000)}`));
        this.#wakeAll();
      }),
    );
    this.closed = new Promise((resolve) =>
      this.child.once('close', (code, signal) => {
        this.#closeInfo = { code, signal };
        resolve(this.#closeInfo);
        this.#wakeAll();
      }),
    );
  }

  /** How many {@link request}s still wait for their answer. */
  get pending(): number {
    return this.#pending.size;
  }

  /** Whether the child has not exited yet. */
  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Every byte the child wrote to stdout (when recording). */
  stdoutBytes(): Buffer {
    return Buffer.concat(this.#chunks);
  }

  /** Everything the child wrote to stdout, decoded (when recording). */
  stdout(): string {
    return this.stdoutBytes().toString('utf8');
  }

  stderr(): string {
    return this.#stderr;
  }

  /** Writes one request line (an object is serialised); a string is written as it is, plus a newline. */
  send(line: string | Record<string, unknown>): void {
    this.child.stdin.write(`${typeof line === 'string' ? line : JSON.stringify(line)}\n`);
  }

  /** Writes raw bytes, no newline added. */
  write(bytes: Buffer | string): void {
    this.child.stdin.write(bytes);
  }

  /** Sends a request with an `id` and waits for the response carrying that id (scanning `responses`). */
  ask(request: Record<string, unknown> & { id: string | number }, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<R> {
    this.send(request);
    return this.byId(request.id, timeoutMs);
  }

  /** Waits for the recorded response carrying `id`. */
  async byId(id: unknown, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<R> {
    const what = `the response to id ${JSON.stringify(id)}`;
    const match = (response: R) => response.id === id;
    await this.#until(() => this.responses.some(match) || this.#closeInfo !== undefined, what, timeoutMs);
    const found = this.responses.find(match);
    if (!found) throw new Error(`${this.name} exited without ${what}; ${this.#describe()}`);
    return found;
  }

  /** The next `count` recorded responses after those `next` returned before, waiting for them. */
  async next(count = 1, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<R[]> {
    const target = this.#consumed + count;
    await this.#until(() => this.responses.length >= target || this.#closeInfo !== undefined, `${target} responses`, timeoutMs);
    if (this.responses.length < target) throw new Error(`${this.name} exited after ${this.responses.length} of ${target} responses; ${this.#describe()}`);
    const batch = this.responses.slice(this.#consumed, target);
    this.#consumed = target;
    return batch;
  }

  /** Waits until at least `count` responses have been recorded; the first `count`. */
  async waitForResponses(count: number, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<R[]> {
    await this.#until(() => this.responses.length >= count || this.#closeInfo !== undefined, `${count} responses`, timeoutMs);
    if (this.responses.length < count) throw new Error(`${this.name} exited after ${this.responses.length} of ${count} responses; ${this.#describe()}`);
    return this.responses.slice(0, count);
  }

  /**
   * Sends `body` with its `id` (or a fresh `q<n>`) and resolves with the answer carrying it, matched
   * as lines arrive (no scan, nothing kept when not recording); no timeout: the caller bounds it.
   */
  request(body: Record<string, unknown>): Promise<R> {
    const id = body.id ?? `q${this.#nextId++}`;
    return new Promise((resolve) => {
      this.#pending.set(id, resolve);
      this.send({ ...body, id });
    });
  }

  /** Writes `lines` (each ending in a newline) and resolves with the next that many answer lines, parsed. */
  async exchange(lines: readonly string[], timeoutMs?: number): Promise<unknown[]> {
    const kept: Line[] = [];
    this.#kept = kept;
    try {
      const target = this.lines + lines.length;
      this.child.stdin.write(lines.join(''));
      await this.untilLines(target, timeoutMs);
      return kept.slice(0, lines.length).map((line) => JSON.parse(line.text) as unknown);
    } finally {
      this.#kept = undefined;
    }
  }

  /** Writes `text` (`count` requests) at once; milliseconds until the `count`-th answer line. */
  async burst(text: string, count: number, timeoutMs?: number): Promise<number> {
    const target = this.lines + count;
    const started = performance.now();
    this.child.stdin.write(text);
    await this.untilLines(target, timeoutMs);
    return performance.now() - started;
  }

  /** `n` requests, each written once the previous one is answered; the mean (or `median`) ms per round trip. */
  async sequential(n: number, lineOf: (index: number) => string, { median = false, timeoutMs }: { median?: boolean; timeoutMs?: number } = {}): Promise<number> {
    const times: number[] = [];
    for (let i = 0; i < n; i++) {
      const line = lineOf(i);
      const target = this.lines + 1;
      const started = performance.now();
      this.child.stdin.write(line);
      await this.untilLines(target, timeoutMs);
      times.push(performance.now() - started);
    }
    if (median) {
      times.sort((a, b) => a - b);
      return times.length % 2 ? times[(times.length - 1) / 2]! : (times[times.length / 2 - 1]! + times[times.length / 2]!) / 2;
    }
    return times.reduce((a, b) => a + b, 0) / n;
  }

  /**
   * Waits until `target` stdout lines have arrived; rejects when the child exits first or after
   * `timeoutMs` (default 120 s). One waiter, checked as each chunk arrives: what a timed round trip pays.
   */
  untilLines(target: number, timeoutMs = 120_000): Promise<void> {
    if (this.lines >= target) return Promise.resolve();
    if (!this.running) return Promise.reject(new Error(`${this.name} is not running; stderr: ${this.#stderr.slice(-2000)}`));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#lineWaiter = undefined;
        reject(new Error(`${this.name}: waiting for answer ${target} timed out after ${timeoutMs} ms`));
      }, timeoutMs);
      const settle = (error?: Error) => {
        clearTimeout(timer);
        if (error) reject(error);
        else resolve();
      };
      this.#lineWaiter = { target, settle };
    });
  }

  /** Waits for the close (exit and stdout read), failing after `timeoutMs`. */
  async waitForExit(timeoutMs = DEFAULT_TIMEOUT_MS): Promise<Exit> {
    await this.#until(() => this.#closeInfo !== undefined, `${this.name} to exit`, timeoutMs);
    return this.#closeInfo!;
  }

  /** Ends stdin (after a `bye` request when asked) and waits for the exit; SIGKILL after `graceMs`. */
  async close({ bye = false, graceMs = 5000 }: { bye?: boolean; graceMs?: number } = {}): Promise<Exit> {
    if (!this.running) return this.exited;
    if (bye) this.child.stdin.write('{"op":"bye"}\n');
    this.child.stdin.end();
    const timer = new Promise<'late'>((resolve) => setTimeout(resolve, graceMs, 'late').unref());
    if ((await Promise.race([this.exited, timer])) === 'late') this.child.kill('SIGKILL');
    return this.exited;
  }

  /** SIGKILLs the child if it still runs and waits for its close. */
  async kill(): Promise<void> {
    if (this.#closeInfo !== undefined) return;
    if (this.#exit === undefined) this.child.kill('SIGKILL');
    await this.closed;
  }

  #onData(chunk: Buffer): void {
    if (this.#record) this.#chunks.push(chunk);
    if (this.#record || this.#kept !== undefined || this.#pending.size > 0 || this.#options.onLine !== undefined) this.#frame(chunk);
    else for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) this.lines++;
    if (this.#lineWaiter !== undefined && this.lines >= this.#lineWaiter.target) {
      const { settle } = this.#lineWaiter;
      this.#lineWaiter = undefined;
      settle();
    }
    if (this.#waiters.length > 0) this.#wakeAll();
  }

  #frame(chunk: Buffer): void {
    let data = this.#partial.length === 0 ? chunk : Buffer.concat([this.#partial, chunk]);
    for (let nl = data.indexOf(0x0a); nl !== -1; nl = data.indexOf(0x0a)) {
      const line = frame(data.subarray(0, nl));
      data = data.subarray(nl + 1);
      this.lines++;
      this.#kept?.push(line);
      this.#take(line);
    }
    this.#partial = Buffer.from(data);
  }

  #take(line: Line): void {
    if (!line.protocol) this.nonProtocol += 1;
    if (this.#record) {
      if (line.protocol) this.responses.push(line.value as R);
      else this.violations.push(line.text.length > 300 ? `${line.text.slice(0, 300)}…` : line.text);
    }
    const answer = line.value as R | undefined;
    const isObject = typeof answer === 'object' && answer !== null;
    const waiter = isObject ? this.#pending.get(answer.id) : undefined;
    if (waiter && isObject) {
      this.#pending.delete(answer.id);
      this.#answered.add(answer.id);
      waiter(answer);
      return;
    }
    if (isObject && this.#answered.has(answer.id)) this.duplicates += 1;
    else if (isObject) this.unknown += 1;
    this.#options.onLine?.(line);
  }

  #wakeAll(): void {
    const woken = this.#waiters;
    this.#waiters = [];
    for (const wake of woken) wake();
  }

  async #until(ready: () => boolean, what: string, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!ready()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; ${this.#describe()}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 250));
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  #describe(): string {
    const exit = this.#closeInfo ?? this.#exit;
    return `${this.responses.length} responses so far, exit ${exit ? JSON.stringify(exit) : 'none'}; stderr tail: ${this.#stderr.slice(-2000)}`;
  }
}
