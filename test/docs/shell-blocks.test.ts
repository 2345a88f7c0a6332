import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DIALECT_NAMES } from '@hookwire/contract';
import { removeTempDirs } from '@hookwire/test-utils';
import { afterAll, describe, expect, it } from 'vitest';
import { allShellBlocks, docPages, markerLines, matchesShown, REPO, runsBareHookwire, shellBlocks, splitConsole, where, type ShellBlock } from './blocks.js';
import { docProject, HOOKWIRE_BIN, hookwireIn, runScript } from './project.js';
import { RUNNERS } from './runners.js';

afterAll(removeTempDirs);

const BLOCKS = allShellBlocks();
const page = (path: string) => readFileSync(join(REPO, path), 'utf8');

/** `hookwire --help`: the usage lines by command, from the built executable. */
const HELP = execFileSync(process.execPath, [HOOKWIRE_BIN, '--help'], { encoding: 'utf8' });
const USAGE_LINES = HELP.split('\n').filter((line) => /^ {2}hookwire [a-z]+ /.test(line) && !line.includes('<command>')).map((line) => line.trim());
const COMMAND_NAMES = [...new Set(USAGE_LINES.map((line) => line.split(' ')[1]!))];

describe('the marker check itself', () => {
  it('finds shell blocks by language or a `$ ` prompt, reads the marker before the fence, and the output block after', () => {
    const text = [
      '<!-- doc-test: one -->', '```sh', 'npx hookwire init', '```', '', '```', 'printed', '```',
      '<!-- illustrative: needs a server -->', '', '```console', '$ curl x \\', '  -d y', 'answer', '```',
      '```', '$ npx hookwire check', 'shown', '```',
      '<!-- doctest: typo -->', '```bash', 'echo', '```',
      '```json', '{}', '```',
      '    ```sh', '    indented', '    ```',
    ].join('\n');
    const blocks = shellBlocks('x.md', text);
    expect(blocks.map((block) => [block.line, block.lang, block.marker?.kind, block.marker?.value, block.output, block.badMarker])).toEqual([
      [2, 'sh', 'doc-test', 'one', 'printed', undefined],
      [11, 'console', 'illustrative', 'needs a server', undefined, undefined],
      [16, 'console', undefined, undefined, undefined, undefined],
      [21, 'bash', undefined, undefined, undefined, '<!-- doctest: typo -->'],
      [27, 'sh', undefined, undefined, undefined, undefined],
    ]);
    expect(splitConsole(blocks[1]!)).toEqual({ script: 'curl x \\\n  -d y', shown: 'answer' });
    expect(splitConsole(blocks[0]!)).toEqual({ script: 'npx hookwire init', shown: 'printed' });
    expect(blocks[4]!.body).toBe('indented');
    expect(markerLines(text)).toEqual([1, 9]);
    expect(blocks.flatMap((block) => (block.marker ? [block.marker.line] : []))).toEqual([1, 9]);
  });

  it.each([
    ['hookwire explain --log audit.jsonl', true],
    ['  hookwire serve --config .hookwire.json', true],
    ['OTEL_SERVICE_NAME=x hookwire serve', true],
    ["printf '%s' x | hookwire run", true],
    ['npm i -D hookwire && hookwire init', true],
    ['npx hookwire init   # then hookwire check', false],
    ['node_modules/.bin/hookwire run --dialect gemini', false],
    ['npm install --save-dev hookwire', false],
    ['npx hookwire-stdio-server --config hookwire.json', false],
  ])('%j runs a bare hookwire: %s', (line, bare) => {
    expect(runsBareHookwire(line)).toBe(bare);
  });

  it.each([
    ['a\nb', 'a\nb  \n\n', true],
    ['a\n...\nd', 'a\nb\nc\nd', true],
    ['a\n...\nd', 'a\nd', true],
    ['a\n...', 'a\nb', true],
    ['rules (...) that match:', 'rules (34 rules, 3 off) that match:', true],
    ['a\nb', 'a\nc', false],
    ['a', 'a\nb', false],
    ['rules (...) x', 'rules 34 x', false],
  ])('the shown output %j against the real %j: %s', (shown, real, matches) => {
    expect(matchesShown(shown, real)).toBe(matches);
  });
});

describe('every shell block of README.md, docs/*.md and packages/*/README.md', () => {
  it('is run by a test (<!-- doc-test: ID -->), is a usage synopsis (<!-- synopsis: COMMAND -->) or is marked illustrative (<!-- illustrative: WHY -->)', () => {
    const problems = BLOCKS.flatMap((block) => {
      if (block.badMarker !== undefined) return [`${where(block)}: ${block.badMarker} is not a marker: <!-- doc-test: ID -->, <!-- synopsis: COMMAND --> or <!-- illustrative: WHY -->`];
      if (block.marker === undefined) return [`${where(block)}: a \`\`\`${block.lang} block with no marker on the line before its fence (${JSON.stringify(block.body.split('\n')[0])})`];
      if (block.marker.value === '') return [`${where(block)}: the ${block.marker.kind} marker says nothing after the colon`];
      return [];
    });
    expect(problems, `${problems.length} shell blocks are neither tested nor marked; see test/docs/README.md:\n${problems.join('\n')}`).toEqual([]);
  });

  it('has no marker that marks nothing (a marker must be the comment line just before a shell block\'s fence)', () => {
    const used = new Set(BLOCKS.flatMap((block) => (block.marker === undefined ? [] : [`${block.file}:${block.marker.line}`])));
    const stray = docPages().flatMap((file) => markerLines(page(file)).map((line) => `${file}:${line}`)).filter((at) => !used.has(at));
    expect(stray, `markers before no shell block:\n${stray.join('\n')}`).toEqual([]);
  });

  it('names, in each doc-test marker, a runner of test/docs/runners.ts, and every runner runs a block; blocks sharing an id are the same commands', () => {
    const tested = BLOCKS.filter((block) => block.marker?.kind === 'doc-test');
    const problems: string[] = [];
    for (const block of tested) if (!Object.hasOwn(RUNNERS, block.marker!.value)) problems.push(`${where(block)}: doc-test ${JSON.stringify(block.marker!.value)} has no runner in test/docs/runners.ts`);
    for (const id of Object.keys(RUNNERS)) if (!tested.some((block) => block.marker!.value === id)) problems.push(`test/docs/runners.ts: runner ${JSON.stringify(id)} runs no block (no <!-- doc-test: ${id} --> in the docs)`);
    for (const block of tested) {
      const first = tested.find((other) => other.marker!.value === block.marker!.value)!;
      if (splitConsole(first).script !== splitConsole(block).script) problems.push(`${where(block)}: doc-test ${block.marker!.value} is also ${where(first)}, with other commands`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('runs hookwire as an npm project has it (npx hookwire, or node_modules/.bin/hookwire), never a bare `hookwire`, and names the config init writes', () => {
    const problems = BLOCKS.filter((block) => block.marker?.kind !== 'synopsis').flatMap((block) => {
      const { script } = splitConsole(block);
      return script.split('\n').flatMap((line, at) => {
        const found: string[] = [];
        if (runsBareHookwire(line)) found.push(`${block.file}:${block.line + 1 + at}: bare \`hookwire\` is not on PATH in an npm project: write \`npx hookwire\``);
        if (/--config hookwire\.json\b/.test(line) && !block.file.startsWith('packages/stdio-server/')) found.push(`${block.file}:${block.line + 1 + at}: init writes .hookwire.json, not hookwire.json`);
        return found;
      });
    });
    expect(problems, problems.join('\n')).toEqual([]);
  });

  const synopses = BLOCKS.filter((block) => block.marker?.kind === 'synopsis');
  it.each(synopses.map((block) => [where(block), block] as const))('%s: the synopsis is the usage `hookwire --help` prints', (_where, block) => {
    const command = block.marker!.value;
    expect(COMMAND_NAMES, `synopsis of an unknown command at ${where(block)}`).toContain(command);
    expect(block.body.split('\n').map((line) => line.trim()).filter((line) => line !== '')).toEqual(USAGE_LINES.filter((line) => line.split(' ')[1] === command));
  });
});

describe('the doc-test blocks run as printed', () => {
  const tested = BLOCKS.filter((block): block is ShellBlock & { marker: { value: string } } => block.marker?.kind === 'doc-test' && Object.hasOwn(RUNNERS, block.marker.value));
  it.each(tested.map((block) => [`${where(block)} (${block.marker.value})`, block] as const))('%s', async (_name, block) => {
    const runner = RUNNERS[block.marker.value]!;
    const { script, shown } = splitConsole(block);
    expect(shown !== undefined || runner.check !== undefined, `${where(block)}: a doc test must compare shown output or check what the block did`).toBe(true);
    const project = await docProject();
    await runner.setup?.(project);
    const run = await runScript(project, script, runner.cwd);
    expect(run.code, `exit code of ${where(block)}; its output:\n${run.output}`).toBe(runner.exit ?? 0);
    if (shown !== undefined) {
      const tidy = runner.normalise ?? ((text: string) => text);
      expect(matchesShown(tidy(shown), tidy(run.output)), `${where(block)} shows:\n${shown}\n\nbut the real output is:\n${run.output}`).toBe(true);
    }
    await runner.check?.(project, run);
  });
});

describe('the docs agree with the program', () => {
  it('the README and the hookwire package name every command of `hookwire --help`', () => {
    expect(COMMAND_NAMES.length).toBeGreaterThan(5);
    const readmeRow = page('README.md').split('\n').find((line) => line.startsWith('| [`hookwire`]'))!;
    const pkg = page('packages/hookwire/README.md');
    const intro = pkg.split('\n').find((line) => line.startsWith('command ('))!;
    const { description } = JSON.parse(page('packages/hookwire/package.json')) as { description: string };
    const missing = COMMAND_NAMES.flatMap((name) => [
      ...(readmeRow.includes(`\`${name}\``) ? [] : [`README.md's package table (the hookwire row) lacks \`${name}\``]),
      ...(intro.includes(`\`${name}\``) ? [] : [`packages/hookwire/README.md's first paragraph lacks \`${name}\``]),
      ...(new RegExp(`\\b${name}\\b`).test(description.slice(description.indexOf('('))) ? [] : [`packages/hookwire/package.json's description lacks ${name}`]),
    ]);
    expect(missing).toEqual([]);
  });

  it('packages/hookwire/README.md has one row per usage line, each exactly as `hookwire --help` prints it', () => {
    const rows = page('packages/hookwire/README.md').split('\n').filter((line) => line.startsWith('| `hookwire ')).map((line) => /^\| `(.*?)` \|/.exec(line)![1]!.replaceAll('\\|', '|'));
    expect([...rows].sort()).toEqual([...USAGE_LINES].sort());
  });

  it('docs/config.md lists the hosts `hookwire init --help` supports', async () => {
    const help = execFileSync(process.execPath, [HOOKWIRE_BIN, 'init', '--help'], { encoding: 'utf8' });
    const supported = /supported: ([a-z, ]+)\)/.exec(help);
    expect(supported, `no "supported: a, b, ...)" in hookwire init --help:\n${help}`).not.toBeNull();
    const hosts = supported![1]!.split(', ');
    const row = page('docs/config.md').split('\n').find((line) => line.startsWith('| `--host NAME`'))!;
    expect(hosts.filter((host) => !row.includes(`\`${host}\``))).toEqual([]);
    expect(hosts.filter((host) => !page('README.md').includes(`--host ${host}`) && host !== 'claude')).toEqual([]);
  });

  it('docs/serve.md names every route serve has: /hooks/<dialect> for each dialect, /v1/dispatch, /v1/reload, /healthz, /readyz, /metrics', () => {
    const serve = page('docs/serve.md');
    const routes = [...DIALECT_NAMES.map((name) => `/hooks/${name}`), '/v1/dispatch', '/v1/reload', '/healthz', '/readyz', '/metrics'];
    expect(routes.filter((route) => !serve.includes(`\`POST ${route}\``) && !serve.includes(`\`GET ${route}\``) && !serve.includes(`\`${route}\``))).toEqual([]);
  });

  it('docs/bridge.md shows the settings entries `hookwire init` writes for Claude Code, and counts its events right', async () => {
    const project = await docProject();
    const run = await hookwireIn(project, ['init']);
    const events = /the bridge runs on (.*)$/m.exec(run.output)![1]!.split(', ');
    const settings = JSON.parse(readFileSync(join(project.app, '.claude/settings.json'), 'utf8')) as { hooks: Record<string, unknown> };
    expect(Object.keys(settings.hooks)).toEqual(events);
    const bridge = page('docs/bridge.md');
    const example = /## Setting it up[\s\S]*?```json\n([\s\S]*?)\n```/.exec(bridge)![1]!;
    expect(JSON.parse(example)).toEqual(settings);
    expect(bridge).not.toMatch(/\bseven\b/);
  });
});
