import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killServes, type ServeProcess } from '../../packages/hookwire/test/serve/serve-process.js';
import { cleanup, quote, runHookwire, startListenAndServe, tempDir, writeConfig, type Sidecar } from './harness.js';
import { send } from './serve-client.js';

// Issue 21.1: a tool input nested deeper than hookwire can show to hooks (the model chooses MCP
// tool arguments) must never mean "allowed". Guards with onError "block" fail closed; the others
// run on the payload with the over-deep part replaced by a marker — the same through run, listen
// and serve (docs/reliability.md, "Payloads nested too deep").

const LIMIT = 512;
const MARKER = `[hookwire: nested deeper than ${LIMIT} levels]`;

/** `depth` arrays, one inside the other (`[]` is depth 1). */
function nest(depth: number): unknown {
  let value: unknown = [];
  for (let i = 1; i < depth; i += 1) value = [value];
  return value;
}

/** `count` arrays around `leaf`. */
function around(count: number, leaf: unknown): unknown {
  let value = leaf;
  for (let i = 0; i < count; i += 1) value = [value];
  return value;
}

// The payload is depth 1, tool_input 2, so `deep` may nest LIMIT - 2 levels before it is cut.
const ROOM = LIMIT - 2;

/** What the hook that runs must see of `deep`: all of it when it fits, else the first ROOM levels and the marker. */
function shownDeep(depth: number): unknown {
  return depth <= ROOM ? nest(depth) : around(ROOM, MARKER);
}

/** The payload's JSON text, written by hand: JSON.stringify itself runs out of stack on a deep value. */
function payloadText(caseId: string, depth: number): string {
  const fields = { session_id: 's', cwd: '/', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls', case: caseId, deep: '@deep@' } };
  return JSON.stringify(fields).replace('"@deep@"', '['.repeat(depth) + ']'.repeat(depth));
}

let seen: string;
let config: string;

beforeAll(async () => {
  const dir = await tempDir('hookwire-deep-');
  seen = join(dir, 'seen');
  await mkdir(seen);
  config = await writeConfig(dir, {
    hooks: [
      // A guard that allows everything it can read; under onError "block" it must deny what it cannot be shown.
      { id: 'fence', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: 'cat > /dev/null; exit 0', onError: 'block' },
      // A warn hook records what it was shown.
      { id: 'seer', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: `cat > "$(mktemp ${quote(seen)}/seen.XXXXXX)"`, onError: 'warn' },
    ],
  });
});
afterAll(async () => {
  await killServes();
  await cleanup();
});

/** The payload the seer hook was given for `caseId`. */
async function seenFor(caseId: string): Promise<{ tool_input: { deep: unknown } } | undefined> {
  for (const name of await readdir(seen)) {
    const text = await readFile(join(seen, name), 'utf8');
    if (!text.includes(`"case":"${caseId}"`)) continue;
    return JSON.parse(text) as { tool_input: { deep: unknown } };
  }
  return undefined;
}

/** Claude Code's reading of an answer: a block is exit 2 or `permissionDecision: "deny"`. */
function blocksInClaude(code: number | null, stdout: string): boolean {
  if (code === 2) return true;
  if (code !== 0 || stdout.trim() === '') return false;
  const answer = JSON.parse(stdout) as { decision?: string; hookSpecificOutput?: { permissionDecision?: string } };
  return answer.hookSpecificOutput?.permissionDecision === 'deny' || answer.decision === 'block';
}

const depths = fc.oneof(fc.integer({ min: ROOM - 3, max: ROOM + 3 }), fc.integer({ min: 1, max: 20_000 }));
let nextCase = 0;

async function expectShown(caseId: string, depth: number): Promise<void> {
  const payload = await seenFor(caseId);
  expect(payload, `the warn hook ran for depth ${depth}`).toBeDefined();
  expect(payload!.tool_input.deep).toEqual(shownDeep(depth));
}

describe('a payload nested deeper than hookwire can show to hooks', () => {
  it('through hookwire run: onError "block" guards block, the others run on the marked payload', async () => {
    await fc.assert(
      fc.asyncProperty(depths, async (depth) => {
        const caseId = `run-${++nextCase}`;
        const run = await runHookwire(['run', '--config', config], { input: payloadText(caseId, depth) });
        expect(run.code === 0 || run.code === 2, run.stderr).toBe(true);
        expect(blocksInClaude(run.code, run.stdout), `depth ${depth}: ${run.stdout} ${run.stderr}`).toBe(depth > ROOM);
        await expectShown(caseId, depth);
      }),
      { numRuns: 10, examples: [[ROOM], [ROOM + 1]] },
    );
  });

  describe('through listen and serve', () => {
    let sidecar: Sidecar;
    let server: ServeProcess;
    beforeAll(async () => {
      ({ sidecar, server } = await startListenAndServe(config));
    });

    it('listen: the fence denies exactly the over-deep payloads, and says why', async () => {
      await fc.assert(
        fc.asyncProperty(depths, async (depth) => {
          const caseId = `listen-${++nextCase}`;
          sidecar.send(`{"op":"dispatch","id":"${caseId}","event":"PreToolUse","payload":${payloadText(caseId, depth)}}`);
          const answer = await sidecar.byId(caseId);
          expect(answer.ok, answer.error).toBe(true);
          const over = depth > ROOM;
          expect(answer.outcome?.decision === 'deny', `depth ${depth}`).toBe(over);
          const fence = answer.runs!.find((run) => run.hook === 'fence')!;
          const seer = answer.runs!.find((run) => run.hook === 'seer')!;
          if (over) {
            expect(fence.outcome.failure?.class).toBe('payload');
            expect(fence.outcome.reason).toContain(`deeper than ${LIMIT} levels`);
            expect(seer.outcome.failure).toBeUndefined();
            expect(seer.outcome.warnings.join('\n')).toContain(MARKER);
          } else {
            expect(fence.outcome.failure).toBeUndefined();
            expect(seer.outcome.warnings).toEqual([]);
          }
          await expectShown(caseId, depth);
        }),
        { numRuns: 25, examples: [[ROOM], [ROOM + 1]] },
      );
    });

    it('serve: Claude Code gets a block for exactly the over-deep payloads, never a 400', async () => {
      await fc.assert(
        fc.asyncProperty(depths, async (depth) => {
          const caseId = `serve-${++nextCase}`;
          const answer = await send(server.url, 'POST', '/hooks/claude', payloadText(caseId, depth)).answer;
          expect(answer.status, answer.text).toBe(200);
          expect(blocksInClaude(0, answer.text), `depth ${depth}: ${answer.text}`).toBe(depth > ROOM);
          await expectShown(caseId, depth);
        }),
        { numRuns: 25, examples: [[ROOM], [ROOM + 1]] },
      );
    });
  });
});
