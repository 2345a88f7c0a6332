import { afterEach, describe, expect, it } from 'vitest';
import { checkConfig } from '../src/index.js';
import { cleanup, tempDir, writeJson } from './helpers.js';

afterEach(cleanup);

// Issue 23: `hookwire check` says where a Claude Code hook's answer cannot have its effect on some
// host — an event it lacks, a deny it cannot enforce — naming the hosts (docs/hosts.md lists the rest).

describe('checkConfig: hosts where a hook cannot do what it does under Claude Code', () => {
  it('warns once per event, at its first hook: PreCompact never fires under pi and OpenClaw and cannot be blocked under seven hosts, Stop cannot be blocked under Cline; PreToolUse guards warn nothing', async () => {
    const dir = await tempDir();
    const config = await writeJson(dir, 'hookwire.json', {
      hooks: [
        { event: 'PreToolUse', type: 'command', command: 'true' },
        { event: 'Stop', type: 'command', command: 'true' },
        { event: 'PreCompact', type: 'command', command: 'true' },
        { event: 'PreCompact', type: 'command', command: 'true' },
      ],
    });
    const warnings = (await checkConfig(config, { PATH: process.env.PATH })).filter((d) => d.severity === 'warning');
    expect(warnings.map((d) => ({ path: d.path, message: d.message }))).toEqual([
      {
        path: '/hooks/1',
        message: 'a deny from the hooks on turn:stop is not enforced under Cline: that host cannot block it (Claude Code can); it is recorded as a downgrade, and shown to the user where the host shows hook messages',
      },
      { path: '/hooks/2', message: 'the hooks on compact:before never fire under pi, OpenClaw: those hosts have no such event' },
      {
        path: '/hooks/2',
        message: 'a deny from the hooks on compact:before is not enforced under Gemini CLI, Codex, Copilot CLI, Cursor, Qwen Code, Cline, Letta Code: those hosts cannot block it (Claude Code can); it is recorded as a downgrade, and shown to the user where the host shows hook messages',
      },
    ]);
  });
});
