import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { oneCommandHookConfig, toolPayload, writeConfig } from '../lib/fixtures.mjs';
import { keepAliveClient, startServe } from '../lib/http.mjs';
import { runToClose } from '../lib/processes.mjs';

/**
 * serve with a bundle: the same config as the organisation layer, loaded from a file
 * (`--org-config FILE`) and from a signed bundle polled every second (`--bundle FILE --bundle-key
 * PUBLIC.pem --bundle-poll 1`), side by side on one keep-alive connection each. Issue 24's figure:
 * bundle activation adds nothing to a dispatch (within 1.05×). This checkout only: a `--compare`
 * build may not have `--bundle`.
 */
export async function create(ctx) {
  const ops = ctx.ops(400);
  const cwd = ctx.workDir;
  const build = ctx.builds[0];
  const policy = join(cwd, 'serve-bundle-policy');
  mkdirSync(policy, { recursive: true });
  const config = writeConfig(policy, '.hookwire.json', oneCommandHookConfig());
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const pub = join(cwd, 'serve-bundle.pub.pem');
  const priv = join(cwd, 'serve-bundle.pem');
  writeFileSync(pub, publicKey.export({ type: 'spki', format: 'pem' }));
  writeFileSync(priv, privateKey.export({ type: 'pkcs8', format: 'pem' }));
  const bundle = join(cwd, 'serve-bundle.bundle.json');
  for (const args of [['bundle', 'build', policy, '--out', bundle, '--revision', 'bench'], ['bundle', 'sign', bundle, '--key', priv]]) {
    const done = await runToClose(process.execPath, [build.bin, ...args], { cwd });
    if (done.code !== 0) throw new Error(`hookwire ${args.slice(0, 2).join(' ')}: exit ${done.code}: ${done.stderr}`);
  }
  const payload = toolPayload({ tool: 'Read', cwd });
  const body = { hook: JSON.stringify({ ...payload, hook_event_name: 'PreToolUse' }), dispatch: JSON.stringify({ event: 'PreToolUse', payload }) };
  const closers = [];
  try {
    // Both sides load the config as the organisation layer; --config names an empty lower layer so neither looks for one.
    const lower = writeConfig(cwd, 'serve-bundle-lower.json', { hooks: [] });
    const file = await startServe('serve --org-config', lower, { cwd, bin: build.bin, args: ['--org-config', config] });
    closers.push(() => file.close());
    const polled = await startServe('serve --bundle', lower, { cwd, bin: build.bin, args: ['--bundle', bundle, '--bundle-key', pub, '--bundle-poll', '1'] });
    closers.push(() => polled.close());
    const sides = [];
    for (const [name, server, label] of [['file', file, 'config from a file (--org-config)'], ['bundle', polled, 'config from a signed bundle polled every second (--bundle)']]) {
      const client = keepAliveClient(server.url);
      closers.push(() => client.close());
      const answer = await client.post('/v1/dispatch', body.dispatch);
      const parsed = JSON.parse(answer.text);
      if (answer.status !== 200 || parsed.outcome?.decision !== 'none' || (name === 'bundle') !== (parsed.bundle === 'bench')) throw new Error(`${server.name}: answered ${answer.status} ${answer.text.slice(0, 300)}`);
      if ((await client.post('/hooks/claude', body.hook)).text !== '') throw new Error(`${server.name}: /hooks/claude answered a no-match payload with a body`);
      sides.push({ name: `hook-${name}`, label: `hookwire serve, POST /hooks/claude, ${label}`, sample: () => client.sequential(ops, '/hooks/claude', body.hook) });
      sides.push({ name: `dispatch-${name}`, label: `hookwire serve, POST /v1/dispatch, ${label}`, sample: () => client.sequential(ops, '/v1/dispatch', body.dispatch) });
    }
    return {
      id: 'serve-bundle',
      group: 'serve',
      title: 'serve on a bundle vs the same config from a file',
      description: `one no-match PreToolUse request at a time on one keep-alive connection per server: serve with the config as organisation layer from a file, and from a signed bundle it verifies, extracts and polls every second (a stat of the file); a sample is the median of ${ops} round trips`,
      sides,
      rows: [
        { label: 'serve round trip on a bundle vs from a file, POST /hooks/claude (no match)', floor: 'hook-file', subject: 'hook-bundle', target: 1.05, main: true },
        { label: 'serve round trip on a bundle vs from a file, POST /v1/dispatch (no match)', floor: 'dispatch-file', subject: 'dispatch-bundle', target: 1.05, main: true },
      ],
      teardown: () => Promise.all(closers.map((close) => close())),
    };
  } catch (error) {
    await Promise.allSettled(closers.map((close) => close()));
    throw error;
  }
}
