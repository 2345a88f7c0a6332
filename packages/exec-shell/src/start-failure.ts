/**
 * Exits that mean the hook never ran, though the shell reports them as ordinary exits. Each needs
 * both its exit code and what the shell (or the interpreter) said on stderr, so a hook that ran
 * and chose the same code keeps it:
 * - 127 with a line ending in `not found` or `No such file or directory`: the command, the script,
 *   its `#!` interpreter (the kernel's ENOENT, reported by sh) or `/usr/bin/env`'s target is
 *   missing; `bash missing.sh` alike.
 * - 126 with a line ending in `Permission denied`, `Is a directory` or `cannot execute ...`: the
 *   file is there but cannot be executed.
 * - 1 with Node's "Cannot find module" for the entry script (`requireStack: []`): `node missing.js`.
 *   A missing dependency of a script that did start names a require stack and stays an exit 1.
 * Not here, on purpose: `python3 missing.py` exits 2 (as do dash's `sh missing.sh` and `perl
 * missing.pl`), which the response contract reads as a block; it stays a block (the safe side, and
 * what Claude Code does), never a softer failure.
 */
const START_FAILURES: readonly { code: number; line: RegExp }[] = [
  { code: 127, line: /^.*(?:not found|No such file or directory)$/m },
  { code: 126, line: /^.*(?:Permission denied|Is a directory|cannot execute.*)$/m },
  { code: 1, line: /^Error: Cannot find module '[^'\n]*'$(?=[\s\S]*^\s*code: 'MODULE_NOT_FOUND',\s*\n\s*requireStack: \[\]\s*$)/m },
];

/** How much of the line that says why is quoted. */
const MAX_QUOTED = 300;

/** Why a hook that exited with `code` and wrote `stderr` never ran (`could not start: exit 127: sh: 1: x: not found`), or undefined when it ran. */
export function describeStartFailure(code: number, stderr: string): string | undefined {
  for (const failure of START_FAILURES) {
    if (failure.code !== code) continue;
    const line = failure.line.exec(stderr)?.[0];
    if (line !== undefined) return `could not start: exit ${code}: ${clip(line.trim())}`;
  }
  return undefined;
}

function clip(text: string): string {
  return text.length <= MAX_QUOTED ? text : `${text.slice(0, MAX_QUOTED)}...`;
}
