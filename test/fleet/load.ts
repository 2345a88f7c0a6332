// Steady load for the replica test: a few workers, each sending one request after the other on its
// own keep-alive connection (node:http), every answer checked against the decision it must carry. A
// load generator such as autocannon counts statuses but cannot check each body, and a deny that
// turned into an allow is exactly what this test is about, so this one is written here (50 lines).
import { Agent, request } from 'node:http';

export interface LoadCase {
  readonly name: string;
  readonly path: string;
  readonly body: string;
  /** Whether the answer's body carries the right decision; false names a wrong one. */
  readonly expect: (text: string) => boolean;
  /** The policy revision the answer names, when it names one. */
  readonly revision?: (text: string) => string | undefined;
}

export interface LoadFailure {
  readonly at: number;
  readonly worker: number;
  readonly case: string;
  readonly what: string;
}

export interface LoadResult {
  readonly sent: number;
  readonly answered: number;
  readonly failures: LoadFailure[];
  /** Answers (right or wrong) counted per ms since the start, to see the load went on through an event. */
  readonly answeredAt: number[];
  /** When (ms since the start) each right answer that names a revision came, and which. */
  readonly revisions: { at: number; revision: string | undefined }[];
}

export interface Load {
  readonly started: number;
  /** Answers so far. */
  answered(): number;
  /** Stops the workers after their request in flight; resolves what they saw. */
  stop(): Promise<LoadResult>;
}

/** One POST on `agent`, bounded by 10 s: the status and the body. */
function post(agent: Agent, url: string, body: string, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent, timeout: 10_000, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('no answer within 10 s')));
    req.on('error', reject);
    req.end(body);
  });
}

/** Starts `workers` loops against `url`, each cycling through `cases`; bounded by `maxMs` and `maxRequests`. */
export function startLoad(url: string, cases: readonly LoadCase[], options: { workers: number; headers?: Record<string, string>; maxMs: number; maxRequests: number }): Load {
  const started = performance.now();
  const failures: LoadFailure[] = [];
  const answeredAt: number[] = [];
  const revisions: { at: number; revision: string | undefined }[] = [];
  let sent = 0;
  let stopping = false;
  const keepGoing = () => !stopping && sent < options.maxRequests && performance.now() - started < options.maxMs;
  const worker = async (id: number): Promise<void> => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let i = id; keepGoing(); i++) {
        const item = cases[i % cases.length]!;
        sent++;
        const failed = (what: string) => failures.push({ at: Math.round(performance.now() - started), worker: id, case: item.name, what });
        try {
          const { status, text } = await post(agent, `${url}${item.path}`, item.body, options.headers ?? {});
          const at = Math.round(performance.now() - started);
          answeredAt.push(at);
          if (status !== 200) failed(`HTTP ${status}: ${text.slice(0, 300)}`);
          else if (!item.expect(text)) failed(`wrong decision: ${JSON.stringify(text.slice(0, 300))}`);
          else if (item.revision !== undefined) revisions.push({ at, revision: item.revision(text) });
        } catch (error) {
          failed(`request failed: ${(error as Error).message}`);
        }
      }
    } finally {
      agent.destroy();
    }
  };
  const running = Promise.all(Array.from({ length: options.workers }, (_, id) => worker(id)));
  return {
    started,
    answered: () => answeredAt.length,
    async stop() {
      stopping = true;
      await running;
      return { sent, answered: answeredAt.length, failures, answeredAt, revisions };
    },
  };
}
