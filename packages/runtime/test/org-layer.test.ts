import fc from 'fast-check';
import { parseConfig } from '@hookwire/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { LAYER_LEFT_OUT, mergeLayers } from '../src/index.js';
import { cleanup, runtimeOf, say, tempDir, writeJson } from './helpers.js';

afterEach(cleanup);

/** The organisation's layer: one Bash guard that denies, with the org's own settings. */
const ORG = {
  onError: 'block',
  hooks: [{ id: 'org-guard', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: 'echo "org: no Bash here" >&2; exit 2' }],
};

const PAYLOAD = { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' }, session_id: 's', cwd: '/' };

/** Whatever a user's or project's config may say, aimed at the organisation's guard: valid layers, and broken ones. */
const onError = fc.constantFrom('warn', 'block', 'ignore');
const mode = fc.constantFrom('enforce', 'observe');
const commandHook = fc.record(
  {
    id: fc.constantFrom('org-guard', 'org-guard@2', 'guard', 'mine'),
    event: fc.constantFrom('PreToolUse', 'tool:before', 'PostToolUse', 'Stop'),
    matcher: fc.constantFrom('Bash', '*', '', 'Nothing', '.*', '^Edit$'),
    type: fc.constant('command'),
    command: fc.constantFrom('exit 0', 'exit 1', say({ decision: 'approve' }), say({ continue: true, hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } })),
    timeout: fc.constantFrom(0.001, 1, 600),
    onError,
    mode,
  },
  { requiredKeys: ['event', 'type', 'command'] },
);
const httpHook = fc.record(
  { id: fc.constantFrom('org-guard', 'web'), event: fc.constant('PreToolUse'), type: fc.constant('http'), url: fc.constant('http://127.0.0.1:9/hook'), onError, mode },
  { requiredKeys: ['event', 'type', 'url'] },
);
const validLayer = fc.record(
  {
    hooks: fc.array(fc.oneof(commandHook, httpHook), { maxLength: 4 }),
    timeoutSec: fc.constantFrom(0.001, 5),
    onError,
    mode,
    parallel: fc.boolean(),
    llm: fc.constant({ baseUrl: 'http://127.0.0.1:9', model: 'yes-man' }),
    proxy: fc.constant({ command: 'exit 0' }),
  },
  { requiredKeys: ['hooks'] },
);
const brokenLayer = fc.oneof(
  fc.anything(),
  validLayer.map((layer) => ({ ...layer, orgGuard: false })),
  validLayer.map((layer) => ({ ...layer, onError: 'never' })),
  validLayer.map((layer) => ({ ...layer, hooks: [...layer.hooks, { event: 'PreToolUse', type: 'rule' }] })),
);
const layer = validLayer;
const lowerLayers = fc.array(fc.oneof({ weight: 3, arbitrary: validLayer }, { weight: 1, arbitrary: brokenLayer }), { minLength: 1, maxLength: 2 });

describe('the organisation layer', () => {
  it('property: the org\'s deny guard still denies whatever the user\'s and project\'s layers say', async () => {
    let loaded = 0;
    await fc.assert(
      fc.asyncProperty(lowerLayers, async (lower) => {
        const runtime = await runtimeOf(lower, { orgConfig: [ORG] });
        if (!runtime.diagnostics.some((d) => d.message.startsWith(LAYER_LEFT_OUT))) loaded++;
        const result = await runtime.dispatch('PreToolUse', PAYLOAD, { dialect: 'claude' });
        expect(result.outcome.decision).toBe('deny');
        expect(result.runs.find((run) => run.hook === 'org-guard')).toMatchObject({ outcome: { decision: 'deny', reason: 'org: no Bash here' } });
        await runtime.close();
      }),
      { numRuns: 60 },
    );
    // Not only broken layers: a fair share of them loaded, hooks and settings and all.
    expect(loaded).toBeGreaterThan(5);
  });

  it('property: an org hook and the settings the org sets are the same with or without any lower layer', () => {
    const org = parseConfig({ ...ORG, timeoutSec: 9, hooks: [...ORG.hooks, { id: 'judge', event: 'PreToolUse', type: 'prompt', prompt: 'is it safe?' }] }).config!;
    const alone = mergeLayers([org], []).config;
    fc.assert(
      fc.property(fc.array(layer, { maxLength: 3 }), (raw) => {
        const parsed = raw.map((value) => parseConfig(value)).filter((result) => result.config !== undefined && !result.diagnostics.some((d) => d.severity === 'error')).map((result) => result.config!);
        const { config } = mergeLayers([org], parsed);
        expect(config.hooks.slice(0, alone.hooks.length)).toEqual(alone.hooks);
        expect(config.onError).toBe('block');
        expect(config.timeoutSec).toBe(9);
        // The org has a prompt hook and sets no llm: no lower layer may pick its judge.
        expect(config.llm).toBeUndefined();
        for (const hook of config.hooks.slice(alone.hooks.length)) expect(alone.hooks.map((h) => h.id)).not.toContain(hook.id);
      }),
      { numRuns: 300 },
    );
  });

  it('seals each org hook with the org\'s timeout, onError and mode (the kind default when the org sets none)', () => {
    const org = parseConfig({ hooks: [{ id: 'g', event: 'PreToolUse', type: 'command', command: 'true' }, { id: 'p', event: 'PreToolUse', type: 'prompt', prompt: 'x', timeout: 5, onError: 'block', mode: 'observe' }] }).config!;
    const lower = parseConfig({ timeoutSec: 0.001, onError: 'ignore', mode: 'observe', hooks: [] }).config!;
    const { config } = mergeLayers([org], [lower]);
    expect(config.hooks.map(({ id, timeout, onError: e, mode: m }) => ({ id, timeout, onError: e, mode: m }))).toEqual([
      { id: 'g', timeout: 600, onError: 'warn', mode: 'enforce' },
      { id: 'p', timeout: 5, onError: 'block', mode: 'observe' },
    ]);
    // Settings the org leaves unset still come from below, for the lower layers' own hooks.
    expect(config).toMatchObject({ timeoutSec: 0.001, onError: 'ignore', mode: 'observe' });
  });

  it('a broken lower file (invalid JSON, an unknown key) is left out with a warning; the org\'s hooks load and run', async () => {
    const dir = await tempDir();
    const org = await writeJson(dir, 'org.json', ORG);
    const { writeFile } = await import('node:fs/promises');
    await writeFile(`${dir}/broken.json`, '{"hooks": [');
    const unknown = await writeJson(dir, 'unknown.json', { hooks: [], allowAll: true });
    const runtime = await runtimeOf(undefined, { orgConfigPath: org, configPath: [`${dir}/broken.json`, unknown] });
    const leftOut = runtime.diagnostics.filter((d) => d.message.startsWith(LAYER_LEFT_OUT));
    expect(leftOut.map((d) => d.file)).toEqual([`${dir}/broken.json`, unknown]);
    expect(leftOut.every((d) => d.severity === 'warning')).toBe(true);
    expect((await runtime.dispatch('PreToolUse', PAYLOAD, { dialect: 'claude' })).outcome.decision).toBe('deny');
  });

  it('an org layer with errors still fails the load: nothing is guessed about the organisation\'s policy', async () => {
    await expect(runtimeOf({ hooks: [] }, { orgConfig: [{ hooks: [], allowAll: true }] })).rejects.toThrow(/allowAll/);
  });

  it('setOrgLayer swaps the organisation layer whole and names its revision in each result; one that does not load is refused and the old one stays, through later reloads too', async () => {
    const dir = await tempDir();
    const guard = (revision: string) => ({ hooks: [{ id: 'org-guard', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: `echo "${revision}: no Bash here" >&2; exit 2` }] });
    const r1 = await writeJson(dir, 'r1.json', guard('r1'));
    const r2 = await writeJson(dir, 'r2.json', guard('r2'));
    const broken = await writeJson(dir, 'broken.json', { hooks: [], allowAll: true });
    const project = await writeJson(dir, 'project.json', { hooks: [] });
    const runtime = await runtimeOf(undefined, { orgConfigPath: r1, configPath: project, bundleRevision: 'r1' });
    const decide = async () => {
      const result = await runtime.dispatch('PreToolUse', PAYLOAD, { dialect: 'claude' });
      return [result.bundle, result.outcome.reason];
    };
    expect(await decide()).toEqual(['r1', 'r1: no Bash here']);
    expect(await runtime.setOrgLayer({ paths: [r2], bundle: 'r2' })).toMatchObject({ ok: true });
    expect(await decide()).toEqual(['r2', 'r2: no Bash here']);
    const refused = await runtime.setOrgLayer({ paths: [broken], bundle: 'r3' });
    expect(refused).toMatchObject({ ok: false, error: expect.stringMatching(/allowAll/) });
    expect(await decide()).toEqual(['r2', 'r2: no Bash here']);
    // A reload re-reads the lower layers on the organisation layer in force, and keeps its revision.
    expect(await runtime.reload()).toMatchObject({ ok: true });
    expect(await decide()).toEqual(['r2', 'r2: no Bash here']);
    // A reload that overtakes a swap: the swap still lands, read again with the newest lower layers.
    const swapped = runtime.setOrgLayer({ paths: [r1], bundle: 'r1' });
    const reloaded = runtime.reload();
    expect(await Promise.all([swapped, reloaded])).toMatchObject([{ ok: true }, { ok: true }]);
    expect(await decide()).toEqual(['r1', 'r1: no Bash here']);
    await runtime.close();
  });
});
