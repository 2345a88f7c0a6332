import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { quote } from '@hookwire/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, runtimeOf, tempDir } from './helpers.js';

// Issue 23: a patch of several files (Codex's and OpenCode's apply_patch) is one call per file to
// every hook: a Claude Code guard that reads only `tool_input.file_path` sees each file.

afterEach(cleanup);

const PATCH = '*** Begin Patch\n*** Update File: src/a.ts\n@@\n-a\n+b\n*** Add File: notes.md\n+hi\n*** Update File: .env\n@@\n-S=1\n+S=2\n*** End Patch\n';

/** A command hook that appends the file path (or the tool name) it was shown as one line of `log`; it denies `.env`. */
function recorder(log: string, field: string): string {
  const script = `let s='';process.stdin.on('data',(d)=>(s+=d)).on('end',()=>{const p=JSON.parse(s);const v=String(${field});require('fs').appendFileSync(${JSON.stringify(log)},v+'\\n');if(v.endsWith('/.env')){console.error('no .env: '+v);process.exit(2)}})`;
  return `node -e ${quote(script)}`;
}

describe('a patch of several files', () => {
  it('runs a claude guard once per file (Edit or Write each, matched by its own name), a codex hook once on the whole patch, and folds one deny', async () => {
    const dir = await tempDir();
    const runtime = await runtimeOf({
      hooks: [
        { id: 'edit-guard', event: 'PreToolUse', matcher: 'Edit', type: 'command', command: recorder(join(dir, 'edit.log'), 'p.tool_input.file_path') },
        { id: 'write-guard', event: 'PreToolUse', matcher: 'Write', type: 'command', command: recorder(join(dir, 'write.log'), 'p.tool_input.file_path+" "+p.tool_input.content.trim()') },
        { id: 'old-matcher', event: 'PreToolUse', matcher: 'apply_patch', type: 'command', command: recorder(join(dir, 'old.log'), 'p.tool_input.file_paths.length') },
        { id: 'codex-hook', event: 'PreToolUse', matcher: 'Edit', dialect: 'codex', type: 'command', command: recorder(join(dir, 'codex.log'), 'p.tool_name+" "+p.tool_input.command.length') },
      ],
    });
    const result = await runtime.dispatch('PreToolUse', { session_id: 's', cwd: dir, hook_event_name: 'PreToolUse', tool_name: 'apply_patch', tool_input: { command: PATCH }, tool_use_id: 'c1' }, { dialect: 'codex', cwd: dir });
    expect(result.outcome.decision).toBe('deny');
    expect(result.outcome.reason).toBe(`no .env: ${join(dir, '.env')}`);
    expect(await readFile(join(dir, 'edit.log'), 'utf8')).toBe(`${join(dir, 'src/a.ts')}\n${join(dir, '.env')}\n`);
    expect(await readFile(join(dir, 'write.log'), 'utf8')).toBe(`${join(dir, 'notes.md')} hi\n`);
    // A matcher written when hookwire passed apply_patch through still matches: once per file, the same answer said once.
    expect(await readFile(join(dir, 'old.log'), 'utf8')).toBe('3\n3\n3\n');
    expect(await readFile(join(dir, 'codex.log'), 'utf8')).toBe(`apply_patch ${PATCH.length}\n`);
    expect(result.runs.map((run) => run.hook)).toEqual(['edit-guard', 'edit-guard', 'write-guard', 'old-matcher', 'old-matcher', 'old-matcher', 'codex-hook']);
  });

  it('runs a Bash line that applies a patch (as Codex does) as the Bash call for Bash hooks and one call per file for file guards', async () => {
    const dir = await tempDir();
    const runtime = await runtimeOf({
      hooks: [
        { id: 'bash-guard', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: recorder(join(dir, 'bash.log'), 'p.tool_input.command.split("\\n")[0]') },
        { id: 'edit-guard', event: 'PreToolUse', matcher: 'Edit|Write', type: 'command', command: recorder(join(dir, 'edit.log'), 'p.tool_input.file_path') },
      ],
    });
    const line = `apply_patch <<'EOF'\n${PATCH}EOF\n`;
    const result = await runtime.dispatch('PreToolUse', { session_id: 's', cwd: dir, tool_name: 'Bash', tool_input: { command: line } }, { dialect: 'codex', cwd: dir });
    expect(result.outcome).toMatchObject({ decision: 'deny', reason: `no .env: ${join(dir, '.env')}` });
    expect(await readFile(join(dir, 'bash.log'), 'utf8')).toBe("apply_patch <<'EOF'\n");
    expect(await readFile(join(dir, 'edit.log'), 'utf8')).toBe(`${join(dir, 'src/a.ts')}\n${join(dir, 'notes.md')}\n${join(dir, '.env')}\n`);
  });

  it('says a context a hook gives for every file once', async () => {
    const dir = await tempDir();
    const answer = JSON.stringify({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'lint the files you patched' } });
    const runtime = await runtimeOf({ hooks: [{ event: 'PostToolUse', matcher: 'Edit|Write', type: 'command', command: `cat >/dev/null; printf '%s' ${quote(answer)}` }] });
    const result = await runtime.dispatch('PostToolUse', { session_id: 's', cwd: dir, tool_name: 'apply_patch', tool_input: { command: PATCH }, tool_response: 'ok' }, { dialect: 'codex', cwd: dir });
    expect(result.runs).toHaveLength(3);
    expect(result.outcome.additionalContext).toEqual(['lint the files you patched']);
  });

  it('denies with hookwire:recommended\'s .env rule when any file of the patch is .env', async () => {
    const dir = await tempDir();
    const runtime = await runtimeOf({ hooks: [{ id: 'guards', type: 'rule', pack: 'hookwire:recommended' }] }, { projectDir: dir });
    const result = await runtime.dispatch('PreToolUse', { session_id: 's', cwd: dir, tool_name: 'apply_patch', tool_input: { command: PATCH } }, { dialect: 'codex', cwd: dir });
    // The pack asks (Codex, which cannot ask, is then answered a deny): once, for .env, its evidence.
    expect(result.outcome.decision).toBe('ask');
    expect(result.runs.flatMap((run) => run.rules ?? []).map((match) => [match.rule, match.matched])).toEqual([['secrets-write-env-file', join(dir, '.env')]]);
    expect(result.outcome.reason).toContain(`[hookwire rule secrets-write-env-file, matched: ${join(dir, '.env')}]`);
  });

  it('reads a canonical payload still naming apply_patch (an older audit record) as its file calls, even of one file', async () => {
    const dir = await tempDir();
    const runtime = await runtimeOf({ hooks: [{ id: 'edit-guard', event: 'PreToolUse', matcher: 'Edit', type: 'command', command: recorder(join(dir, 'edit.log'), 'p.tool_name+" "+p.tool_input.file_path') }] });
    const one = '*** Begin Patch\n*** Update File: .env\n@@\n-S=1\n+S=2\n*** End Patch\n';
    const result = await runtime.dispatch('PreToolUse', { session_id: 's', cwd: dir, tool_name: 'apply_patch', tool_input: { command: one } }, { cwd: dir });
    expect(result.outcome.decision).toBe('deny');
    expect(await readFile(join(dir, 'edit.log'), 'utf8')).toBe(`Edit ${join(dir, '.env')}\n`);
  });
});
