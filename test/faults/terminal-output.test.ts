import { appendFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, runHookwire, tempDir, writeConfig } from './harness.js';

afterEach(cleanup);

// Issue 21 item 12: what explain, replay and dispatch print for a human comes from payloads and
// hooks; a terminal must show it, never act on it.

/** Any character a terminal acts on, but the newline our own lines end with. */
const ACTIVE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/u;
/** A payload field that clears the screen, rewrites the line, sets a colour with a one-byte CSI, reverses text, and forges a new line. */
const FORGE = 'Bash\u001b[2J\u001b[1;1H\rallow\u009b32m ok\u202eeurt\nline 99  PreToolUse Bash  allow: decided by nobody';

function env(): NodeJS.ProcessEnv {
  const copy = { ...process.env };
  delete copy.HOOKWIRE_BRIDGE_DEPTH;
  return copy;
}

describe('explain, replay and dispatch print payload text escaped', () => {
  it('control codes, C1, bidi marks and newlines from a payload and a hook reach stdout as visible escapes', async () => {
    const dir = await tempDir();
    const log = join(dir, 'audit.jsonl');
    // The hook echoes the tool name it was given back as its reason: the reason carries the payload's codes too.
    const config = await writeConfig(dir, {
      hooks: [{ id: 'guard\u001b[8m', event: 'PreToolUse', type: 'command', command: `node -e "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{process.stderr.write(JSON.parse(s).tool_name);process.exit(2)})"` }],
    });
    const payload = JSON.stringify({ hook_event_name: 'PreToolUse', session_id: 's', cwd: dir, tool_name: FORGE, tool_input: { command: 'ls' } });
    const ran = await runHookwire(['run', '--config', config, '--log', log], { input: payload, env: env() });
    expect(ran.code).toBe(0);
    const outputs = {
      explain: await runHookwire(['explain', '--log', log], { env: env() }),
      'explain --json': await runHookwire(['explain', '--log', log, '--json'], { env: env() }),
      replay: await runHookwire(['replay', '--log', log, '--config', await writeConfig(dir, { hooks: [] }, 'none.json')], { env: env() }),
      dispatch: await runHookwire(['dispatch', '--config', config, '--payload', '-'], { input: payload, env: env() }),
    };
    for (const [command, result] of Object.entries(outputs)) {
      expect({ command, active: ACTIVE.exec(result.stdout)?.[0] }).toEqual({ command, active: undefined });
      // The forged line stays inside its own line: no printed line starts with it.
      expect({ command, forged: /^line 99/m.test(result.stdout) }).toEqual({ command, forged: false });
      expect(result.stdout).toContain('\\u001b[2J');
    }
    expect(outputs.explain.stdout).toMatch(/^line 1  PreToolUse Bash\\u001b\[2J.*: decided by guard\\u001b\[8m$/m);
    // Escaped JSON is still JSON with the same values.
    expect(JSON.parse(outputs['explain --json'].stdout)[0].subject).toBe(FORGE);
  });

  it('explain names the file and line of a malformed v1 record, with no stack trace', async () => {
    const dir = await tempDir();
    const log = join(dir, 'audit.jsonl');
    const good = { v: 1, ts: '2026-01-01T00:00:00.000Z', event: 'PreToolUse', canonical: 'tool:before', dialect: 'claude', cwd: '/', config: 'sha256:0', hooks: [], outcome: { decision: 'none', continue: true, warnings: [] }, runs: [], durationMs: 1 };
    // Each of these made explain throw (a TypeError and its stack, no line named). The last one
    // can be shown as it is (a reason that is a number) and now is.
    const broken: [Record<string, unknown>, number][] = [
      [{ ...good, runs: [null] }, 2],
      [{ ...good, runs: [{ hook: 'x' }] }, 2],
      [{ ...good, runs: [{ hook: 'x', kind: 'command', outcome: { decision: 'deny' }, durationMs: 1 }] }, 2],
      [{ ...good, outcome: { decision: 'deny', continue: true, reason: 7, warnings: [] } }, 0],
    ];
    for (const [record, code] of broken) {
      await writeFile(log, `${JSON.stringify(good)}\n\n`);
      await appendFile(log, `${JSON.stringify(record)}\n`);
      const result = await runHookwire(['explain', '--log', log], { env: env() });
      expect({ record, code: result.code }).toEqual({ record, code });
      if (code === 2) expect(result.stderr).toContain(`${log}:3: `);
      else expect(result.stdout).toContain('  reason: 7\n');
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
  });
});
