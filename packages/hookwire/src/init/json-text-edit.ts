import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';
import type { JsonLayout } from './json-layout.js';

/** Where a value sits in a JSON document: object keys and array indexes from the root. */
export type JsonPath = (string | number)[];

function locateEnd(node: Node): number {
  return node.offset + node.length;
}

function findContainer(text: string, path: JsonPath): Node {
  const root = parseTree(text);
  const node = root === undefined ? undefined : path.length === 0 ? root : findNodeAtLocation(root, path);
  if (node === undefined || (node.type !== 'object' && node.type !== 'array')) throw new Error(`no object or array at /${path.join('/')}`);
  return node;
}

/** The indentation of the line that holds `offset`. */
function readLineIndent(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start))![0];
}

/** JSON on one line, with a space after `:` and `,` when `spaced` (as `{"matcher": "*"}` is written). */
function renderCompact(value: unknown, spaced: boolean): string {
  const comma = spaced ? ', ' : ',';
  if (Array.isArray(value)) return `[${value.map((item) => renderCompact(item, spaced)).join(comma)}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}${spaced ? ': ' : ':'}${renderCompact(item, spaced)}`).join(comma)}}`;
  }
  return JSON.stringify(value);
}

/** A member as its siblings are written: on its own indented lines, or compact on one line. */
function renderMember(key: string | undefined, value: unknown, style: { multiline: boolean; indent: string; spaced: boolean }, layout: JsonLayout): string {
  const name = key === undefined ? '' : `${JSON.stringify(key)}${style.multiline || style.spaced ? ': ' : ':'}`;
  const body = style.multiline ? JSON.stringify(value, null, layout.indent).split('\n').join(layout.eol + style.indent) : renderCompact(value, style.spaced);
  return name + body;
}

/**
 * Appends a member (`key` for an object, none for an array) to the object or array at `path`,
 * writing it the way the last member is written; nothing else of the text changes.
 */
export function appendMember(text: string, path: JsonPath, key: string | undefined, value: unknown, layout: JsonLayout): string {
  const container = findContainer(text, path);
  const children = container.children ?? [];
  const last = children.at(-1);
  if (last === undefined) {
    const multiline = text.includes('\n');
    const outer = readLineIndent(text, container.offset);
    const member = renderMember(key, value, { multiline, indent: outer + layout.indent, spaced: /[:,] /.test(text) }, layout);
    const inner = multiline ? `${layout.eol}${outer}${layout.indent}${member}${layout.eol}${outer}` : member;
    return text.slice(0, container.offset + 1) + inner + text.slice(locateEnd(container) - 1);
  }
  const leadStart = children.length >= 2 ? locateEnd(children.at(-2)!) : container.offset + 1;
  const lead = text.slice(leadStart, last.offset);
  const space = lead.slice(lead.lastIndexOf(',') + 1);
  const multiline = space.includes('\n');
  const spaced = /[:,] /.test(text.slice(last.offset, locateEnd(last))) || (children.length === 1 ? /[:,] /.test(text) : space !== '');
  const style = { multiline, indent: multiline ? space.slice(space.lastIndexOf('\n') + 1) : '', spaced };
  // A lone member gives no separator to copy: a file written with spaces gets `, `.
  const separator = !multiline && children.length === 1 && spaced ? ' ' : space;
  return `${text.slice(0, locateEnd(last))},${separator}${renderMember(key, value, style, layout)}${text.slice(locateEnd(last))}`;
}

/**
 * Removes the member at `path` (an object key or an array index) with the separator before it
 * (after it, for a first member), so that removing what `appendMember` added gives back the text.
 * The only member of a container leaves it empty: `{}` or `[]`.
 */
export function removeMember(text: string, path: JsonPath): string {
  const root = parseTree(text);
  const found = root === undefined ? undefined : findNodeAtLocation(root, path);
  const node = found !== undefined && typeof path.at(-1) === 'string' ? found.parent : found;
  const container = node?.parent;
  if (node === undefined || container === undefined) throw new Error(`no member at /${path.join('/')}`);
  const siblings = container.children!;
  const index = siblings.indexOf(node);
  if (siblings.length === 1) return text.slice(0, container.offset + 1) + text.slice(locateEnd(container) - 1);
  if (index > 0) return text.slice(0, locateEnd(siblings[index - 1]!)) + text.slice(locateEnd(node));
  return text.slice(0, node.offset) + text.slice(siblings[1]!.offset);
}
