import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, quote, runHookwire, startSidecar, tempDir, writeConfig, type Sidecar } from './harness.js';

// Issue 21.4: when the model's tool arguments hold both the canonical field and the host's own
// (`file_path` and Copilot's `path`, `path` and Gemini's `dir_path`), the guard read one and the
// host acted on the other. A translated input carries the value the acting host uses, whatever
// else the arguments hold (SECURITY.md, "It cannot hide a path behind a decoy field").

const GUARD = `let s = '';
process.stdin.on('data', (d) => (s += d)).on('end', () => {
  const p = JSON.parse(s);
  let input = p.tool_input ?? p.toolArgs;
  if (typeof input === 'string') input = JSON.parse(input);
  const value = String(input[process.argv[2]]);
  if (value.includes('secret')) {
    process.stderr.write('guard saw ' + value);
    process.exit(2);
  }
});
`;

const SECRET = '/w/secret';
const SAFE = '/w/safe';

let config: string;

beforeAll(async () => {
  const dir = await tempDir('hookwire-decoy-');
  await writeFile(join(dir, 'guard.js'), GUARD);
  const guard = (field: string) => `node ${quote(join(dir, 'guard.js'))} ${field}`;
  config = await writeConfig(dir, {
    hooks: [
      { id: 'file-guard', event: 'PreToolUse', matcher: 'Read|Write|Edit', type: 'command', command: guard('file_path'), onError: 'block' },
      { id: 'search-guard', event: 'PreToolUse', matcher: 'Glob|Grep', type: 'command', command: guard('path'), onError: 'block' },
      // Guards written for other hosts, shown Claude Code's calls in their own spelling.
      { id: 'gemini-guard', event: 'BeforeTool', dialect: 'gemini', matcher: 'glob|search_file_content', type: 'command', command: guard('dir_path'), onError: 'block' },
      { id: 'copilot-guard', event: 'preToolUse', dialect: 'copilot', matcher: 'view|create|edit', type: 'command', command: guard('path'), onError: 'block' },
    ],
  });
});
afterAll(cleanup);

/** Whether a bridge answer blocks, in the host's own form. */
function blocks(code: number | null, stdout: string): boolean {
  if (code === 2) return true;
  if (code !== 0 || stdout.trim() === '') return false;
  const answer = JSON.parse(stdout) as { decision?: string; permissionDecision?: string; hookSpecificOutput?: { permissionDecision?: string } };
  return answer.decision === 'deny' || answer.decision === 'block' || answer.permissionDecision === 'deny' || answer.hookSpecificOutput?.permissionDecision === 'deny';
}

describe("a decoy field in the model's tool arguments", () => {
  const copilot = (toolName: string, args: Record<string, unknown>) => ({ sessionId: 's', timestamp: 1_700_000_000_000, cwd: '/', toolName, toolArgs: JSON.stringify(args) });
  const gemini = (tool: string, input: Record<string, unknown>) => ({ session_id: 's', transcript_path: '', cwd: '/', hook_event_name: 'BeforeTool', timestamp: '2026-01-01T00:00:00Z', tool_name: tool, tool_input: input });

  it.each([
    ['copilot', 'view, the decoy first', copilot('view', { file_path: SAFE, path: SECRET })],
    ['copilot', 'view, the decoy last', copilot('view', { path: SECRET, file_path: SAFE })],
    ['copilot', 'create', copilot('create', { file_path: SAFE, path: SECRET, file_text: 'x' })],
    ['copilot', 'edit', copilot('edit', { file_path: SAFE, path: SECRET, old_str: 'a', new_str: 'b' })],
    ['gemini', 'glob', gemini('glob', { path: SAFE, dir_path: SECRET, pattern: '*' })],
    ['gemini', 'search_file_content', gemini('search_file_content', { path: SAFE, dir_path: SECRET, pattern: 'x' })],
    ['gemini', 'grep_search', gemini('grep_search', { path: SAFE, dir_path: SECRET, pattern: 'x' })],
  ])('hookwire run --dialect %s: %s — the guard sees the field the host acts on', async (dialect, _what, payload) => {
    const args = ['run', '--config', config, '--dialect', dialect, ...(dialect === 'copilot' ? ['--event', 'preToolUse'] : [])];
    const run = await runHookwire(args, { input: JSON.stringify(payload) });
    expect(blocks(run.code, run.stdout), `${run.code} ${run.stdout} ${run.stderr}`).toBe(true);
  });

  describe('shown to guards of other hosts', () => {
    let sidecar: Sidecar;
    beforeAll(() => {
      sidecar = startSidecar(config);
    });

    it.each([
      ['Grep with a decoy dir_path, to a gemini guard', 'Grep', { path: SECRET, dir_path: SAFE, pattern: 'x' }, 'gemini-guard'],
      ['Glob with a decoy dir_path, to a gemini guard', 'Glob', { dir_path: SAFE, path: SECRET, pattern: '*' }, 'gemini-guard'],
      ['Read with a decoy path, to a copilot guard', 'Read', { path: SAFE, file_path: SECRET }, 'copilot-guard'],
      ['Edit with a decoy path, to a copilot guard', 'Edit', { file_path: SECRET, path: SAFE, old_string: 'a', new_string: 'b' }, 'copilot-guard'],
    ])('%s', async (_what, tool, input, hook) => {
      const answer = await sidecar.ask({ op: 'dispatch', id: `${tool}-${hook}`, event: 'PreToolUse', payload: { session_id: 's', cwd: '/', tool_name: tool, tool_input: input } });
      expect(answer.ok, answer.error).toBe(true);
      const run = answer.runs!.find((entry) => entry.hook === hook)!;
      // The guard denies only when it read the secret path (Copilot's form does not carry stderr as the reason).
      expect({ hook, decision: run.outcome.decision, failure: run.outcome.failure }).toEqual({ hook, decision: 'deny', failure: undefined });
      if (hook === 'gemini-guard') expect(run.outcome.reason).toBe(`guard saw ${SECRET}`);
    });
  });
});
