import { describe, expect, it } from 'vitest';
import { toCanonicalTool } from '../src/canonical-tool.js';

describe('toCanonicalTool: OpenCode tool calls in Claude Code vocabulary', () => {
  it.each([
    ['bash', { command: 'ls', description: 'list', timeout: 5000, workdir: '/p' }, 'Bash', { command: 'ls', description: 'list', timeout: 5000, workdir: '/p' }],
    ['read', { filePath: '/p/a.ts', offset: 3, limit: 10 }, 'Read', { file_path: '/p/a.ts', offset: 3, limit: 10 }],
    ['write', { filePath: '/p/a.ts', content: 'x' }, 'Write', { file_path: '/p/a.ts', content: 'x' }],
    ['edit', { filePath: '/p/a.ts', oldString: 'a', newString: 'b', replaceAll: true }, 'Edit', { file_path: '/p/a.ts', old_string: 'a', new_string: 'b', replace_all: true }],
    ['glob', { pattern: '**/*.ts', path: '/p' }, 'Glob', { pattern: '**/*.ts', path: '/p' }],
    ['grep', { pattern: 'TODO', path: '/p', include: '*.ts' }, 'Grep', { pattern: 'TODO', path: '/p', glob: '*.ts' }],
    ['webfetch', { url: 'https://example.org', format: 'markdown' }, 'WebFetch', { url: 'https://example.org', format: 'markdown' }],
    ['task', { description: 'd', prompt: 'p', subagent_type: 'general' }, 'Task', { description: 'd', prompt: 'p', subagent_type: 'general' }],
    ['todowrite', { todos: [] }, 'TodoWrite', { todos: [] }],
    // No Claude counterpart: the tool's own name and arguments.
    ['skill', { name: 'x' }, 'skill', { name: 'x' }],
    ['mcp_github_create_issue', { title: 't' }, 'mcp_github_create_issue', { title: 't' }],
  ])('%s', (tool, args, name, input) => {
    expect(toCanonicalTool(tool, args)).toEqual({ name, input });
  });

  it('arguments that are not an object become {}; a tool named like an Object.prototype key passes through', () => {
    expect(toCanonicalTool('bash', 'ls')).toEqual({ name: 'Bash', input: {} });
    expect(toCanonicalTool('read', null)).toEqual({ name: 'Read', input: {} });
    expect(toCanonicalTool('constructor', { a: 1 })).toEqual({ name: 'constructor', input: { a: 1 } });
    expect(toCanonicalTool('bash', { toString: 'x' })).toEqual({ name: 'Bash', input: { toString: 'x' } });
  });

  it('reads apply_patch (patchText) as Codex\'s: Edit of its first file (Write when it only adds), every path and the patch kept; a text that is no patch passes through', () => {
    const patch = '*** Begin Patch\n*** Update File: src/a.ts\n@@\n-a\n+b\n*** Add File: .env\n+S=1\n*** End Patch\n';
    expect(toCanonicalTool('apply_patch', { patchText: patch }, '/p')).toEqual({
      name: 'Edit',
      input: { file_path: '/p/src/a.ts', old_string: 'a', new_string: 'b', command: patch, file_paths: ['/p/src/a.ts', '/p/.env'] },
    });
    const adds = '*** Begin Patch\n*** Add File: n.md\n+n\n*** End Patch\n';
    expect(toCanonicalTool('apply_patch', { patchText: adds }, '/p')).toEqual({ name: 'Write', input: { file_path: '/p/n.md', content: 'n\n', command: adds, file_paths: ['/p/n.md'] } });
    expect(toCanonicalTool('apply_patch', { patchText: 'nothing' }, '/p')).toEqual({ name: 'apply_patch', input: { patchText: 'nothing' } });
  });
});
