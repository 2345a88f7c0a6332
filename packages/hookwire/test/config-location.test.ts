import { chown, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tempDir } from '@hookwire/test-utils';
import { HookwireError } from '@hookwire/runtime';
import { afterEach, describe, expect, it } from 'vitest';
import { discoverConfig, locateConfig, locateProjectDir, locateUserConfig } from '../src/config-location.js';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A home with (or without) a user config, a project and a process cwd, each with (or without) a `.hookwire.json`. */
async function layout(files: { user?: boolean; project?: boolean; cwd?: boolean }) {
  const root = await tempDir('hookwire-locate-');
  dirs.push(root);
  const place = { home: join(root, 'home'), project: join(root, 'project'), cwd: join(root, 'cwd') };
  for (const dir of Object.values(place)) await mkdir(dir, { recursive: true });
  if (files.user) {
    await mkdir(join(place.home, '.config', 'hookwire'), { recursive: true });
    await writeFile(join(place.home, '.config', 'hookwire', 'config.json'), '{}');
  }
  for (const key of ['project', 'cwd'] as const) if (files[key]) await writeFile(join(place[key], '.hookwire.json'), '{}');
  return place;
}

describe('locateConfig', () => {
  it('uses --config as given, looking nothing up', async () => {
    const place = await layout({ user: true, project: true });
    expect(locateConfig({ explicit: ['a.json', 'b.json'], env: { CLAUDE_PROJECT_DIR: place.project, HOOKWIRE_CONFIG: 'c.json' }, home: place.home })).toEqual(['a.json', 'b.json']);
  });

  it('uses $HOOKWIRE_CONFIG, a path list, instead of the lookup', async () => {
    const place = await layout({ user: true, project: true });
    const env = { HOOKWIRE_CONFIG: `/etc/one.json::rel/two.json`, CLAUDE_PROJECT_DIR: place.project };
    expect(locateConfig({ env, cwd: place.cwd, home: place.home })).toEqual(['/etc/one.json', join(place.cwd, 'rel', 'two.json')]);
  });

  // Which files are found, in layering order, for each combination of where files exist. A payload's
  // cwd is never a place to look: \`locateConfig\` takes none.
  const cases: { files: Parameters<typeof layout>[0]; hostVar: boolean; expected: ('user' | 'project' | 'cwd')[] }[] = [
    { files: { user: true, project: true, cwd: true }, hostVar: true, expected: ['user', 'project'] },
    { files: { project: true, cwd: true }, hostVar: true, expected: ['project'] },
    { files: { user: true, cwd: true }, hostVar: true, expected: ['user'] },
    { files: { project: true, cwd: true }, hostVar: false, expected: ['cwd'] },
    { files: { user: true, cwd: true }, hostVar: false, expected: ['user', 'cwd'] },
    { files: { user: true, project: true }, hostVar: false, expected: ['user'] },
  ];
  for (const { files, hostVar, expected } of cases) {
    it(`finds ${expected.join(' then ')} with files ${Object.keys(files).join(', ')}, the host variable ${hostVar ? 'set' : 'unset'}`, async () => {
      const place = await layout(files);
      const found = locateConfig({ env: hostVar ? { CLAUDE_PROJECT_DIR: place.project } : {}, cwd: place.cwd, home: place.home });
      const where = { user: join(place.home, '.config', 'hookwire', 'config.json'), project: join(place.project, '.hookwire.json'), cwd: join(place.cwd, '.hookwire.json') };
      expect(found).toEqual(expected.map((key) => where[key]));
    });
  }

  it('throws HOOKWIRE_CONFIG_NOT_FOUND naming every place it looked at', async () => {
    const place = await layout({ cwd: true });
    let error: unknown;
    try {
      locateConfig({ env: { CLAUDE_PROJECT_DIR: place.project }, cwd: place.cwd, home: place.home });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(HookwireError);
    expect((error as HookwireError).code).toBe('HOOKWIRE_CONFIG_NOT_FOUND');
    expect((error as HookwireError).message).toBe(
      `no hookwire config found: looked at $HOOKWIRE_CONFIG (not set), ${join(place.home, '.config', 'hookwire', 'config.json')} (not found), ${join(place.project, '.hookwire.json')} (not found; the project directory is $CLAUDE_PROJECT_DIR); pass --config FILE, or create one with "hookwire init"`,
    );
  });
});

describe('locateUserConfig and locateProjectDir', () => {
  it('honours XDG_CONFIG_HOME, else ~/.config', () => {
    expect(locateUserConfig({ XDG_CONFIG_HOME: '/x' }, '/home/u')).toBe('/x/hookwire/config.json');
    expect(locateUserConfig({ XDG_CONFIG_HOME: '' }, '/home/u')).toBe('/home/u/.config/hookwire/config.json');
  });

  it('takes the host variable, else the current directory', () => {
    expect(locateProjectDir({ env: { CLAUDE_PROJECT_DIR: '/p' }, cwd: '/r' })).toEqual({ dir: '/p', from: '$CLAUDE_PROJECT_DIR' });
    expect(locateProjectDir({ env: { CLAUDE_PROJECT_DIR: '' }, cwd: '/r' })).toEqual({ dir: '/r', from: 'the current directory' });
    expect(locateProjectDir({ env: { GEMINI_PROJECT_DIR: '/g' }, cwd: '/r' })).toEqual({ dir: '/g', from: '$GEMINI_PROJECT_DIR' });
  });
});

describe('discoverConfig: the project layer looked up from the current directory', () => {
  // A tree: root/a/b/c, the command started in c (no host variable). Each case puts .hookwire.json
  // and .git in some folders and says which config is found, if any, and the reason it gives.
  const cases: { name: string; configs: string[]; git?: string[]; home?: string; expected: string | undefined; why?: RegExp }[] = [
    { name: 'in the current directory', configs: ['a/b/c', 'a'], expected: 'a/b/c', why: /in the current directory$/ },
    { name: 'the nearest one above', configs: ['a', ''], expected: 'a', why: /^the project layer: the nearest \.hookwire\.json, 2 folders up from the current directory \(/ },
    { name: "in the git root's own folder", configs: ['a'], git: ['a'], expected: 'a' },
    { name: 'none above the first folder holding .git (a .git file too: a worktree)', configs: [''], git: ['a/b'], expected: undefined, why: /up to .*\/a\/b, which holds \.git/ },
    { name: 'none in $HOME or above it, from below', configs: ['a', ''], home: 'a', expected: undefined, why: /\$HOME \(.*\/a\) is never searched from below/ },
    { name: 'the one below $HOME', configs: ['a/b', 'a'], home: 'a', expected: 'a/b', why: /, 1 folder up from/ },
  ];
  for (const { name, configs, git = [], home, expected, why } of cases) {
    it(name, async () => {
      const root = await tempDir('hookwire-walk-');
      dirs.push(root);
      const cwd = join(root, 'a', 'b', 'c');
      await mkdir(cwd, { recursive: true });
      for (const dir of configs) await writeFile(join(root, dir, '.hookwire.json'), '{}');
      // A worktree's .git is a file; a clone's a folder: both end the walk.
      for (const dir of git) await (dir === 'a/b' ? writeFile(join(root, dir, '.git'), 'gitdir: elsewhere\n') : mkdir(join(root, dir, '.git')));
      const found = discoverConfig({ env: {}, cwd, home: home === undefined ? join(root, 'elsewhere') : join(root, home) });
      const project = found.layers.filter((layer) => layer.layer === 'project');
      expect(project.map((layer) => layer.path)).toEqual(expected === undefined ? [] : [join(root, expected, '.hookwire.json')]);
      if (why !== undefined) expect(expected === undefined ? found.missed.at(-1)!.why : project[0]!.why).toMatch(why);
      if (expected === undefined) expect(found.missed.at(-1)!.path).toBe(join(cwd, '.hookwire.json'));
    });
  }

  it('a host variable names the project: no walk, even with a config above the current directory', async () => {
    const place = await layout({ project: false });
    const above = join(place.cwd, '..', '.hookwire.json');
    await writeFile(above, '{}');
    const found = discoverConfig({ env: { GEMINI_PROJECT_DIR: place.project }, cwd: place.cwd, home: place.home });
    expect(found.layers).toEqual([]);
    expect(found.missed.at(-1)).toEqual({ path: join(place.project, '.hookwire.json'), why: 'not found; the project directory is $GEMINI_PROJECT_DIR' });
  });

  it('lists the user layer, then the project layer, each with why', async () => {
    const place = await layout({ user: true });
    const deep = join(place.project, 'src', 'deep');
    await mkdir(deep, { recursive: true });
    await mkdir(join(place.project, '.git'));
    await writeFile(join(place.project, '.hookwire.json'), '{}');
    expect(discoverConfig({ env: {}, cwd: deep, home: place.home }).layers).toEqual([
      { layer: 'user', path: join(place.home, '.config', 'hookwire', 'config.json'), why: 'the user layer, for every project: ~/.config/hookwire/config.json' },
      { layer: 'project', path: join(place.project, '.hookwire.json'), why: `the project layer: the nearest .hookwire.json, 2 folders up from the current directory (${deep})` },
    ]);
  });

  // Only root can give a file to another user.
  it.runIf(process.getuid?.() === 0)("does not take another user's .hookwire.json above the current directory (git's safe.directory rule)", async () => {
    const place = await layout({});
    const parent = join(place.cwd, '..');
    await writeFile(join(parent, '.hookwire.json'), '{}');
    await chown(join(parent, '.hookwire.json'), 4242, 4242);
    const found = discoverConfig({ env: {}, cwd: place.cwd, home: place.home });
    expect(found.layers).toEqual([]);
    expect(found.missed.at(-1)).toEqual({ path: join(parent, '.hookwire.json'), why: 'owned by another user (uid 4242): not taken, and the lookup stops there' });
    // In the current directory itself it is yours to have started there: taken.
    await writeFile(join(place.cwd, '.hookwire.json'), '{}');
    await chown(join(place.cwd, '.hookwire.json'), 4242, 4242);
    expect(discoverConfig({ env: {}, cwd: place.cwd, home: place.home }).layers.map((layer) => layer.path)).toEqual([join(place.cwd, '.hookwire.json')]);
  });
});
