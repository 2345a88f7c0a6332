import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, FIXTURES, startSidecar, tempDir, writeConfig, type Response, type Sidecar } from './harness.js';

afterEach(cleanup);

interface CorpusEntry {
  why: string;
  line?: string;
  base64?: string;
  /** The `ok` the answer must carry; default false. */
  ok?: boolean;
}

const CORPUS = (JSON.parse(readFileSync(`${FIXTURES}bad-lines.json`, 'utf8')) as CorpusEntry[]).map((entry) => ({
  why: entry.why,
  bytes: entry.base64 === undefined ? Buffer.from(entry.line!, 'utf8') : Buffer.from(entry.base64, 'base64'),
  ok: entry.ok ?? false,
}));

const MiB = 1024 * 1024;
const nest = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** Lines built in code: too big, too deep, or otherwise awkward to keep in a file. */
const GENERATED = [
  { why: 'a line of 20 MiB, over the 16 MiB cap', bytes: Buffer.from(`{"op":"ping","pad":"${'x'.repeat(20 * MiB)}"}`), ok: false },
  { why: 'a valid ping of 10 MiB, under the cap (the protocol promises at least 8 MiB)', bytes: Buffer.from(`{"op":"ping","pad":"${'x'.repeat(10 * MiB)}"}`), ok: true },
  { why: 'nesting 200,000 deep in an unused field', bytes: Buffer.from(`{"op":"ping","x":${nest(200_000)}}`), ok: true },
  { why: 'nesting 200,000 deep in the id, which is echoed', bytes: Buffer.from(`{"op":"ping","id":${nest(200_000)}}`), ok: false },
  { why: 'nesting 200,000 deep in the id of a dispatch', bytes: Buffer.from(`{"op":"dispatch","event":"PreToolUse","payload":{},"id":${nest(200_000)}}`), ok: false },
  {
    // Never refused (issue 21.1): the hook runs on the payload cut at 512 levels.
    why: 'nesting 200,000 deep in the payload of a dispatch a hook runs on',
    bytes: Buffer.from(`{"op":"dispatch","event":"PreToolUse","payload":{"tool_name":"Bash","tool_input":${nest(200_000)}}}`),
    ok: true,
  },
  { why: 'a payload of 50,000 keys', bytes: Buffer.from(JSON.stringify({ op: 'dispatch', event: 'PreToolUse', payload: Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, i])) })), ok: true },
];

async function hostileSidecar(): Promise<Sidecar> {
  const dir = await tempDir();
  return startSidecar(await writeConfig(dir, { hooks: [{ event: 'PreToolUse', matcher: 'Bash', type: 'command', command: 'true' }] }));
}

function expectProtocolOnly(sidecar: Sidecar): void {
  expect(sidecar.violations).toEqual([]);
  const bytes = sidecar.stdoutBytes();
  expect(bytes.includes(0)).toBe(false);
  expect(bytes.length === 0 || bytes.at(-1) === 0x0a).toBe(true);
  expect(sidecar.child.exitCode).toBeNull();
  expect(sidecar.child.signalCode).toBeNull();
}

describe('the sidecar under hostile input', () => {
  it(`answers each of the ${CORPUS.length + GENERATED.length} bad lines of the corpus once, keeps serving, and writes protocol lines only`, async () => {
    expect(CORPUS.filter((entry) => !entry.ok).length).toBeGreaterThanOrEqual(50);
    const sidecar = await hostileSidecar();
    const entries = [...CORPUS, ...GENERATED];
    for (const [index, entry] of entries.entries()) {
      sidecar.write(Buffer.concat([entry.bytes, Buffer.from('\n')]));
      const [answer] = (await sidecar.waitForResponses(index + 1, 30_000)).slice(index);
      expect(answer!.ok, `${entry.why}: ${JSON.stringify(answer).slice(0, 300)}`).toBe(entry.ok);
      if (!entry.ok) expect(typeof answer!.error, entry.why).toBe('string');
    }
    expect(await sidecar.ask({ op: 'ping', id: 'after' })).toMatchObject({ ok: true, pong: true });
    expect(sidecar.responses).toHaveLength(entries.length + 1);
    expectProtocolOnly(sidecar);
  });

  it('echoes the id wherever the line parsed to an object that has one, and only then', async () => {
    const sidecar = await hostileSidecar();
    const lines: [string, unknown][] = [
      ['{"op":"fly","id":"fly"}', 'fly'],
      ['{"op":"ping","id":{"a":1}}', { a: 1 }],
      ['{"op":"ping","id":true}', true],
      ['{"op":"cancel","target":"none","id":7}', 7],
      ['{"op":"dispatch","id":"e","event":"Nope","payload":{}}', 'e'],
      ['{"op":"ping","id":"x"', undefined],
      ['[{"id":1}]', undefined],
    ];
    for (const [line] of lines) sidecar.send(line);
    const answers = await sidecar.waitForResponses(lines.length);
    expect(answers.every((answer) => answer.ok === false)).toBe(true);
    const echoed = answers.filter((answer) => 'id' in answer).map((answer) => JSON.stringify(answer.id));
    const given = lines.filter(([, id]) => id !== undefined).map(([, id]) => JSON.stringify(id));
    expect(echoed.sort()).toEqual(given.sort());
    expectProtocolOnly(sidecar);
  });

  it('reassembles requests split across writes, down to single bytes inside a multibyte character', async () => {
    const sidecar = await hostileSidecar();
    const id = 'é€😀 split';
    const line = Buffer.from(`{"op":"ping","id":${JSON.stringify(id)}}\n{"op":"fly"}\n`);
    for (let i = 0; i < line.length; i++) {
      sidecar.write(line.subarray(i, i + 1));
      if (i % 7 === 0) await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const answers = await sidecar.waitForResponses(2);
    expect(answers[0]).toMatchObject({ ok: true, id, pong: true });
    expect(answers[1]).toMatchObject({ ok: false, error: expect.stringContaining('unknown op') });
    // Many requests in one write, and one request in many writes, mixed.
    const many = Array.from({ length: 200 }, (_, i) => JSON.stringify({ op: 'ping', id: i })).join('\n');
    const cut = Math.floor(many.length / 2) + 3;
    sidecar.write(many.slice(0, cut));
    await new Promise((resolve) => setTimeout(resolve, 20));
    sidecar.write(`${many.slice(cut)}\n`);
    const all = await sidecar.waitForResponses(202);
    expect(all.slice(2).map((a) => a.id)).toEqual(Array.from({ length: 200 }, (_, i) => i));
    expectProtocolOnly(sidecar);
  });

  it('answers an unterminated last line at end of input, then exits 0', async () => {
    const sidecar = await hostileSidecar();
    sidecar.write('{"op":"ping","id":"last"}');
    sidecar.child.stdin.end();
    expect(await sidecar.waitForExit()).toEqual({ code: 0, signal: null });
    expect(sidecar.responses).toEqual([expect.objectContaining({ ok: true, id: 'last', pong: true })]);
  });

  it('ignores blank lines without answering them', async () => {
    const sidecar = await hostileSidecar();
    sidecar.write('\n   \n\t\r\n\u00a0\n{"op":"ping","id":1}\n');
    expect(await sidecar.byId(1)).toMatchObject({ pong: true });
    sidecar.send({ op: 'bye' });
    await sidecar.waitForExit();
    expect(sidecar.responses).toHaveLength(2);
  });
});

const SEED = 0x600d_f00d;
const FUZZ_LINES = 10_000;

const EVENT_NAMES = ['PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'SessionStart', 'Stop', 'SubagentStart', 'SubagentStop', 'tool:before', 'turn:stop', 'Nope'];
const OPS = ['ping', 'dispatch', 'reload', 'cancel', 'fly', 'PING', '', 'dispatch '];

/** Requests of the right shape with fields of any shape. */
const requestArb = fc
  .record(
    {
      op: fc.oneof(fc.constantFrom(...OPS), fc.jsonValue({ maxDepth: 3 })),
      id: fc.oneof(fc.string(), fc.integer(), fc.double(), fc.jsonValue({ maxDepth: 3 })),
      event: fc.oneof(fc.constantFrom(...EVENT_NAMES), fc.jsonValue({ maxDepth: 3 })),
      payload: fc.oneof(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 3 })), fc.jsonValue({ maxDepth: 3 })),
      subject: fc.oneof(fc.string(), fc.jsonValue({ maxDepth: 3 })),
      cwd: fc.oneof(fc.constantFrom('/', '/nonexistent', ''), fc.jsonValue({ maxDepth: 3 })),
      target: fc.oneof(fc.string(), fc.integer(), fc.jsonValue({ maxDepth: 3 })),
    },
    { requiredKeys: [] },
  )
  .map((request) => Buffer.from(JSON.stringify(request)));

/** A valid request with bytes flipped, cut, repeated or inserted. */
const mutatedArb = fc
  .tuple(requestArb, fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 }), fc.constantFrom('flip', 'cut', 'insert', 'repeat')), { maxLength: 4 }))
  .map(([bytes, edits]) => {
    let out = Buffer.from(bytes);
    for (const [at, byte, edit] of edits) {
      const i = out.length === 0 ? 0 : at % out.length;
      if (edit === 'flip') out[i] = byte;
      else if (edit === 'cut') out = out.subarray(0, i);
      else if (edit === 'insert') out = Buffer.concat([out.subarray(0, i), Buffer.from([byte]), out.subarray(i)]);
      else out = Buffer.concat([out.subarray(0, i), out.subarray(i, i + 8), out.subarray(i)]);
    }
    return out;
  });

const lineArb = fc.oneof(
  { weight: 4, arbitrary: requestArb },
  { weight: 3, arbitrary: mutatedArb },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => Buffer.from(JSON.stringify(value) ?? 'null')) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }).map((text) => Buffer.from(text)) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)) },
);

/** Whether a line, as the server will read it, asks to end the session (the fuzz keeps the session open). */
function endsSession(bytes: Buffer): boolean {
  try {
    const value = JSON.parse(bytes.toString('utf8')) as { op?: unknown };
    return typeof value === 'object' && value !== null && value.op === 'bye';
  } catch {
    return false;
  }
}

describe('fuzz', () => {
  it(`answers every one of ${FUZZ_LINES} generated lines (seed ${SEED}), never dies, and writes protocol lines only`, async () => {
    const lines = fc
      .sample(lineArb, { numRuns: FUZZ_LINES + 500, seed: SEED })
      .map((bytes) => Buffer.from(bytes.filter((byte) => byte !== 0x0a)))
      .filter((bytes) => !endsSession(bytes))
      .slice(0, FUZZ_LINES);
    expect(lines).toHaveLength(FUZZ_LINES);
    const expected = lines.filter((bytes) => bytes.toString('utf8').trim() !== '').length;
    expect(expected).toBeGreaterThan(FUZZ_LINES * 0.9);

    const dir = await tempDir();
    const sidecar = startSidecar(await writeConfig(dir, { hooks: [] }));
    const stream = Buffer.concat(lines.flatMap((bytes) => [bytes, Buffer.from('\n')]));
    for (let at = 0; at < stream.length; at += 64 * 1024) {
      if (!sidecar.child.stdin.write(stream.subarray(at, at + 64 * 1024))) {
        await new Promise((resolve) => sidecar.child.stdin.once('drain', resolve));
      }
    }
    await sidecar.waitForResponses(expected, 60_000);
    expect(await sidecar.ask({ op: 'ping', id: 'fuzz-end' })).toMatchObject({ pong: true });
    expect(sidecar.responses).toHaveLength(expected + 1);
    const failed: Response[] = sidecar.responses.filter((r) => r.ok === false);
    expect(failed.every((r) => typeof r.error === 'string' && r.error.length > 0)).toBe(true);
    expectProtocolOnly(sidecar);
    sidecar.send({ op: 'bye' });
    expect(await sidecar.waitForExit()).toEqual({ code: 0, signal: null });
  });
});
