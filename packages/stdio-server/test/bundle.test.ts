import { cpSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupSidecars, HOOKWIRE, runToEnd as run, tempDir, writeConfig } from './sidecar.js';

afterEach(cleanupSidecars);

describe('the bundled executable (dist/, scripts/bundle-bin.mjs)', () => {
  it('ships a code cache for its bundle next to it', () => {
    const files = readdirSync(dirname(HOOKWIRE));
    expect(files).toEqual(expect.arrayContaining(['hookwire.cjs', 'cli.cjs', 'cli.cjs.map', 'exec-shell.cjs', 'http-post.cjs']));
    expect(files.filter((file) => /^cli\.[0-9a-f]{16}\.cache$/.test(file))).toHaveLength(1);
  });

  it('starts from that cache: V8 accepts it in a fresh process, as the bin loads it', async () => {
    const code = `const l = require(${JSON.stringify(HOOKWIRE)}); process.stdout.write(String(l.compile(require('node:fs').readFileSync(l.CACHE)).cachedDataRejected))`;
    expect(await run('-e', [code])).toEqual({ code: 0, stdout: 'false', stderr: '' });
  });

  it('needs nothing but its own folder: copied alone it answers as in place, with or without the code cache', async () => {
    const dir = await tempDir();
    const copy = join(dir, 'pkg');
    cpSync(join(dirname(HOOKWIRE), '..', 'package.json'), join(copy, 'package.json'));
    cpSync(dirname(HOOKWIRE), join(copy, 'dist'), { recursive: true });
    const noCache = join(dir, 'nocache');
    cpSync(copy, noCache, { recursive: true, filter: (file) => !file.endsWith('.cache') });
    const config = await writeConfig(dir, {
      hooks: [
        { event: 'PreToolUse', matcher: 'Bash', type: 'command', command: `cat >/dev/null; echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}'` },
        { event: 'PreToolUse', matcher: 'Bash', type: 'command', command: 'echo careful >&2; exit 2' },
      ],
    });
    const payload = JSON.stringify({ session_id: 's', transcript_path: '', cwd: dir, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'rm -rf /' } });
    const inPlace = await run(HOOKWIRE, ['run', '--config', config], payload, dir);
    expect(inPlace.code).toBe(0);
    expect(JSON.parse(inPlace.stdout)).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'no\n\ncareful' } });
    for (const bin of [join(copy, 'dist/hookwire.cjs'), join(noCache, 'dist/hookwire.cjs')]) {
      expect(await run(bin, ['run', '--config', config], payload, dir)).toEqual(inPlace);
      expect(await run(bin, ['--version'], '', dir)).toEqual(await run(HOOKWIRE, ['--version'], '', dir));
    }
  });
});
