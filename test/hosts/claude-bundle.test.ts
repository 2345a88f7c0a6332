import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '@hookwire/test-utils';
import { killServes, request, startServe } from '../../packages/hookwire/test/serve/serve-process.js';
import { runClaude } from './claude.js';
import { describeCommandHooks, describeHttpHooks, HOOKWIRE_BIN } from './claude-settings.js';
import { listToolResults } from './fake-anthropic.js';

// Issue 24's "done when", through the bridge: a bundle signed on one machine (here: one folder and
// key) guards a real Claude Code session on another (another cache, another HOME); a tampered
// bundle is refused and the old policy keeps guarding; the project's .hookwire.json, which the
// agent could have written, cannot weaken the organisation's guard.

afterEach(async () => {
  await killServes();
  await removeTempDirs();
});

const REASON = 'the organisation does not allow rm -rf';

function hookwire(args: string[], env: NodeJS.ProcessEnv = process.env): string {
  return execFileSync(process.execPath, [HOOKWIRE_BIN, ...args], { env, encoding: 'utf8' });
}

/** A policy folder with one deny guard, built and signed as revision `v1`, and the machine's public key file. */
async function signPolicy(): Promise<{ bundle: string; publicKey: string; tampered: string }> {
  const signer = await tempDir('hookwire-signer-');
  mkdirSync(join(signer, 'policy/hooks'), { recursive: true });
  writeFileSync(join(signer, 'policy/hooks/no-rm-rf.sh'), `#!/bin/sh\nif grep -q 'rm -rf'; then echo "${REASON}" >&2; exit 2; fi\nexit 0\n`);
  chmodSync(join(signer, 'policy/hooks/no-rm-rf.sh'), 0o755);
  writeFileSync(join(signer, 'policy/.hookwire.json'), JSON.stringify({ onError: 'block', hooks: [{ id: 'org-no-rm-rf', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: '"$HOOKWIRE_CONFIG_DIR/hooks/no-rm-rf.sh"' }] }));
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  writeFileSync(join(signer, 'org.pem'), privateKey.export({ type: 'pkcs8', format: 'pem' }));
  writeFileSync(join(signer, 'org.pub.pem'), publicKey.export({ type: 'spki', format: 'pem' }));
  const bundle = join(signer, 'policy.bundle.json');
  hookwire(['bundle', 'build', join(signer, 'policy'), '--out', bundle, '--revision', 'v1']);
  hookwire(['bundle', 'sign', bundle, '--key', join(signer, 'org.pem')]);
  // The same bundle with its guard script replaced by one that allows everything: its signature no longer holds.
  const tampered = JSON.parse(readFileSync(bundle, 'utf8')) as { files: Record<string, string> };
  tampered.files['hooks/no-rm-rf.sh'] = Buffer.from('#!/bin/sh\nexit 0\n').toString('base64');
  return { bundle, publicKey: join(signer, 'org.pub.pem'), tampered: JSON.stringify(tampered) };
}

describe('an organisation bundle guarding Claude Code through the bridge', () => {
  it('denies rm -rf whatever the project config says; a tampered bundle is refused and the old one keeps guarding', async () => {
    const { bundle, publicKey, tampered } = await signPolicy();

    // The other machine: its own cache, only the public key.
    const machine = await tempDir('hookwire-machine-');
    writeFileSync(join(machine, 'org.pub.pem'), readFileSync(publicKey));
    const env = { ...process.env, XDG_CACHE_HOME: join(machine, 'cache') };
    expect(hookwire(['bundle', 'pull', bundle, '--bundle-key', join(machine, 'org.pub.pem')], env)).toMatch(/revision v1 is the organisation layer now/);
    writeFileSync(join(machine, 'tampered.json'), tampered);
    expect(() => hookwire(['bundle', 'pull', join(machine, 'tampered.json'), '--bundle-key', join(machine, 'org.pub.pem')], env)).toThrow(/modified file "hooks\/no-rm-rf\.sh"/);

    // The project: a file to delete, and a .hookwire.json trying to switch the guard off.
    const cwd = await tempDir('hookwire-claude-project-');
    writeFileSync(join(cwd, 'x'), 'keep me\n');
    writeFileSync(join(cwd, '.hookwire.json'), JSON.stringify({ mode: 'observe', onError: 'ignore', timeoutSec: 0.001, hooks: [{ id: 'org-no-rm-rf', event: 'PreToolUse', matcher: 'Nothing', type: 'command', command: 'exit 0' }] }));
    const log = join(machine, 'audit.jsonl');
    const run = await runClaude({
      cwd,
      settings: describeCommandHooks(`node ${JSON.stringify(HOOKWIRE_BIN)} run --budget 20 --log ${JSON.stringify(log)}`, 30),
      prompt: 'Remove x.',
      script: [{ bash: 'rm -rf ./x' }, { text: 'finished' }],
      env: { XDG_CACHE_HOME: join(machine, 'cache') },
    });
    expect({ exitCode: run.exitCode, timedOut: run.timedOut, stderr: run.stderr }).toEqual({ exitCode: 0, timedOut: false, stderr: '' });
    expect(existsSync(join(cwd, 'x'))).toBe(true);
    expect(listToolResults(run.requests)).toEqual([{ toolUseId: expect.any(String), text: `PreToolUse:Bash hook error: ${REASON}`, isError: true }]);
    // Every decision of the session names the bundle revision that made it; the chain holds.
    const records = readFileSync(log, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as { bundle?: string; canonical: string; outcome?: { decision?: string } });
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((record) => record.bundle === 'v1')).toBe(true);
    expect(records.filter((record) => record.canonical === 'tool:before').map((record) => record.outcome?.decision)).toEqual(['deny']);
    expect(hookwire(['audit', 'verify', log])).toMatch(/chain intact/);
  });
});

describe('an organisation bundle guarding Claude Code through serve', () => {
  it('serve polls the signed bundle; Claude Code\'s http hooks get its deny; a tampered bundle published over it is refused and the old one keeps guarding', async () => {
    const { bundle, publicKey, tampered } = await signPolicy();
    // The policy server's copy of the bundle: serve polls it every second.
    const published = join(await tempDir('hookwire-published-'), 'policy.bundle.json');
    writeFileSync(published, readFileSync(bundle));
    const serve = await startServe(['--bundle', published, '--bundle-key', publicKey, '--bundle-poll', '1']);
    expect((await request(`${serve.url}/readyz`)).status).toBe(200);

    const attempt = async () => {
      const cwd = await tempDir('hookwire-claude-project-');
      writeFileSync(join(cwd, 'x'), 'keep me\n');
      const run = await runClaude({ cwd, settings: describeHttpHooks(`${serve.url}/hooks/claude`), prompt: 'Remove x.', script: [{ bash: 'rm -rf ./x' }, { text: 'finished' }] });
      expect({ exitCode: run.exitCode, timedOut: run.timedOut, stderr: run.stderr }).toEqual({ exitCode: 0, timedOut: false, stderr: '' });
      expect(existsSync(join(cwd, 'x'))).toBe(true);
      expect(listToolResults(run.requests)).toEqual([{ toolUseId: expect.any(String), text: `PreToolUse:Bash hook error: ${REASON}`, isError: true }]);
    };
    await attempt();

    // Published over it: a bundle whose guard was swapped for one that allows everything.
    writeFileSync(published, tampered);
    const deadline = Date.now() + 10_000;
    let health = (await request(`${serve.url}/healthz`)).json() as { bundle: { active?: { revision: string }; lastCheck?: { result: string; reason?: string } } };
    while (health.bundle.lastCheck?.result !== 'failed' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      health = (await request(`${serve.url}/healthz`)).json() as typeof health;
    }
    expect(health.bundle).toMatchObject({ active: { revision: 'v1' }, lastCheck: { result: 'failed', reason: 'verify' } });
    await attempt();
  });
});
