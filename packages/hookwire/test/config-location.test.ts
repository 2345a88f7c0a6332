import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tempDir } from '@hookwire/test-utils';
import { HookwireError } from '@hookwire/runtime';
import { afterEach, describe, expect, it } from 'vitest';
import { locateConfig, locateProjectDir, locateUserConfig } from '../src/config-location.js';

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
