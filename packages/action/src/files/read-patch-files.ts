import type { FileOp } from '../types.js';

/** A file named in an apply_patch envelope. */
export interface PatchedFile {
  path: string;
  op: FileOp;
}

const HEADER = /^\*\*\* (Add|Update|Delete) File: (.+)$|^\*\*\* Move to: (.+)$/;

/**
 * Every file of a Codex apply_patch envelope (`*** Begin Patch` ... `*** End Patch`): Add and Update
 * write, Delete deletes, `*** Move to:` writes its target (the source of a move is deleted).
 */
export function readPatchFiles(patch: string): PatchedFile[] {
  const files: PatchedFile[] = [];
  for (const rawLine of patch.split('\n')) {
    const match = HEADER.exec(rawLine.replace(/\r$/, '').trim());
    if (match === null) continue;
    const [, kind, target, moved] = match;
    if (moved !== undefined) {
      const source = files.at(-1);
      if (source !== undefined && source.op === 'write') files.push({ path: source.path, op: 'delete' });
      files.push({ path: moved.trim(), op: 'write' });
    } else {
      files.push({ path: target!.trim(), op: kind === 'Delete' ? 'delete' : 'write' });
    }
  }
  return files;
}
