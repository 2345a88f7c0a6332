import fc from 'fast-check';
import { parse as parseToml, stringify as stringifyToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { managedHost, renderBridgeCommand } from '../../src/hosts.js';
import { planTomlInstall, planTomlUninstall } from '../../src/init/init-managed.js';

// Codex's requirements.toml is edited as text (the lock before the first table, the hooks in a
// marked block at the end): for any administrator's file, what init writes parses, holds the lock
// and the bridge on every event after the administrator's own hooks, and --uninstall gives the
// administrator's bytes back.

const host = managedHost('codex', 'linux', { node: '/usr/bin/node', bin: "/opt/it's/hookwire/dist/hookwire.cjs", orgConfig: '/var/cache/hookwire/bundle/current/.hookwire.json' });

const key = fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/).filter((name) => name !== 'hooks' && name !== 'allow_managed_hooks_only');
const scalar = fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.boolean(), fc.array(fc.string({ maxLength: 6 }), { maxLength: 3 }));
const table = fc.dictionary(key, scalar, { maxKeys: 4 });
/** An administrator's requirements: top-level keys, tables, and sometimes hooks of their own; written by a TOML writer, with a comment on top. */
const adminFile = fc
  .record({
    top: table,
    tables: fc.dictionary(key, table, { maxKeys: 3 }),
    ownHook: fc.boolean(),
    lock: fc.constantFrom(undefined, true),
    comment: fc.boolean(),
  })
  .map(({ top, tables, ownHook, lock, comment }) => {
    const value: Record<string, unknown> = { ...top, ...(lock === undefined ? {} : { allow_managed_hooks_only: lock }), ...tables };
    if (ownHook) value.hooks = { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '/opt/it/audit.sh' }] }] };
    const text = stringifyToml(value);
    return `${comment ? '# Managed by IT\n' : ''}${text}${text === '' || text.endsWith('\n') ? '' : '\n'}`;
  });

describe("init --managed --host codex on any administrator's requirements.toml", () => {
  it('parses, locks, runs the bridge last on every event, is idempotent, and --uninstall restores every byte', () => {
    fc.assert(
      fc.property(adminFile, (own) => {
        const installed = planTomlInstall(host, own === '' ? undefined : own);
        const text = installed.text!;
        const parsed = parseToml(text) as { allow_managed_hooks_only: unknown; hooks: Record<string, { hooks: { command: string }[] }[]> };
        expect(parsed.allow_managed_hooks_only).toBe(true);
        for (const { name } of host.events) expect(parsed.hooks[name]!.at(-1)!.hooks[0]!.command).toBe(renderBridgeCommand(host, name));
        expect((parseToml(own) as { hooks?: { PreToolUse?: unknown[] } }).hooks?.PreToolUse?.[0] ?? null).toEqual(parsed.hooks.PreToolUse!.length === 2 ? parsed.hooks.PreToolUse![0] : null);
        expect(planTomlInstall(host, text).action).toBe('keep');
        const removed = planTomlUninstall(host, text);
        if (own.trim() === '') expect(removed.action).toBe('delete');
        else expect(removed.text).toBe(own);
      }),
      { numRuns: 200 },
    );
  });
});
