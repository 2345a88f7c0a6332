import type { HostProfile } from '../hosts.js';
import { DEFAULT_LAYOUT, detectLayout, parseJsonText, stringifyJson, type JsonLayout } from './json-layout.js';
import { appendMember, removeMember } from './json-text-edit.js';
import { addBridge, isInitBridgeHook, removeBridge } from './settings-bridge.js';

type Json = Record<string, unknown>;
type Groups = { hooks?: unknown[] }[];

/** A settings file's text after adding or removing the bridge, and the object it now holds. */
export interface SettingsTextEdit {
  text: string;
  settings: Json;
  changed: string[];
  alreadyBridged: string[];
}

/** Parses a settings file's text: a JSON object, or an error naming the file (and line and column). */
export function readSettings(text: string, file: string): Json {
  const value = parseJsonText(text, file);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${file} must hold a JSON object`);
  return value as Json;
}

/**
 * The edited text when it parses to exactly the object the edit means (keys in order), else the
 * object written whole in the file's layout: the text edits keep the user's formatting, and this
 * keeps them honest.
 */
function settle(edited: string, intended: Json, layout: JsonLayout): string {
  try {
    if (JSON.stringify(JSON.parse(edited)) === JSON.stringify(intended)) return edited;
  } catch {
    // Fall through to the whole rewrite.
  }
  return stringifyJson(intended, layout);
}

/**
 * Adds the bridge to a settings file's text (`undefined`: no file yet) by appending members only,
 * so every byte of the user's stays where it was.
 */
export function addBridgeToText(text: string | undefined, host: HostProfile, file: string, projectDir?: string): SettingsTextEdit {
  // A file init creates starts with the host's header (Copilot CLI and Cursor: `version: 1`).
  const before = text === undefined ? { ...host.header } : readSettings(text, file);
  const edit = addBridge(before, host, file, projectDir);
  if (text === undefined) return { ...edit, text: stringifyJson(edit.settings, DEFAULT_LAYOUT) };
  if (edit.changed.length === 0) return { ...edit, text };
  const layout = detectLayout(text);
  // A hook rewritten in place is not an append: the file is written whole, in its own layout.
  if (edit.refreshed.length > 0) return { ...edit, text: stringifyJson(edit.settings, layout) };
  const hooks = edit.settings.hooks as Record<string, Groups>;
  let edited = text;
  if (before.hooks === undefined) {
    edited = appendMember(edited, [], 'hooks', hooks, layout);
  } else {
    const existing = before.hooks as Record<string, unknown>;
    for (const event of edit.changed) {
      const entry = hooks[event]!.at(-1);
      edited = existing[event] === undefined ? appendMember(edited, ['hooks'], event, [entry], layout) : appendMember(edited, ['hooks', event], undefined, entry, layout);
    }
  }
  return { ...edit, text: settle(edited, edit.settings, layout) };
}

/** The first place an init hook sits: its event, entry and index, and whether the entry holds only init's hooks (in a flat layout the entry is the hook). */
function findInitHook(settings: Json, host: HostProfile): { event: string; group: number; hook: number; whole: boolean } | undefined {
  for (const [event, groups] of Object.entries((settings.hooks as Record<string, Groups> | undefined) ?? {})) {
    if (host.layout === 'flat') {
      const group = groups.findIndex((candidate) => isInitBridgeHook(candidate, host));
      if (group !== -1) return { event, group, hook: 0, whole: true };
      continue;
    }
    for (const [group, entry] of groups.entries()) {
      const hooks = Array.isArray(entry?.hooks) ? entry.hooks : [];
      const hook = hooks.findIndex((candidate) => isInitBridgeHook(candidate, host));
      if (hook !== -1) return { event, group, hook, whole: hooks.every((candidate) => isInitBridgeHook(candidate, host)) };
    }
  }
  return undefined;
}

/** Removes every init hook from a settings file's text, and what that leaves empty, cutting members only. */
export function removeBridgeFromText(text: string, host: HostProfile, file: string): SettingsTextEdit {
  const before = readSettings(text, file);
  const edit = removeBridge(before, host, file);
  if (edit.changed.length === 0) return { ...edit, text };
  let edited = text;
  for (let found = findInitHook(before, host); found !== undefined; found = findInitHook(JSON.parse(edited) as Json, host)) {
    const { event, group, hook, whole } = found;
    edited = removeMember(edited, whole ? ['hooks', event, group] : ['hooks', event, group, 'hooks', hook]);
    const now = JSON.parse(edited) as { hooks: Record<string, unknown[]> };
    if (now.hooks[event]!.length === 0) edited = removeMember(edited, ['hooks', event]);
    if (Object.keys((JSON.parse(edited) as { hooks: object }).hooks).length === 0) edited = removeMember(edited, ['hooks']);
  }
  return { ...edit, text: settle(edited, edit.settings, detectLayout(text)) };
}
