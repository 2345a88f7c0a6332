import { createShellExecutor, type ShellHook } from '../src/index.js';
import { describeExecutorConformance } from '../../../test/conformance/executor-suite.js';
import { fixture, quote } from './support.js';

describeExecutorConformance<ShellHook>('exec-shell', async () => ({
  executor: createShellExecutor({ maxOutputBytes: 64 * 1024 }),
  hooks: {
    allow: { command: `printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}'` },
    deny: { command: 'echo "rm -rf is not allowed" >&2; exit 2' },
    hang: { command: 'sleep 60' },
    failing: { command: `${quote(fixture('flood.sh'))} 200000 stdout '{'` },
  },
  failingClass: 'parse',
  cleanup: async () => {},
}));
