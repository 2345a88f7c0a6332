// HOOK FOR THE LEAD ENGINEER: hookwire through its real bridge (one `hookwire run` process per tool
// call, as Claude Code would start it), once the config has a `rule` hook type. Until then the row
// is skipped with this message. To wire it: write a config whose only hook is
// { type: 'rule', pack: 'hookwire:recommended', level } into the sandbox, and in decide() spawn
// the bundled bin (bench/lib/paths.mjs HOOKWIRE_BIN) with `run --config <file> --dialect claude`
// through runToClose, then read its stdout with readClaudeAnswer (ccsn-guard.mjs).

export function createBridgeGuard(level) {
  return {
    name: `hookwire-bridge-${level}`,
    label: `hookwire bridge (${level}), one process per call`,
    kind: 'process',
    available: () => ({ ok: false, why: 'waiting for the `rule` hook type in the config (lead engineer)' }),
    async decide() {
      throw new Error('hookwire bridge guard is not wired yet');
    },
  };
}
