import { readFile } from 'node:fs/promises';

/** A shell command that appends its stdin (the host's payload, which has no trailing newline) as one line to `file`. */
export function describeRecorder(file: string): string {
  return `{ cat; echo; } >> '${file}'`;
}

/** The payloads a recorder wrote, in the order the host ran it; none when it never ran. */
export async function readRecorded(file: string): Promise<Record<string, unknown>[]> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
