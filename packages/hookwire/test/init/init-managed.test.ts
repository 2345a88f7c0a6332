import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '@hookwire/test-utils';
import { HOOKWIRE, runHookwire } from '../sidecar.js';

// `hookwire init --managed` through the built executable, staged under --root (a test never writes
// the machine's /etc): each host's managed file, idempotent, an administrator's own content kept,
// --uninstall taking out exactly init's part. test/hosts/managed-init.test.ts runs Claude Code on it.

afterAll(removeTempDirs);

const FILES = {
  claude: 'etc/claude-code/managed-settings.json',
  codex: 'etc/codex/requirements.toml',
  cursor: 'etc/cursor/hooks.json',
  gemini: 'etc/gemini-cli/settings.json',
};

async function snapshot(root: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const file of Object.values(FILES)) if (existsSync(join(root, file))) files[file] = await readFile(join(root, file), 'utf8');
  return files;
}

function managed(root: string, cache: string, more: string[] = []) {
  return runHookwire(['init', '--managed', '--host', 'claude,codex,cursor,gemini', '--root', root, '--cache', cache, ...more]);
}

/** The start the managed line has for this machine's node and the built bin, with the organisation layer of `cache`. */
function managedRun(cache: string, dialect: string): string {
  return `NODE_OPTIONS= '${process.execPath}' '${HOOKWIRE}' run${dialect === 'claude' ? '' : ` --dialect ${dialect}`} --budget 110 --org-config '${cache}/current/.hookwire.json' --on-error block;`;
}

describe('hookwire init --managed --root DIR', () => {
  it("stages the four hosts' managed files, changes nothing when run again, and --uninstall leaves the root empty", async () => {
    const root = await tempDir();
    const cache = join(root, 'cache');
    const first = await managed(root, cache);
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout.split('\n').slice(0, 5)).toEqual([
      `hookwire init --managed (hosts claude, codex, cursor, gemini) in ${root} (staged: the files a package installs under /)`,
      expect.stringMatching(/^ {2}created etc\/claude-code\/managed-settings\.json: the bridge runs on PreToolUse, .*, Notification$/),
      expect.stringMatching(/^ {2}created etc\/codex\/requirements\.toml: the bridge runs on PreToolUse, .*, PermissionRequest; allow_managed_hooks_only = true$/),
      expect.stringMatching(/^ {2}created etc\/cursor\/hooks\.json: the bridge runs on preToolUse, /),
      expect.stringMatching(/^ {2}created etc\/gemini-cli\/settings\.json: the bridge runs on BeforeTool, /),
    ]);
    expect(first.stdout).toContain(`note: the organisation layer ${cache}/current/.hookwire.json is not there on this machine yet: until it is, the managed hooks block every event`);
    const files = await snapshot(root);

    const claude = JSON.parse(files[FILES.claude]!) as { allowManagedHooksOnly: unknown; hooks: Record<string, { matcher?: string; hooks: { command: string; timeout: number }[] }[]> };
    expect(claude.allowManagedHooksOnly).toBe(true);
    expect(Object.keys(claude.hooks)).toHaveLength(12);
    expect(claude.hooks.PreToolUse).toEqual([{ matcher: '*', hooks: [{ type: 'command', command: expect.stringContaining(managedRun(cache, 'claude')), timeout: 120 }] }]);
    // It fails closed: a node or bin that is gone is exit 2 where that blocks, saying why.
    expect(claude.hooks.PreToolUse![0]!.hooks[0]!.command).toMatch(/^n='.*'; b='.*'; if \[ -x "\$n" \] && \[ -f "\$b" \]; then .*; s=\$\?; else s=127; fi; case \$s in 126\|127\) echo "hookwire: cannot run \$b with \$n .*" >&2; exit 2;; esac; exit \$s$/);
    expect(claude.hooks.Stop![0]!.hooks[0]!.command).toContain('exit 1;; esac');

    const codex = parseToml(files[FILES.codex]!) as { allow_managed_hooks_only: unknown; hooks: Record<string, { matcher?: string; hooks: { type: string; command: string; timeout: number }[] }[]> };
    expect(codex.allow_managed_hooks_only).toBe(true);
    expect(Object.keys(codex.hooks).sort()).toEqual(['PermissionRequest', 'PostToolUse', 'PreCompact', 'PreToolUse', 'SessionEnd', 'SessionStart', 'Stop', 'SubagentStart', 'SubagentStop', 'UserPromptSubmit']);
    expect(codex.hooks.PreToolUse).toEqual([{ matcher: '*', hooks: [{ type: 'command', command: expect.stringContaining(managedRun(cache, 'codex')), timeout: 120 }] }]);

    const cursor = JSON.parse(files[FILES.cursor]!) as { version: number; hooks: Record<string, { command: string }[]> };
    expect(cursor.version).toBe(1);
    expect(cursor.hooks.preToolUse![0]!.command).toContain(managedRun(cache, 'cursor'));
    const gemini = JSON.parse(files[FILES.gemini]!) as { hooks: Record<string, { hooks: { command: string; timeout: number }[] }[]> };
    expect(gemini.hooks.BeforeTool![0]!.hooks[0]).toMatchObject({ command: expect.stringContaining(managedRun(cache, 'gemini')), timeout: 120_000 });

    const again = await managed(root, cache);
    expect(again).toMatchObject({ code: 0, stderr: '' });
    expect(again.stdout).toContain('  nothing to change\n');
    expect(await snapshot(root)).toEqual(files);

    const removed = await runHookwire(['init', '--managed', '--uninstall', '--host', 'claude,codex,cursor,gemini', '--root', root]);
    expect(removed).toMatchObject({ code: 0, stderr: '' });
    expect(readdirSync(root)).toEqual([]);
  });

  it("keeps an administrator's own settings, and --uninstall gives them back (Codex's byte for byte; Claude Code's lock stays while other managed hooks are there)", async () => {
    const root = await tempDir();
    const cache = join(root, 'cache');
    const codexOwn = '# Managed by IT\nallowed_approval_policies = ["untrusted", "on-request"]\n\n[features]\nhooks = true\n\n[[hooks.PreToolUse]]\nmatcher = "Bash"\n[[hooks.PreToolUse.hooks]]\ntype = "command"\ncommand = "/opt/it/audit.sh"\n';
    const claudeOwn = { permissions: { deny: ['Bash(curl:*)'] }, hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '/opt/it/audit.sh' }] }] } };
    for (const [file, text] of [[FILES.codex, codexOwn], [FILES.claude, `${JSON.stringify(claudeOwn, null, 2)}\n`]] as const) {
      await mkdir(dirname(join(root, file)), { recursive: true });
      await writeFile(join(root, file), text);
    }
    const run = await runHookwire(['init', '--managed', '--host', 'claude,codex', '--root', root, '--cache', cache]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain('  updated etc/codex/requirements.toml: the bridge runs on PreToolUse, ');
    const codexText = await readFile(join(root, FILES.codex), 'utf8');
    // The lock among the top-level keys, before the first table; the hooks after the administrator's.
    expect(codexText.startsWith('# Managed by IT\nallowed_approval_policies = ["untrusted", "on-request"]\n\nallow_managed_hooks_only = true # hookwire init --managed\n[features]\n')).toBe(true);
    const codex = parseToml(codexText) as { allowed_approval_policies: string[]; features: { hooks: boolean }; hooks: Record<string, { matcher?: string; hooks: { command: string }[] }[]> };
    expect(codex.allowed_approval_policies).toEqual(['untrusted', 'on-request']);
    expect(codex.hooks.PreToolUse!.map((entry) => entry.hooks[0]!.command)).toEqual(['/opt/it/audit.sh', expect.stringContaining(managedRun(cache, 'codex'))]);
    const claude = JSON.parse(await readFile(join(root, FILES.claude), 'utf8')) as typeof claudeOwn & { allowManagedHooksOnly: boolean };
    expect(claude.permissions).toEqual(claudeOwn.permissions);
    expect(claude.allowManagedHooksOnly).toBe(true);
    expect(claude.hooks.PreToolUse[0]).toEqual(claudeOwn.hooks.PreToolUse[0]);

    const removed = await runHookwire(['init', '--managed', '--uninstall', '--host', 'claude,codex', '--root', root]);
    expect(removed).toMatchObject({ code: 0, stderr: '' });
    expect(removed.stdout).toContain('allowManagedHooksOnly left as it is (other managed hooks are there)');
    expect(await readFile(join(root, FILES.codex), 'utf8')).toBe(codexOwn);
    expect(JSON.parse(await readFile(join(root, FILES.claude), 'utf8'))).toEqual({ ...claudeOwn, allowManagedHooksOnly: true });
  });

  it.each([
    [FILES.claude, '{"allowManagedHooksOnly": false}\n', 'sets allowManagedHooksOnly to false: set it to true (or remove it) yourself'],
    [FILES.codex, 'allow_managed_hooks_only = false\n', 'sets allow_managed_hooks_only = false: set it to true (or remove it) yourself'],
    [FILES.codex, 'hooks = "nope"\n', 'once init\'s lines are added'],
    [FILES.codex, 'allowed = [\n', 'etc/codex/requirements.toml is not valid TOML: '],
  ])('%s holding %j: exit 1, nothing changed', async (file, text, message) => {
    const root = await tempDir();
    await mkdir(dirname(join(root, file)), { recursive: true });
    await writeFile(join(root, file), text);
    const host = file === FILES.claude ? 'claude' : 'codex';
    const run = await runHookwire(['init', '--managed', '--host', host, '--root', root]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(message);
    expect(run.stderr).toMatch(/; nothing was changed\n$/);
    expect(await readFile(join(root, file), 'utf8')).toBe(text);
  });

  it.each([
    [['init', '--root', '/tmp/x'], 'hookwire init: --root goes with --managed (the managed files, for every user)'],
    [['init', '--cache', '/tmp/x'], 'hookwire init: --cache goes with --managed (the managed files, for every user)'],
    [['init', '--managed', '--user'], "hookwire init: --managed writes the system's managed files, for every user and project: it takes no --user"],
    [['init', '--managed', '--dir', '.'], "hookwire init: --managed writes the system's managed files, for every user and project: it takes no --dir"],
    [['init', '--managed', '--host', 'all'], 'hookwire init: --managed takes the hosts by name, not all (supported: claude, codex, cursor, gemini)'],
    [['init', '--managed', '--host', 'claude,copilot'], 'hookwire init: --managed does not set up copilot: init writes the managed files of claude, codex, cursor, gemini (docs/fleet.md says why not the others)'],
  ])('hookwire %j is a usage error', async (args, message) => {
    const run = await runHookwire(args);
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n')[0]).toBe(message);
  });

  it.runIf(process.getuid?.() === 0)('without --root, as a user other than root: exit 2, saying it needs root or --root', () => {
    let failure: { status: number; stderr: string } | undefined;
    try {
      execFileSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, HOOKWIRE, 'init', '--managed', '--host', 'claude,codex'], { encoding: 'utf8', cwd: '/', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      failure = error as { status: number; stderr: string };
    }
    expect(failure).toMatchObject({
      status: 2,
      stderr: "hookwire init: --managed writes the system's files (/etc/claude-code/managed-settings.json, /etc/codex/requirements.toml), which needs root: run it as root (sudo), or give --root DIR to stage the files for a package\n",
    });
    expect(existsSync('/etc/claude-code/managed-settings.json')).toBe(false);
  });
});
