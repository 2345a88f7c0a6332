import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupSidecars, runHookwire, tempDir, writeConfig } from './sidecar.js';

afterEach(cleanupSidecars);

/** An environment where no config of the machine or the test runner is found. */
function isolated(dir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, XDG_CONFIG_HOME: join(dir, 'no-user-config'), HOME: dir };
  delete env.HOOKWIRE_CONFIG;
  delete env.CLAUDE_PROJECT_DIR;
  return env;
}

describe('hookwire rules', () => {
  it('lists the recommended pack without a config, every rule with its mode, and counts them', async () => {
    const dir = await tempDir();
    const { code, stdout, stderr } = await runHookwire(['rules'], { cwd: dir, env: isolated(dir) });
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toMatch(/^rules of hookwire:recommended \(no rule hook in a config; what hookwire init writes\)\n/);
    expect(stdout).toMatch(/^fs-rm-root-home +destructive-filesystem +critical +recommended +enforce +deny /m);
    expect(stdout).toMatch(/^\d+ enforce, \d+ observe, \d+ off \(another level, or turned off\)$/m);
    const json = await runHookwire(['rules', '--json'], { cwd: dir, env: isolated(dir) });
    const listed = JSON.parse(json.stdout) as { rules: { rule: string; mode: string; level: string }[] };
    expect(listed.rules.length).toBeGreaterThan(20);
    // Rules of the stricter level are off unless the config switches the level on.
    for (const rule of listed.rules) expect(rule.mode === 'off', rule.rule).toBe(rule.level !== 'recommended');
  });

  it('shows the tuning a config gives: a level, a rule observed, a rule turned off', async () => {
    const dir = await tempDir();
    const config = await writeConfig(dir, { hooks: [{ id: 'mine', type: 'rule', pack: 'hookwire:recommended', level: 'strict', rules: { 'git-reset-hard': 'observe', 'git-clean-force': 'off' } }] });
    const { code, stdout } = await runHookwire(['rules', '--config', config, '--json'], { cwd: dir, env: isolated(dir) });
    expect(code).toBe(0);
    const listed = JSON.parse(stdout) as { source: string; rules: { hook: string; rule: string; mode: string }[] };
    expect(listed.source).toBe(config);
    const modeOf = (id: string) => listed.rules.find((rule) => rule.rule === id)?.mode;
    expect([modeOf('git-reset-hard'), modeOf('git-clean-force'), modeOf('fs-rm-root-home')]).toEqual(['observe', 'off', 'enforce']);
    expect(listed.rules.every((rule) => rule.hook === 'mine')).toBe(true);
    expect(listed.rules.some((rule) => rule.mode !== 'off' && !['recommended', 'strict'].includes((rule as unknown as { level: string }).level))).toBe(false);
  });

  it('shows how a shell line is read after unwrapping, and which rule denies, exit 1', async () => {
    const dir = await tempDir();
    const { code, stdout, stderr } = await runHookwire(['rules', 'sudo env FOO=1 bash -c "X=rm; $X -rf ~"'], { cwd: dir, env: isolated(dir) });
    expect(stderr).toBe('');
    expect(code).toBe(1);
    expect(stdout).toContain(`  rm -rf ${dir}   (via sudo → env → bash -c)\n`);
    expect(stdout).toMatch(/^fs-rm-root-home +deny +enforce +\$X -rf ~ +sudo → env → bash -c$/m);
    expect(stdout).toMatch(/\ndecision: deny\n$/);
  });

  it('lets everyday work through, exit 0, and reads another tool with --tool', async () => {
    const dir = await tempDir();
    const ok = await runHookwire(['rules', 'git push origin feature/x && rm -rf node_modules dist'], { cwd: dir, env: isolated(dir) });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/no rule of hookwire:recommended .* matches: allowed\n$/);
    const read = await runHookwire(['rules', '--tool', 'Read', JSON.stringify({ file_path: join(dir, '.env') }), '--json'], { cwd: dir, env: isolated(dir) });
    expect(read.code).toBe(1);
    expect(JSON.parse(read.stdout)).toMatchObject({ tool: 'Read', decision: 'deny', matches: [expect.objectContaining({ rule: 'secrets-read-file', matched: join(dir, '.env') })] });
    const example = await runHookwire(['rules', '--tool', 'Read', join(dir, '.env.example')], { cwd: dir, env: isolated(dir) });
    expect(example.code).toBe(0);
  });

  it('refuses two actions at once, in the one style', async () => {
    const { code, stderr } = await runHookwire(['rules', 'ls', 'pwd']);
    expect(code).toBe(2);
    expect(stderr.split('\n')[0]).toBe('hookwire rules: one action at a time, received 2 arguments (quote the shell line)');
  });
});
