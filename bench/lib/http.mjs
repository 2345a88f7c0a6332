// HTTP children and clients of the serve figures: `hookwire serve`, the bare floor server, a
// keep-alive round-trip client and autocannon.
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { BENCH_DIR, HOOKWIRE_BIN } from './paths.mjs';
import { spawnTracked, withTimeout } from './processes.mjs';

export const FLOOR_HTTP = join(BENCH_DIR, 'floor-http.mjs');

/** Spawns a server that prints `... listening on http://HOST:PORT` first; resolves its URL and a closer. */
async function startListening(name, args, { cwd }) {
  const child = spawnTracked(process.execPath, args, { cwd });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (t) => (stderr += t));
  const url = await withTimeout(
    new Promise((resolve, reject) => {
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (t) => {
        out += t;
        const match = / listening on (http:\/\/\S+)\n/.exec(out);
        if (match) resolve(match[1]);
      });
      child.once('exit', (code) => reject(new Error(`${name} exited (${code}) before listening: ${stderr}`)));
    }),
    30_000,
    `starting ${name}`,
  );
  const close = () =>
    withTimeout(
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
      20_000,
      `stopping ${name}`,
    );
  return { name, url, child, close, stderr: () => stderr };
}

/** `hookwire serve --config CONFIG` of a build on a free loopback port. */
export function startServe(name, config, { cwd, bin = HOOKWIRE_BIN, args = [] }) {
  return startListening(name, [bin, 'serve', '--config', config, '--port', '0', ...args], { cwd });
}

/** bench/floor-http.mjs. */
export function startFloorHttp(name, { cwd }) {
  return startListening(name, [FLOOR_HTTP], { cwd });
}

/**
 * A keep-alive client on one connection: `post(path, body)` resolves the status and body;
 * `sequential(n, path, body)` times n round trips, one after the other, and resolves the median ms.
 */
export function keepAliveClient(url) {
  // A free socket is dropped before the server's 5 s keep-alive timeout would close it under us.
  const agent = new Agent({ keepAlive: true, maxSockets: 1, timeout: 2_000 });
  const base = new URL(url);
  // Node's documented race: a kept-alive socket the server closed just as it was reused. That one
  // request is sent again on a new socket; any other error fails the sample.
  const post = (path, body, retried = false) =>
    new Promise((resolve, reject) => {
      const req = request({ host: base.hostname, port: base.port, path, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
      req.on('error', (error) => {
        if (!retried && req.reusedSocket && (error.code === 'ECONNRESET' || error.message === 'socket hang up')) resolve(post(path, body, true));
        else reject(error);
      });
      req.end(body);
    });
  return {
    post: (path, body) => post(path, body),
    async sequential(n, path, body) {
      const times = [];
      for (let i = 0; i < n; i++) {
        const started = performance.now();
        const answer = await post(path, body);
        times.push(performance.now() - started);
        if (answer.status !== 200) throw new Error(`${url}${path} answered ${answer.status}: ${answer.text.slice(0, 500)}`);
      }
      times.sort((a, b) => a - b);
      return times[Math.floor(times.length / 2)];
    },
    close: () => agent.destroy(),
  };
}

/** Drives `url + path` with autocannon at `connections` keep-alive connections for `seconds`; resolves requests per second. Any non-2xx or error fails the sample. */
export async function autocannonRate(autocannon, { url, path, body, connections, seconds }) {
  const result = await autocannon({ url: `${url}${path}`, method: 'POST', body, headers: { 'content-type': 'application/json' }, connections, duration: seconds, pipelining: 1 });
  if (result.errors > 0 || result.non2xx > 0 || result.timeouts > 0) throw new Error(`autocannon ${url}${path}: ${result.errors} errors, ${result.non2xx} non-2xx, ${result.timeouts} timeouts`);
  return result.requests.total / (result.duration || seconds);
}
