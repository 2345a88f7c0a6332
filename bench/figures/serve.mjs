import { expandRows } from '../lib/builds.mjs';
import { oneCommandHookConfig, toolPayload, writeConfig } from '../lib/fixtures.mjs';
import { autocannonRate, keepAliveClient, startFloorHttp, startServe } from '../lib/http.mjs';

/** A no-match payload two ways: as Claude Code's http hook posts it, and as a /v1/dispatch request. */
export function bodies(cwd) {
  const payload = toolPayload({ tool: 'Read', cwd });
  return {
    hook: JSON.stringify({ ...payload, hook_event_name: 'PreToolUse' }),
    dispatch: JSON.stringify({ event: 'PreToolUse', payload }),
  };
}

/** Checks once, before timing, that a side answers its no-match request as it should. */
export async function check(client, name, path, body, expected) {
  const answer = await client.post(path, body);
  if (answer.status !== 200 || !expected(answer.text)) throw new Error(`${name} ${path}: answered ${answer.status} ${JSON.stringify(answer.text.slice(0, 500))}`);
}

async function startSides(ctx, figure) {
  const cwd = ctx.workDir;
  const config = writeConfig(cwd, `${figure}.json`, oneCommandHookConfig());
  const body = bodies(cwd);
  const closers = [];
  const floor = await startFloorHttp(`${figure} floor`, { cwd });
  closers.push(() => floor.close());
  const servers = [];
  for (const build of ctx.builds) {
    const server = await startServe(`${figure} serve${build.suffix}`, config, { cwd, bin: build.bin, args: ['--max-inflight', '1024'] });
    closers.push(() => server.close());
    servers.push({ build, server });
  }
  return { body, floor, servers, closers };
}

/** serve round trip: one no-match request at a time on one keep-alive connection, vs a bare node:http server answering a constant JSON body. */
export async function createRoundtrip(ctx) {
  const ops = ctx.ops(400);
  const started = await startSides(ctx, 'serve-roundtrip');
  const { body, floor, servers, closers } = started;
  try {
    const floorClient = keepAliveClient(floor.url);
    closers.push(() => floorClient.close());
    await check(floorClient, 'floor', '/v1/dispatch', body.dispatch, (text) => text.includes('"decision":"none"'));
    const sides = [{ name: 'floor', label: 'bare node:http, constant JSON', sample: () => floorClient.sequential(ops, '/v1/dispatch', body.dispatch) }];
    for (const { build, server } of servers) {
      const client = keepAliveClient(server.url);
      closers.push(() => client.close());
      await check(client, server.name, '/v1/dispatch', body.dispatch, (text) => JSON.parse(text).outcome?.decision === 'none');
      await check(client, server.name, '/hooks/claude', body.hook, (text) => text === '');
      sides.push({ name: `dispatch${build.suffix}`, label: `hookwire serve, POST /v1/dispatch${build.tag}`, sample: () => client.sequential(ops, '/v1/dispatch', body.dispatch) });
      sides.push({ name: `hook${build.suffix}`, label: `hookwire serve, POST /hooks/claude${build.tag}`, sample: () => client.sequential(ops, '/hooks/claude', body.hook) });
    }
    return {
      id: 'serve-roundtrip',
      group: 'serve',
      title: 'serve round trip',
      description: `one no-match PreToolUse request (${Buffer.byteLength(body.hook)} B as Claude Code posts it) at a time on one keep-alive connection (node:http Agent), vs bench/floor-http.mjs: a bare node:http server that reads the body and answers a constant no-match JSON body; a sample is the median of ${ops} round trips`,
      sides,
      rows: expandRows(
        ctx.builds,
        [
          { label: 'serve round trip, POST /hooks/claude (no match)', floor: 'floor', subject: 'hook', target: 1.5 },
          { label: 'serve round trip, POST /v1/dispatch (no match)', floor: 'floor', subject: 'dispatch', target: 1.5 },
        ],
        ['hook', 'dispatch'],
      ),
      teardown: () => Promise.all(closers.map((close) => close())),
    };
  } catch (error) {
    await Promise.allSettled(closers.map((close) => close()));
    throw error;
  }
}

/** serve throughput: autocannon at 64 keep-alive connections, vs the same bare server. */
export async function createThroughput(ctx) {
  const { default: autocannon } = await import('autocannon');
  const seconds = ctx.options.quick ? 1 : 4;
  const connections = 64;
  const { body, floor, servers, closers } = await startSides(ctx, 'serve-throughput');
  try {
    const rate = (url, path, payload) => autocannonRate(autocannon, { url, path, body: payload, connections, seconds });
    const sides = [{ name: 'floor', label: 'bare node:http, constant JSON', sample: () => rate(floor.url, '/v1/dispatch', body.dispatch) }];
    for (const { build, server } of servers) {
      const client = keepAliveClient(server.url);
      await check(client, server.name, '/hooks/claude', body.hook, (text) => text === '');
      client.close();
      sides.push({ name: `hook${build.suffix}`, label: `hookwire serve, POST /hooks/claude${build.tag}`, sample: () => rate(server.url, '/hooks/claude', body.hook) });
    }
    return {
      id: 'serve-throughput',
      group: 'serve',
      title: 'serve throughput',
      unit: 'req/s',
      description: `autocannon 9 (in the bench process) at ${connections} keep-alive connections for ${seconds} s per sample, POSTing the no-match PreToolUse payload; requests per second; the floor is bench/floor-http.mjs; a sample with any error or non-2xx answer fails`,
      sides,
      rows: expandRows(ctx.builds, [{ label: `serve throughput at ${connections} connections, POST /hooks/claude (no match)`, floor: 'floor', subject: 'hook', target: 0.6, atLeast: true }], ['hook']),
      teardown: () => Promise.all(closers.map((close) => close())),
    };
  } catch (error) {
    await Promise.allSettled(closers.map((close) => close()));
    throw error;
  }
}
