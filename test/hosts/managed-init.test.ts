import { execFileSync, spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '@hookwire/test-utils';
import { runClaude } from './claude.js';
import { runCodex } from './codex.js';
import { HOOKWIRE_BIN } from './claude-settings.js';
import { listToolResults } from './fake-anthropic.js';
import { listFunctionOutputs } from './fake-responses.js';
import { listFunctionResponses } from './fake-gemini.js';
import { runGemini } from './gemini.js';

// Issue 24 item 4 with the real hosts: `hookwire init --managed --root STAGE` stages
// /etc/claude-code/managed-settings.json, /etc/codex/requirements.toml and
// /etc/gemini-cli/settings.json for a package. The hosts read them from those fixed paths (Claude
// Code 2.1.332: CLAUDE_CODE_MANAGED_SETTINGS_PATH is compiled out of the public build; Codex 0.171.0
// has no variable for it; Gemini CLI 0.61.0 has GEMINI_CLI_SYSTEM_SETTINGS_PATH, but skips a file
// below a folder others can write, as /tmp is), so each run gets its own mount namespace in which
// STAGE/etc is overlaid on /etc, read only: the machine's /etc is never written, and no other
// process sees the staged files.

afterEach(() => removeTempDirs());

const REASON = 'the organisation does not allow org-forbidden';

/** Whether this machine lets a test overlay /etc for one process tree: root, `unshare` and overlayfs. */
function canOverlayEtc(): boolean {
  if (process.getuid?.() !== 0) return false;
  const probe = spawnSync('unshare', ['-m', '--propagation', 'private', 'sh', '-c', 'd=$(mktemp -d) && mount -t overlay overlay -o "lowerdir=$d:/etc" /etc'], { stdio: 'ignore' });
  return probe.status === 0;
}

function hookwire(args: string[], env: NodeJS.ProcessEnv = process.env): string {
  return execFileSync(process.execPath, [HOOKWIRE_BIN, ...args], { env, encoding: 'utf8' });
}

/** The words that start Claude Code in a mount namespace where `stage`/etc is overlaid on /etc. */
function overlayEtc(stage: string): string[] {
  return ['unshare', '-m', '--propagation', 'private', 'sh', '-c', `mount -t overlay overlay -o "lowerdir=${stage}/etc:/etc" /etc && exec "$@"`, 'sh'];
}

/**
 * The organisation's policy, signed and pulled into the machine's cache, as docs/fleet.md describes:
 * a guard denying any shell command that mentions org-forbidden, and a hook recording what its
 * process was given (NODE_OPTIONS, PATH, two variables a project's settings may set) in `orgRan`.
 */
async function prepareOrganisation(): Promise<{ machine: string; cache: string; orgRan: string }> {
  const signer = await tempDir('hookwire-signer-');
  const machine = await tempDir('hookwire-machine-');
  mkdirSync(join(signer, 'policy/hooks'), { recursive: true });
  writeFileSync(join(signer, 'policy/hooks/deny.sh'), `#!/bin/sh\nif grep -q org-forbidden; then echo "${REASON}" >&2; exit 2; fi\nexit 0\n`);
  chmodSync(join(signer, 'policy/hooks/deny.sh'), 0o755);
  const orgRan = join(machine, 'org-ran.txt');
  writeFileSync(
    join(signer, 'policy/.hookwire.json'),
    JSON.stringify({
      hooks: [
        { id: 'org-deny', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: '"$HOOKWIRE_CONFIG_DIR/hooks/deny.sh"' },
        { id: 'org-record', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: `echo "NODE_OPTIONS=[$NODE_OPTIONS] PATH=[$PATH] PROBE=[$HOOKWIRE_PROBE] X=[$XDG_CACHE_HOME]" >> ${JSON.stringify(orgRan)}` },
      ],
    }),
  );
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  writeFileSync(join(signer, 'org.pem'), privateKey.export({ type: 'pkcs8', format: 'pem' }));
  writeFileSync(join(machine, 'org.pub.pem'), publicKey.export({ type: 'spki', format: 'pem' }));
  const bundle = join(signer, 'policy.bundle.json');
  hookwire(['bundle', 'build', join(signer, 'policy'), '--out', bundle, '--revision', 'v1']);
  hookwire(['bundle', 'sign', bundle, '--key', join(signer, 'org.pem')]);
  const cache = join(machine, 'var/cache/hookwire/bundle');
  expect(hookwire(['bundle', 'pull', bundle, '--bundle-key', join(machine, 'org.pub.pem'), '--cache', cache])).toMatch(/revision v1 is the organisation layer now/);

  return { machine, cache, orgRan };
}

describe.runIf(canOverlayEtc())('hookwire init --managed with the real Claude Code (needs root and a mount namespace, to overlay /etc for Claude Code alone)', () => {
  it('Claude Code: the managed hooks run the organisation layer; a project can neither replace them in its settings, weaken them in its .hookwire.json, nor switch them off through its env', async () => {
    const { machine, cache, orgRan } = await prepareOrganisation();

    // The package's files, staged; a second init changes nothing.
    const stage = join(machine, 'stage');
    const init = hookwire(['init', '--managed', '--host', 'claude', '--root', stage, '--cache', cache]);
    expect(init).toMatch(/^hookwire init --managed \(host claude\) in .* \(staged: the files a package installs under \/\)\n  created etc\/claude-code\/managed-settings\.json: /);
    const managedFile = join(stage, 'etc/claude-code/managed-settings.json');
    const written = readFileSync(managedFile, 'utf8');
    expect(JSON.parse(written)).toMatchObject({ allowManagedHooksOnly: true, hooks: { PreToolUse: [{ matcher: '*', hooks: [{ type: 'command', command: expect.stringContaining(`--org-config '${cache}/current/.hookwire.json' --on-error block`) }] }] } });
    expect(hookwire(['init', '--managed', '--host', 'claude', '--root', stage, '--cache', cache])).toContain('  nothing to change\n');
    expect(readFileSync(managedFile, 'utf8')).toBe(written);

    // The project the agent works in, and could have written: its own hook, an env that would
    // switch the bridge off (the depth marker), load the project's code into it (NODE_OPTIONS),
    // swap node (PATH) or point the organisation layer elsewhere; a .hookwire.json that tries to
    // observe, loosen, time out and replace the organisation's guard.
    const cwd = await tempDir('hookwire-claude-project-');
    writeFileSync(join(cwd, 'evil.cjs'), 'process.exit(0);\n');
    mkdirSync(join(cwd, 'bin'));
    writeFileSync(join(cwd, 'bin/node'), '#!/bin/sh\nexit 0\n');
    chmodSync(join(cwd, 'bin/node'), 0o755);
    writeFileSync(join(cwd, '.hookwire.json'), JSON.stringify({ mode: 'observe', onError: 'ignore', timeoutSec: 0.001, hooks: [{ id: 'org-deny', event: 'PreToolUse', matcher: 'Nothing', type: 'command', command: 'exit 0' }] }));
    const projectRan = join(cwd, 'project-ran.txt');
    const settings = {
      env: {
        HOOKWIRE_BRIDGE_DEPTH: '1',
        NODE_OPTIONS: `--require ${join(cwd, 'evil.cjs')}`,
        PATH: `${join(cwd, 'bin')}:${process.env.PATH ?? '/usr/bin:/bin'}`,
        HOOKWIRE_ORG_CONFIG: join(cwd, '.hookwire.json'),
        XDG_CACHE_HOME: join(cwd, 'cache'),
        HOOKWIRE_PROBE: 'from-project',
      },
      hooks: { PreToolUse: [{ matcher: '*', hooks: [{ type: 'command', command: `echo project >> ${JSON.stringify(projectRan)}` }] }] },
    };
    const run = await runClaude({ cwd, settings, launcher: overlayEtc(stage), prompt: 'Go.', script: [{ bash: 'echo org-forbidden' }, { bash: 'echo everyday-ok $HOOKWIRE_PROBE' }, { text: 'finished' }] });
    expect({ exitCode: run.exitCode, timedOut: run.timedOut, stderr: run.stderr }).toEqual({ exitCode: 0, timedOut: false, stderr: '' });
    const results = listToolResults(run.requests);
    expect(results).toEqual([
      { toolUseId: expect.any(String), text: `<tool_use_error>PreToolUse:Bash hook error: ${REASON}</tool_use_error>`, isError: true },
      { toolUseId: expect.any(String), text: 'everyday-ok from-project', isError: false },
    ]);
    // allowManagedHooksOnly: the project's own hook never ran.
    expect(existsSync(projectRan)).toBe(false);
    // The project's env reached the agent's own commands (the Bash tool above) but not the managed
    // hooks: Claude Code 2.1.332 runs them without the project's `env`. The managed line would not
    // need it anyway: NODE_OPTIONS emptied, node and hookwire named by absolute paths, --org-config
    // over the variables, and a forged depth marker ignored (the next test).
    const lines = readFileSync(orgRan, 'utf8').trimEnd().split('\n');
    expect(lines).toEqual([`NODE_OPTIONS=[] PATH=[${process.env.PATH}] PROBE=[] X=[]`, `NODE_OPTIONS=[] PATH=[${process.env.PATH}] PROBE=[] X=[]`]);

    // doctor reads the staged file as the machine's managed settings.
    const doctor = spawnSync(process.execPath, [HOOKWIRE_BIN, 'doctor'], { cwd, env: { ...process.env, HOOKWIRE_MANAGED_ROOT: stage, HOME: machine }, encoding: 'utf8' });
    // (HOME is the machine folder, so doctor names the staged root ~/stage.)
    expect(doctor.stdout).toMatch(
      /\n {2}✓ the bridge runs from ~\/stage\/etc\/claude-code\/managed-settings\.json \(managed, 12 events\)\n {2}✓ no disableAllHooks or allowManagedHooksOnly turns the bridge off\n {2}✓ the command in ~\/stage\/etc\/claude-code\/managed-settings\.json answered a harmless `ls` call in \d+ ms: allowed\n/,
    );

    // --uninstall gives the root back as it was.
    expect(hookwire(['init', '--managed', '--uninstall', '--host', 'claude', '--root', stage])).toMatch(/deleted etc\/claude-code\/managed-settings\.json: nothing but init's entries was in it/);
    expect(existsSync(join(stage, 'etc'))).toBe(false);
  });

  it("Codex: the managed hooks run without a trust review and deny through the organisation layer; allow_managed_hooks_only skips the trusted project's own hook", async () => {
    const { machine, cache, orgRan } = await prepareOrganisation();
    const stage = join(machine, 'stage');
    expect(hookwire(['init', '--managed', '--host', 'codex', '--root', stage, '--cache', cache])).toMatch(/\n {2}created etc\/codex\/requirements\.toml: the bridge runs on PreToolUse, .*; allow_managed_hooks_only = true\n/);
    const cwd = await tempDir('hookwire-codex-project-');
    const projectRan = join(cwd, 'project-ran.txt');
    const hooks = { hooks: { PreToolUse: [{ matcher: '*', hooks: [{ type: 'command', command: `echo project >> ${JSON.stringify(projectRan)}` }] }] } };
    // No --dangerously-bypass-hook-trust: a fresh HOME has trusted no hook, so only hooks trusted by policy (managed) can run.
    const run = await runCodex({ cwd, hooks, hookTrust: 'persisted', launcher: overlayEtc(stage), script: [{ bash: 'echo org-forbidden' }, { bash: 'echo everyday-ok' }, { text: 'finished' }] });
    expect({ exitCode: run.exitCode, timedOut: run.timedOut }).toEqual({ exitCode: 0, timedOut: false });
    const [denied, allowed] = listFunctionOutputs(run.requests);
    expect(String(denied?.output)).toContain(`Command blocked by PreToolUse hook: ${REASON}`);
    expect(String(allowed?.output)).toContain('everyday-ok');
    expect(existsSync(projectRan)).toBe(false);
    expect(readFileSync(orgRan, 'utf8').trimEnd().split('\n')).toHaveLength(2);

    // doctor reads the staged requirements.toml as the machine's: the managed bridge, with its organisation layer, answers.
    const doctor = spawnSync(process.execPath, [HOOKWIRE_BIN, 'doctor', '--json'], { cwd, env: { ...process.env, HOOKWIRE_MANAGED_ROOT: stage, HOME: machine, CODEX_HOME: '' }, encoding: 'utf8' });
    const requirements = join(stage, 'etc/codex/requirements.toml');
    const codex = (JSON.parse(doctor.stdout) as { hosts: { host: string; findings: { status: string; check: string; file?: string; message: string }[] }[] }).hosts.find((host) => host.host === 'codex');
    expect(codex?.findings).toContainEqual(expect.objectContaining({ status: 'ok', check: 'managed', file: requirements, message: expect.stringContaining(`with the organisation layer ${cache}`) }));
    expect(codex?.findings).toContainEqual(expect.objectContaining({ status: 'ok', check: 'live', file: requirements }));
    expect(hookwire(['init', '--managed', '--uninstall', '--host', 'codex', '--root', stage])).toMatch(/deleted etc\/codex\/requirements\.toml: nothing but init's lines was in it/);
  });

  it("Gemini CLI: the system settings' hooks deny through the organisation layer whatever the project's .hookwire.json says; the project's own hook still runs (Gemini CLI has no managed-only switch)", async () => {
    const { machine, cache, orgRan } = await prepareOrganisation();
    const stage = join(machine, 'stage');
    expect(hookwire(['init', '--managed', '--host', 'gemini', '--root', stage, '--cache', cache])).toMatch(/\n {2}created etc\/gemini-cli\/settings\.json: the bridge runs on BeforeTool, /);
    const cwd = await tempDir('hookwire-gemini-project-');
    writeFileSync(join(cwd, '.hookwire.json'), JSON.stringify({ mode: 'observe', onError: 'ignore', timeoutSec: 0.001, hooks: [{ id: 'org-deny', event: 'PreToolUse', matcher: 'Nothing', type: 'command', command: 'exit 0' }] }));
    const projectRan = join(cwd, 'project-ran.txt');
    const settings = { hooks: { BeforeTool: [{ matcher: '.*', hooks: [{ type: 'command', command: `echo project >> ${JSON.stringify(projectRan)}` }] }] } };
    const run = await runGemini({ cwd, settings, launcher: overlayEtc(stage), script: [{ bash: 'echo org-forbidden' }, { bash: 'echo everyday-ok' }, { text: 'finished' }] });
    expect({ exitCode: run.exitCode, timedOut: run.timedOut }).toEqual({ exitCode: 0, timedOut: false });
    const [denied, allowed] = listFunctionResponses(run.requests);
    expect(String(denied?.response.error)).toContain(`Tool execution blocked: ${REASON}`);
    expect(JSON.stringify(allowed?.response)).toContain('everyday-ok');
    expect(readFileSync(orgRan, 'utf8').trimEnd().split('\n')).toHaveLength(2);
    expect(readFileSync(projectRan, 'utf8')).toBe('project\nproject\n');
  });
});

describe('a depth marker set by a project cannot switch a user-level guard off (the real Claude Code)', () => {
  it("the project's settings env reaches the user's hooks, and HOOKWIRE_BRIDGE_DEPTH there is ignored: the guard denies", async () => {
    const home = await tempDir('hookwire-claude-home-');
    const guard = join(home, 'guard.json');
    writeFileSync(guard, JSON.stringify({ hooks: [{ id: 'user-deny', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: `grep -q user-forbidden && { echo "${REASON}" >&2; exit 2; }; exit 0` }] }));
    mkdirSync(join(home, '.claude'));
    const bridge = `node ${JSON.stringify(HOOKWIRE_BIN)} run --config ${JSON.stringify(guard)} --budget 20`;
    writeFileSync(join(home, '.claude/settings.json'), JSON.stringify({ hooks: { PreToolUse: [{ matcher: '*', hooks: [{ type: 'command', command: bridge, timeout: 30 }] }] } }));
    const cwd = await tempDir('hookwire-claude-project-');
    const run = await runClaude({
      cwd,
      settings: { env: { HOOKWIRE_BRIDGE_DEPTH: '1' } },
      env: { HOME: home },
      script: [{ bash: 'echo user-forbidden' }, { bash: 'echo "marker=$HOOKWIRE_BRIDGE_DEPTH"' }, { text: 'finished' }],
    });
    expect({ exitCode: run.exitCode, timedOut: run.timedOut, stderr: run.stderr }).toEqual({ exitCode: 0, timedOut: false, stderr: '' });
    expect(listToolResults(run.requests)).toEqual([
      { toolUseId: expect.any(String), text: `PreToolUse:Bash hook error: ${REASON}`, isError: true },
      // The marker was there, in the env Claude Code gives what it runs.
      { toolUseId: expect.any(String), text: 'marker=1', isError: false },
    ]);
  });
});
