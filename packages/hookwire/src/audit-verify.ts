import { readFileSync } from 'node:fs';
import { CHAIN_FIELD, CHAIN_START, hashLine } from '@hookwire/session';

export type ChainReading = { ok: true; lines: number; head: string } | { ok: false; line: number; message: string };

/**
 * Checks an audit file's hash chain (docs/audit-log.md, "The chain"): every line must carry
 * `prev`, the hash of the line before it (of nothing for the first). An edited line breaks the
 * next line's `prev`; a removed or moved line breaks the `prev` where the order changed. Returns
 * the first broken line (1-based), or the number of lines and the hash of the last one (the head).
 */
export function verifyChain(bytes: Buffer): ChainReading {
  const lines: Buffer[] = [];
  let start = 0;
  for (let index = bytes.indexOf(0x0a); index !== -1; index = bytes.indexOf(0x0a, start)) {
    lines.push(bytes.subarray(start, index));
    start = index + 1;
  }
  if (start < bytes.length) return { ok: false, line: lines.length + 1, message: 'the last line has no newline: it was cut, or its writer died mid-line' };
  let expected = CHAIN_START;
  for (const [index, line] of lines.entries()) {
    const number = index + 1;
    let record: unknown;
    try {
      record = JSON.parse(line.toString('utf8'));
    } catch {
      return { ok: false, line: number, message: 'not a JSON line' };
    }
    const prev = typeof record === 'object' && record !== null ? (record as Record<string, unknown>)[CHAIN_FIELD] : undefined;
    if (typeof prev !== 'string') return { ok: false, line: number, message: `carries no "${CHAIN_FIELD}": written without the chain (before hookwire chained its audit lines), or inserted by hand` };
    if (prev !== expected) {
      return {
        ok: false,
        line: number,
        message:
          number === 1
            ? `its "${CHAIN_FIELD}" is ${prev}, not the start of a chain (${CHAIN_START}): the lines before it were removed`
            : `its "${CHAIN_FIELD}" is ${prev}, but line ${number - 1} hashes to ${expected}: line ${number - 1} was edited, or lines were removed or moved between them`,
      };
    }
    expected = hashLine(line);
  }
  return { ok: true, lines: lines.length, head: expected };
}

/** `hookwire audit verify FILE [--expect-head HASH]`: 0 intact, 1 broken (the line says where), 2 could not read. */
export function auditVerify(file: string, expectHead: string | undefined, out: { write(text: string): unknown } = process.stdout, err: { write(text: string): unknown } = process.stderr): number {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new Error(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, { cause: error });
  }
  const reading = verifyChain(bytes);
  if (!reading.ok) {
    err.write(`hookwire audit verify: ${file}:${reading.line}: broken chain: ${reading.message}\n`);
    return 1;
  }
  if (expectHead !== undefined && expectHead !== reading.head) {
    err.write(`hookwire audit verify: ${file}: the chain holds but ends at ${reading.head}, not at the expected head ${expectHead}: lines were removed from its end, or it was rewritten\n`);
    return 1;
  }
  out.write(`${file}: ${reading.lines} line(s), chain intact, head ${reading.head}\n`);
  return 0;
}
