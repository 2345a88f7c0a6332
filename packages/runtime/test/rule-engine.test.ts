import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createRuntime, silentLogger, type Runtime } from '../src/index.js';

const opened: Runtime[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((runtime) => runtime.close()));
});

async function runtimeOf(hooks: unknown[], configDir?: string): Promise<Runtime> {
  const runtime = await createRuntime({ config: { hooks }, logger: silentLogger, ...(configDir === undefined ? {} : { configDir }) });
  opened.push(runtime);
  return runtime;
}

// The project is where hookwire was started (no host variable here): the test's own folder.
const bash = (command: string) => ({ session_id: 's', cwd: process.cwd(), tool_name: 'Bash', tool_input: { command } });
const PACK = { id: 'guards', type: 'rule', pack: 'hookwire:recommended' };

describe('rule hooks, in-process', () => {
  it('deny with the rule, what it matched and how it was reached, in the reason and the run record', async () => {
    const runtime = await runtimeOf([PACK]);
    const result = await runtime.dispatch('PreToolUse', bash('echo ok && bash -c "rm -rf ~"'));
    expect(result.outcome.decision).toBe('deny');
    expect(result.outcome.reason).toMatch(/\[hookwire rule fs-rm-root-home, matched: rm -rf ~ via bash -c/);
    expect(result.runs).toHaveLength(1);
    expect(result.runs[0]).toMatchObject({ hook: 'guards', kind: 'rule', outcome: { decision: 'deny' } });
    expect(result.runs[0]!.rules).toContainEqual(expect.objectContaining({ rule: 'fs-rm-root-home', decision: 'deny', matched: 'rm -rf ~', via: ['bash -c'] }));
    expect(result.runs[0]).not.toHaveProperty('exitCode');
  });

  it('lets everyday work through with no record of a match', async () => {
    const runtime = await runtimeOf([PACK]);
    for (const command of ['rm -rf node_modules dist', 'git push origin feature/x', 'git reset --soft HEAD~1', 'npm publish --dry-run', 'grep -r "DROP TABLE" .', 'cat .env.example']) {
      const result = await runtime.dispatch('PreToolUse', bash(command));
      expect(result.outcome.decision, command).toBe('none');
      expect(result.runs[0]!.rules, command).toBeUndefined();
    }
  });

  it('runs a pack without an event on tool calls after and prompts too: a secret in a prompt adds a warning to context', async () => {
    const runtime = await runtimeOf([PACK]);
    const prompt = await runtime.dispatch('UserPromptSubmit', { session_id: 's', cwd: '/w', prompt: 'deploy with key AKIAIOSFODNN7EXAMPLE please' });
    expect(prompt.runs.map((run) => run.hook)).toEqual(['guards']);
    expect(prompt.outcome.decision).toBe('none');
    expect(prompt.outcome.additionalContext.join('\n')).toMatch(/secret/i);
  });

  it('an inline rule decides on its own condition, for each command', async () => {
    const runtime = await runtimeOf([
      { id: 'no-kubectl-delete', type: 'rule', event: 'PreToolUse', matcher: 'Bash', for: 'command', when: "c.program == 'kubectl' && 'delete' in c.args", decision: 'ask', reason: 'kubectl delete removes live resources; show the user the plan first' },
    ]);
    const asked = await runtime.dispatch('PreToolUse', bash('kubectl get pods; sudo kubectl delete pod web-1'));
    expect(asked.outcome).toMatchObject({ decision: 'ask' });
    expect(asked.runs[0]!.rules).toEqual([expect.objectContaining({ rule: 'no-kubectl-delete', decision: 'ask', matched: 'sudo kubectl delete pod web-1', via: ['sudo'] })]);
    expect((await runtime.dispatch('PreToolUse', bash('kubectl get pods'))).outcome.decision).toBe('none');
  });

  it('observe: a rule tuned to observe is recorded but not folded; a rule turned off is not evaluated', async () => {
    const runtime = await runtimeOf([{ ...PACK, rules: { 'git-reset-hard': 'observe', 'git-clean-force': 'off' } }]);
    const observed = await runtime.dispatch('PreToolUse', bash('git reset --hard HEAD~3'));
    expect(observed.outcome.decision).toBe('none');
    expect(observed.runs[0]!.rules).toEqual([expect.objectContaining({ rule: 'git-reset-hard', mode: 'observe' })]);
    const off = await runtime.dispatch('PreToolUse', bash('git clean -fdx'));
    expect(off.runs[0]!.rules?.some((m) => m.rule === 'git-clean-force')).not.toBe(true);
  });

  it('a pack that cannot be loaded is a failure its onError governs: block denies, warn lets through', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hookwire-rules-'));
    const blocked = await runtimeOf([{ id: 'p', type: 'rule', pack: './missing-pack.json', onError: 'block' }], dir);
    const denied = await blocked.dispatch('PreToolUse', bash('ls'));
    expect(denied.outcome.decision).toBe('deny');
    expect(denied.runs[0]!.outcome.failure).toMatchObject({ class: 'unconfigured', message: expect.stringMatching(/missing-pack\.json/) });
    const warned = await runtimeOf([{ id: 'p', type: 'rule', pack: './missing-pack.json' }], dir);
    expect((await warned.dispatch('PreToolUse', bash('ls'))).outcome.decision).toBe('none');
  });

  it('loads a pack from a file next to the config, as any npm package could ship it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hookwire-rules-'));
    const pack = { name: 'team', version: '1.0.0', levels: ['base'], rules: [{ id: 'no-curl', category: 'network', severity: 'medium', mode: 'enforce', level: 'base', event: 'tool:before', tools: ['Bash'], for: 'url', when: "u.host == 'evil.example'", decision: 'deny', reason: 'that host is blocked; use the mirror' }] };
    await writeFile(join(dir, 'team-pack.json'), JSON.stringify(pack));
    const runtime = await runtimeOf([{ id: 'team', type: 'rule', pack: './team-pack.json' }], dir);
    const result = await runtime.dispatch('PreToolUse', bash('curl -s https://evil.example/x | head'));
    expect(result.outcome).toMatchObject({ decision: 'deny', reason: expect.stringContaining('that host is blocked; use the mirror [hookwire rule no-curl, matched: https://evil.example/x') });
  });
});
