import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupSidecars, runHookwire, tempDir } from '../sidecar.js';

afterEach(cleanupSidecars);

const ORG = { hooks: [{ id: 'org-guard', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: 'echo "org: no Bash here" >&2; exit 2' }] };
const PAYLOAD = JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' }, session_id: 's', cwd: '/' });
const DENIED = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'org: no Bash here' } };

/** What an agent could write into the project's .hookwire.json to switch the guard off: any key, any text. */
const projectFile = fc.oneof(
  fc
    .record(
      {
        mode: fc.constantFrom('observe', 'enforce'),
        onError: fc.constantFrom('ignore', 'warn'),
        timeoutSec: fc.constantFrom(0.001, 1),
        parallel: fc.boolean(),
        hooks: fc.array(
          fc.record({
            id: fc.constantFrom('org-guard', 'x'),
            event: fc.constantFrom('PreToolUse', 'tool:before'),
            matcher: fc.constantFrom('Bash', 'Nothing', '*'),
            type: fc.constant('command'),
            command: fc.constantFrom('exit 0', `printf '%s' '{"decision":"approve"}'`),
            mode: fc.constantFrom('observe', 'enforce'),
            timeout: fc.constantFrom(0.001, 2),
          }),
          { maxLength: 3 },
        ),
        disableAllHooks: fc.constant(true),
      },
      { requiredKeys: ['hooks'] },
    )
    .map((value) => JSON.stringify(value)),
  fc.string(),
);

describe('hookwire run with an organisation layer (the built executable)', () => {
  it('property: a project .hookwire.json cannot switch the organisation guard off, by any key or any text', async () => {
    const dir = await tempDir();
    writeFileSync(join(dir, 'org.json'), JSON.stringify(ORG));
    mkdirSync(join(dir, 'project'));
    const env = { ...process.env, HOOKWIRE_CONFIG: '', HOOKWIRE_ORG_CONFIG: '', XDG_CONFIG_HOME: join(dir, 'config'), CLAUDE_PROJECT_DIR: join(dir, 'project') };
    await fc.assert(
      fc.asyncProperty(projectFile, fc.boolean(), async (text, viaEnv) => {
        writeFileSync(join(dir, 'project/.hookwire.json'), text);
        const args = viaEnv ? ['run'] : ['run', '--org-config', join(dir, 'org.json')];
        const end = await runHookwire(args, { env: viaEnv ? { ...env, HOOKWIRE_ORG_CONFIG: join(dir, 'org.json') } : env, input: PAYLOAD, cwd: join(dir, 'project') });
        expect(end.code).toBe(0);
        expect(JSON.parse(end.stdout)).toEqual(DENIED);
      }),
      { numRuns: 15 },
    );
  });

  it('a broken project layer is reported on stderr, and the organisation guard runs without it', async () => {
    const dir = await tempDir();
    writeFileSync(join(dir, 'org.json'), JSON.stringify(ORG));
    mkdirSync(join(dir, 'project'));
    writeFileSync(join(dir, 'project/.hookwire.json'), '{"hooks": [');
    const env = { ...process.env, HOOKWIRE_CONFIG: '', XDG_CONFIG_HOME: join(dir, 'config'), CLAUDE_PROJECT_DIR: join(dir, 'project'), HOOKWIRE_ORG_CONFIG: join(dir, 'org.json') };
    const end = await runHookwire(['run'], { env, input: PAYLOAD });
    expect(JSON.parse(end.stdout)).toEqual(DENIED);
    const warning = JSON.parse(end.stderr) as { level: string; msg: string };
    expect(warning).toMatchObject({ level: 'warn', msg: `a config layer is broken and left out: ${join(dir, 'project/.hookwire.json')}#: config file ${join(dir, 'project/.hookwire.json')} is not valid JSON at line 1, column 12: Unexpected end of JSON input` });
  });

  it('an organisation config that cannot be read is a failure of the bridge, not a silent pass (exit 2 under --on-error block)', async () => {
    const dir = await tempDir();
    const end = await runHookwire(['run', '--org-config', join(dir, 'missing.json'), '--on-error', 'block'], { env: { ...process.env, HOOKWIRE_CONFIG: '', CLAUDE_PROJECT_DIR: dir }, input: PAYLOAD });
    expect(end.code).toBe(2);
    expect(end.stderr).toMatch(/cannot read config file .*missing\.json: ENOENT/);
  });

  it('check and dispatch take the same organisation layer: check reports the broken project layer, dispatch still denies', async () => {
    const dir = await tempDir();
    writeFileSync(join(dir, 'org.json'), JSON.stringify(ORG));
    mkdirSync(join(dir, 'project'));
    writeFileSync(join(dir, 'project/.hookwire.json'), JSON.stringify({ hooks: [], allowEverything: true }));
    const env = { ...process.env, HOOKWIRE_CONFIG: '', HOOKWIRE_ORG_CONFIG: '', XDG_CONFIG_HOME: join(dir, 'config'), CLAUDE_PROJECT_DIR: join(dir, 'project') };
    const checked = await runHookwire(['check', '--org-config', join(dir, 'org.json'), '--json'], { env });
    expect(checked.code).toBe(0);
    expect(JSON.parse(checked.stdout)).toContainEqual(expect.objectContaining({ severity: 'warning', file: join(dir, 'project/.hookwire.json'), message: expect.stringMatching(/^this layer is left out \(the organisation's hooks run without it\): .*allowEverything/) }));
    const dispatched = await runHookwire(['dispatch', '--org-config', join(dir, 'org.json'), '--json'], { env, input: PAYLOAD });
    expect(dispatched.code).toBe(0);
    expect(JSON.parse(dispatched.stdout)).toMatchObject({ outcome: { decision: 'deny', reason: 'org: no Bash here' } });
  });
});
