import { writeFile } from 'node:fs/promises';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, runHookwire, startSidecar, tempDir, writeConfig, type Sidecar } from './harness.js';

afterEach(cleanup);

const guard = (matcher: string) => ({ id: `guard ${matcher}`, event: 'PreToolUse', matcher, type: 'command', command: 'echo guarded >&2; exit 2' });
const dispatchOf = (id: string, toolName: string) => ({ op: 'dispatch', id, event: 'PreToolUse', payload: { tool_name: toolName, tool_input: {} } });
const indexOf = (sidecar: Sidecar, id: string) => sidecar.responses.findIndex((r) => r.id === id);

describe('matching cannot wedge the sidecar, and a hostile subject cannot stop a guard from firing', () => {
  it('mcp__.*__write.* against a 1 MB tool name: a ping sent after it is answered first, and the guard still fires', async () => {
    const dir = await tempDir();
    const sidecar = startSidecar(await writeConfig(dir, { hooks: [guard('mcp__.*__write.*')] }));
    const long = 'mcp__'.repeat(200_000);
    sidecar.send(dispatchOf('miss', long));
    sidecar.send(dispatchOf('hit', `${long}__write`));
    expect(await sidecar.ask({ op: 'ping', id: 'ping' }, 10_000)).toMatchObject({ ok: true, pong: true });
    const [miss, hit] = [await sidecar.byId('miss', 60_000), await sidecar.byId('hit', 60_000)];
    expect(indexOf(sidecar, 'ping')).toBeLessThan(Math.min(indexOf(sidecar, 'miss'), indexOf(sidecar, 'hit')));
    expect(miss).toMatchObject({ ok: true, outcome: { decision: 'none' }, runs: [] });
    expect(hit).toMatchObject({ ok: true, outcome: { decision: 'deny', reason: 'guarded' } });
  });

  it('(a+)+$ against a 41-character subject is answered at once, and SIGTERM still ends a sidecar matching it', async () => {
    const dir = await tempDir();
    const sidecar = startSidecar(await writeConfig(dir, { hooks: [guard('(a+)+$')] }));
    sidecar.send(dispatchOf('evil', `${'a'.repeat(41)}!`));
    sidecar.send(dispatchOf('hit', 'a'.repeat(41)));
    expect(await sidecar.byId('evil', 10_000)).toMatchObject({ ok: true, outcome: { decision: 'none' }, runs: [] });
    expect(await sidecar.byId('hit', 10_000)).toMatchObject({ ok: true, outcome: { decision: 'deny' } });
    sidecar.send(dispatchOf('evil-again', `${'a'.repeat(5000)}!`));
    sidecar.child.kill('SIGTERM');
    expect(await sidecar.waitForExit(12_000)).toEqual({ code: 143, signal: null });
  });

  it('SIGTERM ends a sidecar while a 10 MB subject is being matched off the thread', async () => {
    const dir = await tempDir();
    const sidecar = startSidecar(await writeConfig(dir, { hooks: [guard('mcp__.*__write.*')] }));
    sidecar.send(dispatchOf('huge', 'mcp__'.repeat(2_000_000)));
    // The ping is answered while the huge subject is still being matched (seconds on the linear engine).
    expect(await sidecar.ask({ op: 'ping', id: 'ping' }, 10_000)).toMatchObject({ ok: true, pong: true });
    expect(indexOf(sidecar, 'huge')).toBe(-1);
    sidecar.child.kill('SIGTERM');
    expect(await sidecar.waitForExit(12_000)).toEqual({ code: 143, signal: null });
    expect(sidecar.responses).toContainEqual({ ok: false, id: 'huge', error: 'canceled' });
  });

  it('hookwire check warns on nested quantifiers and refuses what needs backtracking, naming the matcher', async () => {
    const dir = await tempDir();
    const config = await writeConfig(dir, { hooks: [guard('(a+)+$'), guard('mcp__(\\w*_)*x'), guard('^(?!Read).*'), guard('mcp__.*__write.*')] });
    const checked = await runHookwire(['check', '--config', config, '--json'], { timeoutMs: 10_000 });
    expect(checked.code).toBe(1);
    const diagnostics = JSON.parse(checked.stdout) as { severity: string; path: string; message: string }[];
    expect(diagnostics).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ severity: 'warning', path: '/hooks/0/matcher', message: expect.stringMatching(/nested quantifier/) }),
        expect.objectContaining({ severity: 'warning', path: '/hooks/1/matcher', message: expect.stringMatching(/nested quantifier/) }),
        expect.objectContaining({ severity: 'error', path: '/hooks/2/matcher', message: expect.stringMatching(/cannot be matched in linear time/) }),
      ]),
    );
    expect(diagnostics.filter((d) => d.path === '/hooks/3/matcher')).toEqual([]);
  });
});

// Regex-ish patterns built from the pieces catastrophic backtracking is made of, against subjects
// that repeat what those pieces match, short and very long.
const PIECES = ['a', 'b', '_', 'mcp__', '.', '.*', 'a+', '(', ')', ')+', ')*', '|', '$', '^', '[ab]', '\\w', '?', '{2,}'];
const pattern = fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 10 }).map((pieces) => pieces.join('')).filter((p) => {
  try {
    new RegExp(p);
    return true;
  } catch {
    return false;
  }
});
const subjectOf = (maxTimes: number) =>
  fc.tuple(fc.constantFrom('a', 'ab', '_', 'mcp__', 'a_b'), fc.integer({ min: 1, max: maxTimes }), fc.constantFrom('', '!', 'b', '__write')).map(([unit, times, tail]) => unit.repeat(times) + tail);
/** Claude Code's rule, written out independently: a plain list of names is exact, anything else an unanchored RegExp (backtracking). */
function claudeMatches(matcher: string, name: string): boolean {
  if (/^[a-zA-Z0-9_|, -]+$/.test(matcher)) return matcher.split(/[|,]/).map((each) => each.trim()).includes(name);
  return new RegExp(matcher).test(name);
}
/** Short subjects (checked against claudeMatches) as often as hostile long ones. */
const SHORT_SUBJECT_CHARS = 16;
const subject = fc.oneof(subjectOf(2).filter((s) => s.length <= SHORT_SUBJECT_CHARS), subjectOf(40_000));

describe('fuzz: random patterns against hostile subjects', () => {
  it('a ping sent alongside any dispatch is answered within a bound, and short subjects match as JavaScript RegExp says', async () => {
    const dir = await tempDir();
    const path = await writeConfig(dir, { hooks: [] });
    const sidecar = startSidecar(path);
    let n = 0;
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(pattern, subject, async (matcher, toolName) => {
        n += 1;
        await writeFile(path, JSON.stringify({ hooks: [guard(matcher)] }));
        const reloaded = await sidecar.ask({ op: 'reload', id: `reload-${n}` }, 10_000);
        sidecar.send(dispatchOf(`dispatch-${n}`, toolName));
        // ask rejects unless the ping is answered within 5 s, while the dispatch may still be matching.
        await sidecar.ask({ op: 'ping', id: `ping-${n}` }, 5_000);
        const answer = await sidecar.byId(`dispatch-${n}`, 60_000);
        expect(answer.ok).toBe(true);
        if (!reloaded.ok) {
          // Refused: the old config (no hooks, or the last accepted guard) stays; the reason names the matcher.
          expect(JSON.stringify(reloaded.diagnostics)).toMatch(/cannot be matched in linear time/);
          return;
        }
        if (toolName.length <= SHORT_SUBJECT_CHARS) {
          checked += 1;
          expect(answer.outcome!.decision).toBe(claudeMatches(matcher, toolName) ? 'deny' : 'none');
        }
      }),
      // The two shapes that wedged the sidecar before run first, then 40 generated cases.
      { numRuns: 42, seed: 20261201, examples: [['(a+)+$', `${'a'.repeat(40)}!`], ['mcp__.*__write.*', 'mcp__'.repeat(40_000)]] },
    );
    // The RegExp comparison must really have run, not only the liveness check.
    expect(checked).toBeGreaterThanOrEqual(5);
  });
});
