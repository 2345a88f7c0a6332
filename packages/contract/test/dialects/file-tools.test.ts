import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readPayloadIn, renderPayload, splitFileCalls, toolNamesIn, type DialectName } from '../../src/index.js';
import { patchFileCalls, readPatch, writePatch } from '../../src/dialects/patch.js';
import type { CanonicalEvent } from '../../src/events.js';

// docs/hosts.md, "File tools": every host's file-writing tools reach a Claude Code hook as `Edit`
// or `Write` with `file_path`, and a patch of several files as one call per file.

interface Call { tool_name: string; tool_input: Record<string, unknown> }
interface ReadVector { name: string; dialect: DialectName; event: string; tool_name?: string; tool_input?: Record<string, unknown>; top?: Record<string, unknown>; canonical: Call; files?: Call[]; patch?: string }
interface RenderVector { name: string; dialect: DialectName; event: CanonicalEvent; canonical: Call; host: Record<string, unknown> }
interface NamesVector { name: string; dialect: DialectName; tool_name: string; patch: boolean; names: string[] }

const VECTORS = JSON.parse(readFileSync(new URL('../vectors/file-tools.json', import.meta.url), 'utf8')) as { read: ReadVector[]; render: RenderVector[]; names: NamesVector[] };
const CWD = '/work/project';

/** A host payload of the vector, in the host's own form. */
function hostPayload(vector: ReadVector): Record<string, unknown> {
  if (vector.top !== undefined) return { conversation_id: 'c1', hook_event_name: vector.event, cwd: CWD, ...vector.top };
  if (vector.dialect === 'copilot' && /^[a-z]/.test(vector.event)) return { sessionId: 's1', timestamp: 1, cwd: CWD, toolName: vector.tool_name, toolArgs: vector.tool_input };
  return { session_id: 's1', cwd: CWD, hook_event_name: vector.event, tool_name: vector.tool_name, tool_input: vector.tool_input };
}

/** The input without the fields every call of one patch shares (checked on the whole call only). */
function ownFields(input: Record<string, unknown>, keepShared: boolean): Record<string, unknown> {
  if (keepShared) return input;
  const { command: _command, file_paths: _paths, ...own } = input;
  return own;
}

describe('file tools read from each host', () => {
  it.each(VECTORS.read.map((vector) => [vector.name, vector] as const))('%s', (_name, vector) => {
    const read = readPayloadIn(vector.dialect, hostPayload(vector), vector.event);
    expect(read).toBeDefined();
    const payload = read!.payload;
    expect({ tool_name: payload.tool_name, tool_input: payload.tool_input }).toEqual(vector.canonical);
    const split = splitFileCalls({ name: String(payload.tool_name), input: payload.tool_input }, payload.cwd);
    if (vector.files === undefined) {
      expect(split).toBeUndefined();
      return;
    }
    expect(split?.map((call) => ({ tool_name: call.name, tool_input: ownFields(call.input as Record<string, unknown>, false) }))).toEqual(vector.files);
    // Every per-file call still holds the whole patch and every path (a Bash line stays itself).
    const files = split!.filter((call) => call.name !== 'Bash');
    for (const call of files) {
      expect((call.input as Record<string, unknown>).command).toBe(vector.patch ?? vector.canonical.tool_input.command);
      expect((call.input as Record<string, unknown>).file_paths).toEqual(vector.canonical.tool_input.file_paths ?? files.map((file) => (file.input as Record<string, unknown>).file_path));
    }
  });
});

describe('file tools shown to each dialect\'s hooks', () => {
  it.each(VECTORS.render.map((vector) => [vector.name, vector] as const))('%s', (_name, vector) => {
    const shown = JSON.parse(renderPayload(vector.dialect, vector.event, { session_id: 's1', cwd: CWD, ...vector.canonical }, new Date(0))) as Record<string, unknown>;
    expect(shown).toMatchObject(vector.host);
    if (vector.dialect === 'codex') expect(Object.keys(shown.tool_input as object)).toEqual(['command']);
  });
});

describe('the names a dialect\'s matchers test a file call against', () => {
  const PATCH = '*** Begin Patch\n*** Update File: a\n@@\n-a\n+b\n*** End Patch\n';
  it.each(VECTORS.names.map((vector) => [vector.name, vector] as const))('%s', (_name, vector) => {
    expect(toolNamesIn(vector.dialect, { name: vector.tool_name, input: vector.patch ? { file_path: '/a', command: PATCH } : { file_path: '/a' } })).toEqual(vector.names);
  });
});

describe('patches', () => {
  const line = fc.stringMatching(/^[^\n\r]{0,12}$/);
  const relative = fc.stringMatching(/^[a-z][a-z0-9_.]{0,6}(\/[a-z0-9_.]{1,6}){0,2}$/).filter((path) => !path.includes('..'));
  const file = fc.record({ kind: fc.constantFrom('Add', 'Update', 'Delete'), path: relative, lines: fc.array(line, { maxLength: 4 }) });

  it('property: every file a patch names is a call, in order, each with its absolute path, the whole patch and every path', () => {
    fc.assert(
      fc.property(fc.array(file, { minLength: 1, maxLength: 5 }), (files) => {
        const text = ['*** Begin Patch', ...files.flatMap((f) => [`*** ${f.kind} File: ${f.path}`, ...(f.kind === 'Add' ? f.lines.map((l) => `+${l}`) : f.kind === 'Update' ? ['@@', ...f.lines.map((l) => `-${l}`)] : [])]), '*** End Patch', ''].join('\n');
        const calls = patchFileCalls(text, CWD);
        expect(calls.map((call) => (call.input as Record<string, unknown>).file_path)).toEqual(files.map((f) => `${CWD}/${f.path.replace(/\/$/, '')}`.replace(/\/\.(?=\/|$)/g, '').replace(/\/+$/, '')));
        expect(calls.map((call) => call.name)).toEqual(files.map((f) => (f.kind === 'Add' ? 'Write' : 'Edit')));
        for (const call of calls) expect((call.input as Record<string, unknown>).command).toBe(text);
      }),
    );
  });

  it('property: a Write or Edit written as a patch reads back as the same call', () => {
    fc.assert(
      fc.property(fc.constantFrom('Write', 'Edit'), fc.array(line, { minLength: 1, maxLength: 4 }), fc.array(line, { minLength: 1, maxLength: 4 }), (name, first, second) => {
        const input = name === 'Write' ? { file_path: '/p/f', content: first.map((l) => `${l}\n`).join('') } : { file_path: '/p/f', old_string: first.join('\n'), new_string: second.join('\n') };
        const [call] = patchFileCalls(writePatch({ name, input })!, CWD);
        expect(call?.name).toBe(name);
        expect(call?.input).toMatchObject(input);
      }),
    );
  });

  it('reads nothing from a text that is not a patch, and never throws on odd lines', () => {
    expect(readPatch('*** Update File: a')).toEqual([]);
    expect(readPatch('*** Begin Patch\n+stray\n@@\n*** Move to: nowhere\n*** End Patch')).toEqual([]);
    expect(patchFileCalls('', CWD)).toEqual([]);
    expect(writePatch({ name: 'Edit', input: { old_string: 'a' } })).toBeUndefined();
  });
});
