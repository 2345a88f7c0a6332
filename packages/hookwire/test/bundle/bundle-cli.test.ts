import { generateKeyPairSync } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, readlinkSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupSidecars, runHookwire, startSidecar, tempDir } from '../sidecar.js';

afterEach(cleanupSidecars);

const GUARD = '#!/bin/sh\necho "the organisation forbids this" >&2\nexit 2\n';

/** A policy folder: a config whose Bash guard is a script beside it, and a rule pack given by path. */
async function policy(): Promise<{ dir: string; pub: string; priv: string; otherPub: string }> {
  const dir = await tempDir();
  mkdirSync(join(dir, 'policy/hooks'), { recursive: true });
  writeFileSync(join(dir, 'policy/.hookwire.json'), JSON.stringify({
    hooks: [
      { id: 'org-guard', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: 'sh "$HOOKWIRE_CONFIG_DIR/hooks/guard.sh"' },
      { id: 'org-pack', event: 'PreToolUse', type: 'rule', pack: './packs/team.json' },
    ],
  }));
  writeFileSync(join(dir, 'policy/hooks/guard.sh'), GUARD);
  chmodSync(join(dir, 'policy/hooks/guard.sh'), 0o755);
  mkdirSync(join(dir, 'policy/packs'));
  writeFileSync(join(dir, 'policy/packs/team.json'), JSON.stringify({ name: 'team', version: '1', levels: ['on'], rules: [] }));
  writeFileSync(join(dir, 'policy/notes.txt'), 'not referenced: not packed');
  const pair = (name: string) => {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    writeFileSync(join(dir, `${name}.pub.pem`), publicKey.export({ type: 'spki', format: 'pem' }));
    writeFileSync(join(dir, `${name}.pem`), privateKey.export({ type: 'pkcs8', format: 'pem' }));
  };
  pair('org');
  pair('other');
  return { dir, pub: join(dir, 'org.pub.pem'), priv: join(dir, 'org.pem'), otherPub: join(dir, 'other.pub.pem') };
}

const PAYLOAD = JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' }, session_id: 's', cwd: '/' });

describe('hookwire bundle (the built executable)', () => {
  it('build packs the config with the files it references, sign signs it, verify exits 0 for that key and 1 for any other', async () => {
    const { dir, pub, priv, otherPub } = await policy();
    const out = join(dir, 'policy.bundle.json');
    const built = await runHookwire(['bundle', 'build', join(dir, 'policy'), '--out', out, '--revision', '2026-12-05.1']);
    expect(built).toMatchObject({ code: 0, stderr: '' });
    expect(built.stdout).toBe(`${out}: revision 2026-12-05.1, 3 file(s): .hookwire.json, hooks/guard.sh, packs/team.json; unsigned (hookwire bundle sign ${out} --key PRIVATE.pem)\n`);

    expect(await runHookwire(['bundle', 'verify', out, '--key', pub])).toEqual({ code: 1, stdout: '', stderr: `hookwire bundle verify: ${out} is refused: the bundle is not signed (envelope.signatures is empty): sign it with "hookwire bundle sign"\n` });
    const signedBy = await runHookwire(['bundle', 'sign', out, '--key', priv]);
    expect(signedBy).toMatchObject({ code: 0, stderr: '' });
    const keyid = /signed by (sha256:[0-9a-f]{64})/.exec(signedBy.stdout)![1]!;

    expect(await runHookwire(['bundle', 'verify', out, '--key', pub])).toEqual({ code: 0, stdout: `${out}: valid: revision 2026-12-05.1, 3 file(s), signed by ${keyid}\n`, stderr: '' });
    const wrong = await runHookwire(['bundle', 'verify', out, '--key', otherPub]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(new RegExp(`is refused: no signature by the given key sha256:[0-9a-f]{64}: the bundle is signed by unknown key id\\(s\\) ${keyid}\\n$`));
  });

  it('verify exits 2 when it cannot run: no key file, a key that is not Ed25519, no bundle file', async () => {
    const { dir, pub } = await policy();
    const out = join(dir, 'b.json');
    await runHookwire(['bundle', 'build', join(dir, 'policy'), '--out', out]);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' });
    writeFileSync(join(dir, 'rsa.pem'), rsa);
    expect(await runHookwire(['bundle', 'verify', out, '--key', join(dir, 'none.pem')])).toMatchObject({ code: 2, stderr: `hookwire bundle: cannot read the key ${join(dir, 'none.pem')}: ENOENT\n` });
    expect(await runHookwire(['bundle', 'verify', out, '--key', join(dir, 'rsa.pem')])).toMatchObject({ code: 2, stderr: expect.stringMatching(/is a rsa key; bundles are signed with Ed25519/) });
    expect(await runHookwire(['bundle', 'verify', join(dir, 'none.json'), '--key', pub])).toMatchObject({ code: 2, stderr: expect.stringMatching(/cannot read .*none\.json: ENOENT/) });
    expect(await runHookwire(['bundle', 'verfy', out])).toMatchObject({ code: 2, stderr: expect.stringMatching(/^hookwire bundle: unknown verb "verfy"; did you mean "verify"\?/) });
    expect(await runHookwire(['bundle', 'verify', out, '--out', 'x', '--key', pub])).toMatchObject({ code: 2, stderr: expect.stringMatching(/^hookwire bundle verify: --out is not a flag of bundle verify \(it takes --key\)/) });
  });

  it('build refuses a reference outside the folder and one that does not exist (exit 1)', async () => {
    const { dir } = await policy();
    const config = (command: string) => writeFileSync(join(dir, 'policy/.hookwire.json'), JSON.stringify({ hooks: [{ id: 'g', event: 'PreToolUse', type: 'command', command }] }));
    config('sh $HOOKWIRE_CONFIG_DIR/../org.pem');
    const outside = await runHookwire(['bundle', 'build', join(dir, 'policy'), '--out', join(dir, 'x.json')]);
    expect(outside.code).toBe(1);
    expect(outside.stderr).toMatch(/hook g \(\/hooks\/0\/command\) references \.\.\/org\.pem, which is outside .*: a bundle carries only files under its folder/);
    config('${HOOKWIRE_CONFIG_DIR}/hooks/missing.sh');
    const missing = await runHookwire(['bundle', 'build', join(dir, 'policy'), '--out', join(dir, 'x.json')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/references hooks\/missing\.sh, which does not exist in /);
  });

  it('pull installs a verified bundle as the organisation layer; run without --config enforces it whatever the project says; a tampered bundle is refused and the old one stays', async () => {
    const { dir, pub, priv } = await policy();
    const out = join(dir, 'b.json');
    await runHookwire(['bundle', 'build', join(dir, 'policy'), '--out', out, '--revision', 'r1']);
    await runHookwire(['bundle', 'sign', out, '--key', priv]);
    const cacheHome = join(dir, 'cache');
    const env = { ...process.env, XDG_CACHE_HOME: cacheHome, HOME: dir, CLAUDE_PROJECT_DIR: join(dir, 'project'), HOOKWIRE_CONFIG: '', HOOKWIRE_ORG_CONFIG: '' };
    const pulled = await runHookwire(['bundle', 'pull', out, '--bundle-key', pub], { env });
    expect(pulled).toMatchObject({ code: 0, stderr: '' });
    expect(pulled.stdout).toMatch(/valid: revision r1 is the organisation layer now/);
    const current = join(cacheHome, 'hookwire/bundle/current');
    expect(statSync(join(current, 'hooks/guard.sh')).mode & 0o777).toBe(0o755);
    const active = readlinkSync(current);

    // The project tries to switch the organisation's guard off every way a config can.
    mkdirSync(join(dir, 'project'));
    writeFileSync(join(dir, 'project/.hookwire.json'), JSON.stringify({ mode: 'observe', onError: 'ignore', timeoutSec: 0.001, hooks: [{ id: 'org-guard', event: 'PreToolUse', matcher: 'Nothing', type: 'command', command: 'exit 0', mode: 'observe' }] }));
    const log = join(dir, 'audit.jsonl');
    const ran = await runHookwire(['run', '--log', log], { env, input: PAYLOAD, cwd: join(dir, 'project') });
    expect(ran).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(ran.stdout)).toEqual({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'the organisation forbids this' } });
    // The decision record names the bundle revision that made it, and itself.
    expect(JSON.parse(readFileSync(log, 'utf8'))).toMatchObject({ bundle: 'r1', decision_id: expect.stringMatching(/^[0-9a-f-]{36}$/), hooks: ['org-guard', 'org-pack'] });

    // listen loads the same layer, and its records name the revision too.
    const listenLog = join(dir, 'listen.jsonl');
    const sidecar = startSidecar(['listen', '--log', listenLog], env);
    sidecar.send({ op: 'dispatch', event: 'PreToolUse', payload: JSON.parse(PAYLOAD) as unknown });
    sidecar.send({ op: 'bye' });
    await sidecar.exited;
    expect(JSON.parse(readFileSync(listenLog, 'utf8'))).toMatchObject({ bundle: 'r1', outcome: { decision: 'deny', reason: 'the organisation forbids this' } });

    // A tampered bundle (its guard script changed to allow) is refused; the cache keeps r1.
    const bundle = JSON.parse(readFileSync(out, 'utf8')) as { files: Record<string, string> };
    bundle.files['hooks/guard.sh'] = Buffer.from('#!/bin/sh\nexit 0\n').toString('base64');
    writeFileSync(join(dir, 'tampered.json'), JSON.stringify(bundle));
    const refused = await runHookwire(['bundle', 'pull', join(dir, 'tampered.json'), '--bundle-key', pub], { env });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/is refused: modified file "hooks\/guard\.sh": .*; the cached bundle stays as it was\n$/);
    expect(readlinkSync(current)).toBe(active);
    expect(JSON.parse((await runHookwire(['run'], { env, input: PAYLOAD, cwd: join(dir, 'project') })).stdout)).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny' } });
  });

  it('pull fetches over HTTP, asks If-None-Match with the ETag it installed, and keeps only the active revision and the one before', async () => {
    const { dir, pub, priv } = await policy();
    const build = async (revision: string) => {
      const out = join(dir, `${revision}.json`);
      await runHookwire(['bundle', 'build', join(dir, 'policy'), '--out', out, '--revision', revision]);
      await runHookwire(['bundle', 'sign', out, '--key', priv]);
      return readFileSync(out);
    };
    let served = await build('r1');
    let etag = '"r1"';
    const asked: (string | undefined)[] = [];
    const { createServer } = await import('node:http');
    const server = createServer((request, response) => {
      if (request.url !== '/b.json') return void response.writeHead(404).end();
      asked.push(request.headers['if-none-match']);
      if (request.headers['if-none-match'] === etag) return void response.writeHead(304).end();
      response.writeHead(200, { etag }).end(served);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/b.json`;
    const env = { ...process.env, XDG_CACHE_HOME: join(dir, 'cache') };
    const pull = () => runHookwire(['bundle', 'pull', url, '--bundle-key', pub], { env });
    try {
      expect(await pull()).toMatchObject({ code: 0, stdout: expect.stringMatching(/valid: revision r1 is the organisation layer now/) });
      expect(await pull()).toMatchObject({ code: 0, stdout: `${url}: not modified since the last pull (ETag); the cached bundle stays\n` });
      for (const revision of ['r2', 'r3']) {
        served = await build(revision);
        etag = `"${revision}"`;
        expect(await pull()).toMatchObject({ code: 0, stdout: expect.stringMatching(new RegExp(`valid: revision ${revision} is the organisation layer now`)) });
      }
      expect(asked).toEqual([undefined, '"r1"', '"r1"', '"r2"']);
      const { readdirSync } = await import('node:fs');
      const revisions = readdirSync(join(dir, 'cache/hookwire/bundle/revisions'));
      expect(revisions.filter((entry) => !entry.endsWith('.json'))).toHaveLength(2);
      expect(revisions.filter((entry) => entry.endsWith('.json')).map((entry) => JSON.parse(readFileSync(join(dir, 'cache/hookwire/bundle/revisions', entry), 'utf8')) as { revision?: string }).map((meta) => meta.revision).filter(Boolean).sort()).toEqual(['r2', 'r3']);
      expect(await runHookwire(['bundle', 'pull', url.replace('b.json', 'nope.json'), '--bundle-key', pub], { env })).toMatchObject({ code: 2, stderr: `hookwire bundle: cannot download ${url.replace('b.json', 'nope.json')}: HTTP 404\n` });
      // The same bundle from a file: already active, nothing written.
      expect(await runHookwire(['bundle', 'pull', join(dir, 'r3.json'), '--bundle-key', pub], { env })).toMatchObject({ code: 0, stdout: `${join(dir, 'r3.json')}: valid: revision r3 is already the organisation layer\n` });
    } finally {
      server.close();
    }
  });
});
