import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, runHookwire, tempDir, writeConfig } from './harness.js';

/**
 * The never-off table of docs/bridge.md, as properties over the real executable: whatever is
 * wrong with the bridge's command line or its config, `hookwire run` without `--on-error block`
 * exits 0 (never 2, which Claude Code reads as a block), and is never silent about its own
 * failure: stdout is Claude Code's JSON with a systemMessage that is the first stderr line.
 * Each case is a real process, so the runs are few.
 */

const EVENTS: Record<string, Record<string, unknown>> = {
  PreToolUse: { tool_name: 'Bash', tool_input: { command: 'rm -rf ./x' }, tool_use_id: 'toolu_1' },
  PostToolUse: { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_response: 'x', tool_use_id: 'toolu_1' },
  UserPromptSubmit: { prompt: 'hi' },
  SessionStart: { source: 'startup' },
  Stop: { stop_hook_active: false },
  SubagentStart: { agent_id: 'a', agent_type: 'Explore' },
  SubagentStop: { agent_id: 'a', agent_type: 'Explore', stop_hook_active: false },
};

const env = { ...process.env };
delete env.HOOKWIRE_BRIDGE_DEPTH;

let dir: string;
let configs: string[];
const GUARD = { hooks: [{ event: 'PreToolUse', matcher: 'Bash', type: 'command', command: "echo 'no rm -rf' >&2; exit 2" }] };

beforeAll(async () => {
  dir = await tempDir('hookwire-never-off-');
  const write = async (name: string, text: string) => {
    await writeFile(join(dir, name), text);
    return join(dir, name);
  };
  configs = [
    await writeConfig(dir, GUARD, 'good.json'),
    await writeConfig(dir, { hooks: [{ ...GUARD.hooks[0], event: 'PreTooluse' }] }, 'typo.json'),
    await writeConfig(dir, { hooks: GUARD.hooks[0] }, 'object.json'),
    await writeConfig(dir, { hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'npx hookwire run' }] }] } }, 'self.json'),
    await write('cut.json', JSON.stringify(GUARD).slice(0, 30)),
    await write('empty.json', ''),
    join(dir, 'missing.json'),
    dir,
  ];
});

afterAll(cleanup);

/** A payload as Claude Code writes it. */
const payloadOf = (event: string) => `${JSON.stringify({ session_id: 's', transcript_path: '/tmp/t.jsonl', cwd: dir, hook_event_name: event, ...EVENTS[event] })}\n`;

/** The argument words a hand-written settings line could hold, right and wrong; never `block`. */
const word = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(
      '--config', '--budget', '--budegt', '--on-error', '--on-eror', '--dialect', '--pass-allow', '--log', '--json', '--event', '-x', '--', '-',
      '110', '0', '-1', 'NaN', '1e999', 'warn', 'blok', 'Block', 'claude', 'gemini', 'run', 'check', 'help', '', ' ', '--budget=0', '--on-error=', '--config=',
    ),
    fc.constantFrom(...[0, 1, 2, 3, 4, 5, 6, 7]).map((index) => `@config${index}`),
    fc.string({ maxLength: 8 }).filter((text) => !/block/i.test(text)),
  );

/** Replaces `@configN` with the Nth config file, and gives `--log` a file in the temp folder (never the working directory). */
const resolve = (words: string[]) =>
  words.map((w) => (/^@config\d$/.test(w) ? configs[Number(w.slice(7))]! : w === '--log' ? `--log=${join(dir, 'fuzz-audit.jsonl')}` : w));

function expectNeverOff(result: { code: number | null; stdout: string; stderr: string }, args: string[]): void {
  const context = `hookwire ${args.join(' ')}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`;
  expect(result.code, context).toBe(0);
  if (result.stderr.startsWith('hookwire run: ') && !result.stderr.includes('HOOKWIRE_BRIDGE_DEPTH')) {
    // The bridge's own failure: the user is told, in Claude Code's form, the same line as on stderr.
    expect(result.stdout, context).toBe(`${JSON.stringify({ systemMessage: result.stderr.split('\n')[0] })}\n`);
  } else if (result.stdout !== '' && !result.stdout.startsWith('Usage:') && !/^\d+\.\d+\.\d+\n$/.test(result.stdout)) {
    const lines = result.stdout.split('\n');
    expect(lines, context).toHaveLength(2);
    expect(() => JSON.parse(lines[0]!), context).not.toThrow();
  }
}

describe('hookwire run is never silently off and never a block without --on-error block', () => {
  it('whatever its command line', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(word(), { maxLength: 7 }), fc.constantFrom(...Object.keys(EVENTS)), async (words, event) => {
        const args = ['run', ...resolve(words)];
        expectNeverOff(await runHookwire(args, { input: payloadOf(event), env }), args);
      }),
      { numRuns: 40 },
    );
  }, 240_000);

  it('whatever its config file holds', async () => {
    const text = JSON.stringify(GUARD, null, 2);
    const mangled = fc.oneof(
      // The good config with a piece cut out, or a character changed.
      fc.tuple(fc.nat(text.length), fc.nat(12)).map(([at, length]) => text.slice(0, at) + text.slice(at + length)),
      fc.tuple(fc.nat(text.length - 1), fc.string({ minLength: 1, maxLength: 1 })).map(([at, char]) => text.slice(0, at) + char + text.slice(at + 1)),
      fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify({ hooks: value })),
      fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
    );
    let count = 0;
    await fc.assert(
      fc.asyncProperty(mangled, fc.constantFrom(...Object.keys(EVENTS)), async (config, event) => {
        const path = join(dir, `mangled-${count++}.json`);
        await writeFile(path, config);
        const args = ['run', '--config', path, '--budget', '20'];
        const result = await runHookwire(args, { input: payloadOf(event), env });
        expectNeverOff(result, args);
        if (event === 'PreToolUse' && result.stderr === '') {
          // A config that still loads still guards: the deny comes through.
          expect(result.stdout === '' || result.stdout.includes('"permissionDecision":"deny"'), result.stdout).toBe(true);
        }
      }),
      { numRuns: 40 },
    );
  }, 240_000);

  it('under --on-error block, its own failure never blocks a Stop the host is already continuing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...configs.slice(1)), fc.constantFrom('Stop', 'SubagentStop'), fc.array(word(), { maxLength: 3 }), async (config, event, words) => {
        const args = ['run', '--config', config, ...resolve(words), '--on-error', 'block'];
        const input = payloadOf(event).replace('"stop_hook_active":false', '"stop_hook_active":true');
        const result = await runHookwire(args, { input, env });
        expect(result.code, `${args.join(' ')}\n${result.stderr}`).toBe(0);
      }),
      { numRuns: 15 },
    );
  }, 120_000);
});
