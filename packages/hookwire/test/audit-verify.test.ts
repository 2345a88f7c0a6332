import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { verifyChain } from '../src/audit-verify.js';
import { cleanupSidecars, runHookwire, tempDir } from './sidecar.js';

afterEach(cleanupSidecars);

const PAYLOAD = (command: string) => JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, session_id: 's', cwd: '/' });

/** An audit log written by the real bridge: one line per run, each a deny or an allow. */
async function writtenLog(): Promise<{ dir: string; log: string; lines: string[] }> {
  const dir = await tempDir();
  writeFileSync(join(dir, 'hookwire.json'), JSON.stringify({ hooks: [{ id: 'no-rm', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: `grep -q '"rm ' && { echo "no rm" >&2; exit 2; }; exit 0` }] }));
  const log = join(dir, 'audit.jsonl');
  for (const command of ['ls', 'rm -r build', 'git status', 'rm x']) {
    expect((await runHookwire(['run', '--config', join(dir, 'hookwire.json'), '--log', log], { input: PAYLOAD(command) })).code).toBe(0);
  }
  return { dir, log, lines: readFileSync(log, 'utf8').split('\n').slice(0, -1) };
}

describe('hookwire audit verify (the built executable)', () => {
  it('exits 0 on the chain the bridge wrote, with the head; 1 naming the line after an edited, removed or reordered record', async () => {
    const { dir, log, lines } = await writtenLog();
    expect(lines).toHaveLength(4);
    const intact = await runHookwire(['audit', 'verify', log]);
    expect(intact).toMatchObject({ code: 0, stderr: '' });
    const head = /head (sha256:[0-9a-f]{64})\n$/.exec(intact.stdout)![1]!;
    expect(intact.stdout).toBe(`${log}: 4 line(s), chain intact, head ${head}\n`);
    expect(await runHookwire(['audit', 'verify', log, '--expect-head', head])).toMatchObject({ code: 0 });

    const variant = async (name: string, changed: string[]) => {
      const path = join(dir, name);
      writeFileSync(path, changed.map((line) => `${line}\n`).join(''));
      return runHookwire(['audit', 'verify', path]);
    };
    // The deny of line 2 turned into an allow: line 3 no longer chains to it.
    const edited = await variant('edited.jsonl', lines.map((line, i) => (i === 1 ? line.replace('"decision":"deny"', '"decision":"allow"') : line)));
    expect(lines[1]).toContain('"decision":"deny"');
    expect(edited).toMatchObject({ code: 1, stdout: '' });
    expect(edited.stderr).toMatch(new RegExp(`^hookwire audit verify: .*edited\\.jsonl:3: broken chain: its "prev" is sha256:[0-9a-f]{64}, but line 2 hashes to sha256:[0-9a-f]{64}: line 2 was edited, or lines were removed or moved between them\\n$`));
    expect((await variant('removed.jsonl', lines.filter((_, i) => i !== 1))).stderr).toMatch(/removed\.jsonl:2: broken chain/);
    expect((await variant('reordered.jsonl', [lines[0]!, lines[2]!, lines[1]!, lines[3]!])).stderr).toMatch(/reordered\.jsonl:2: broken chain/);
    expect((await variant('first-removed.jsonl', lines.slice(1))).stderr).toMatch(/first-removed\.jsonl:1: broken chain: .*not the start of a chain .*the lines before it were removed/);
    // The last line removed: the chain alone holds; the head kept elsewhere catches it.
    const truncated = join(dir, 'truncated.jsonl');
    writeFileSync(truncated, lines.slice(0, 3).map((line) => `${line}\n`).join(''));
    expect(await runHookwire(['audit', 'verify', truncated, '--expect-head', head])).toMatchObject({ code: 1, stderr: expect.stringMatching(/the chain holds but ends at sha256:[0-9a-f]{64}, not at the expected head .*: lines were removed from its end, or it was rewritten/) });
  });

  it('exits 2 when the file cannot be read, and says how to call it', async () => {
    const dir = await tempDir();
    expect(await runHookwire(['audit', 'verify', join(dir, 'none.jsonl')])).toMatchObject({ code: 2, stderr: `hookwire audit: cannot read ${join(dir, 'none.jsonl')}: ENOENT\n` });
    expect(await runHookwire(['audit', 'verfy', 'x'])).toMatchObject({ code: 2, stderr: expect.stringMatching(/^hookwire audit: unknown verb "verfy"; did you mean "verify"\?/) });
  });
});

describe('verifyChain', () => {
  it('property: any edit or removal of a line that has a successor, and any swap of two lines, is caught', async () => {
    const { lines } = await writtenLog();
    const bytes = (list: string[]) => Buffer.from(list.map((line) => `${line}\n`).join(''));
    expect(verifyChain(bytes(lines))).toMatchObject({ ok: true, lines: 4 });
    fc.assert(
      fc.property(fc.nat(3), fc.nat(3), fc.nat(), fc.integer({ min: 1, max: 94 }), fc.constantFrom('edit', 'remove', 'swap'), (a, b, at, delta, change) => {
        const changed = [...lines];
        if (change === 'edit') {
          const line = a % 3; // a line with a successor
          const text = changed[line]!;
          const index = at % text.length;
          changed[line] = text.slice(0, index) + String.fromCharCode(((text.charCodeAt(index) - 32 + delta) % 95) + 32) + text.slice(index + 1);
        } else if (change === 'remove') {
          changed.splice(a % 3, 1); // not the last line: only the head kept elsewhere shows that one gone
        } else {
          fc.pre(a !== b);
          [changed[a], changed[b]] = [changed[b]!, changed[a]!];
        }
        expect(verifyChain(bytes(changed)).ok).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
