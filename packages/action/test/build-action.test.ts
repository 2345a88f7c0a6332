import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildAction, type FileOp } from '../src/index.js';

interface ActionVector {
  name: string;
  tool: string;
  input: unknown;
  files: [FileOp, string, boolean, string[], string][];
  urls: [string, string, string][];
}

const OPTIONS = { home: '/home/u' };
const vectors = JSON.parse(readFileSync(new URL('./vectors/action.json', import.meta.url), 'utf8')) as ActionVector[];

describe('buildAction vectors', () => {
  for (const vector of vectors) {
    it(vector.name, () => {
      const action = buildAction({ toolName: vector.tool, toolInput: vector.input, cwd: '/p', projectDir: '/p' }, OPTIONS);
      expect(action.files.map((file) => [file.op, file.path, file.inProject, file.classes, file.source])).toStrictEqual(vector.files);
      expect(action.urls.map((url) => [url.url, url.host, url.source])).toStrictEqual(vector.urls);
    });
  }
});

describe('buildAction', () => {
  it('carries the tool, the shell model, the prompt, the output and the session', () => {
    const action = buildAction(
      { toolName: 'Bash', toolInput: { command: 'ls' }, cwd: '/p/sub', projectDir: '/p', prompt: 'hi', output: 'out', sessionId: 's1' },
      OPTIONS,
    );
    expect(action).toMatchObject({ tool: { name: 'Bash', input: { command: 'ls' } }, prompt: 'hi', output: 'out', session: 's1', cwd: '/p/sub', project: '/p' });
    expect(action.shell?.commands[0]?.program).toBe('ls');
  });

  it('resolves a relative cwd against the project', () => {
    expect(buildAction({ toolName: 'Read', toolInput: { file_path: 'a' }, cwd: 'sub', projectDir: '/p' }, OPTIONS).files[0]?.path).toBe('/p/sub/a');
  });

  it('adds the globs a user gives to a class, and new classes', () => {
    const options = { home: '/home/u', pathClasses: { secrets: ['**/*.secret'], payroll: ['/srv/payroll/**'] } };
    const read = (file: string) => buildAction({ toolName: 'Read', toolInput: { file_path: file }, cwd: '/p', projectDir: '/p' }, options).files[0]?.classes;
    expect(read('/p/db.secret')).toStrictEqual(['secrets']);
    expect(read('/p/.env')).toStrictEqual(['secrets']);
    expect(read('/srv/payroll/2026.csv')).toStrictEqual(['payroll']);
    expect(read('/srv/other.csv')).toStrictEqual([]);
  });

  it('ignores a class named like an Object.prototype member', () => {
    const options = { home: '/home/u', pathClasses: JSON.parse('{"__proto__": ["/x/**"], "constructor": ["/y/**"]}') as Record<string, string[]> };
    const action = buildAction({ toolName: 'Read', toolInput: { file_path: '/y/a' }, cwd: '/p', projectDir: '/p' }, options);
    expect(action.files[0]?.classes).toStrictEqual(['constructor']);
  });

  it('never throws on odd input', () => {
    const odd = [undefined, null, 1, 'x', [], { command: 42 }, { command: [1, 2] }, { file_path: {} }, { url: 5 }];
    for (const toolInput of odd) {
      for (const toolName of ['Bash', 'Read', 'Glob', 'WebFetch', 'apply_patch', undefined]) {
        expect(() => buildAction({ toolName, toolInput, cwd: '/p', projectDir: '/p' }, OPTIONS)).not.toThrow();
      }
    }
  });
});
