import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';

/** What a policy test expects of a dispatch (docs/policy-tests.md). Every field given must hold. */
export interface CaseExpectation {
  decision?: 'allow' | 'ask' | 'deny' | 'none';
  /** A substring of the outcome's reason (of rawReason when the decision was downgraded). */
  reason?: string;
  /** A substring of one of the outcome's additionalContext entries. */
  context?: string;
  /** The hook that decided: an enforced hook whose own decision is the outcome's. */
  decidedBy?: string;
  continue?: boolean;
}

/** One policy test, read and resolved: its payload loaded, its place named. */
export interface PolicyCase {
  /** `file: name` (or `file#n` for unnamed cases). */
  title: string;
  event: string;
  payload: Record<string, unknown>;
  subject?: string;
  expect: CaseExpectation;
}

export type CaseReading = { ok: true; cases: PolicyCase[] } | { ok: false; message: string };

const DECISIONS = ['allow', 'ask', 'deny', 'none'];
const CASE_KEYS = ['name', 'event', 'payload', 'subject', 'expect'];
const EXPECT_KEYS = ['decision', 'reason', 'context', 'decidedBy', 'continue'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function readJson(path: string): Promise<unknown> {
  return JSON.parse(await readFile(path, 'utf8')) as unknown;
}

/** The test files a path names: a file as given, a folder's `*.test.json` files at any depth, sorted. */
async function testFilesOf(path: string): Promise<string[]> {
  if (!(await stat(path)).isDirectory()) return [path];
  const entries = await readdir(path, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.json'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

function checkExpectation(value: unknown, where: string): string | undefined {
  if (!isRecord(value)) return `${where}: "expect" must be an object { decision?, reason?, context?, decidedBy?, continue? }`;
  const unknown = Object.keys(value).filter((key) => !EXPECT_KEYS.includes(key));
  if (unknown.length > 0) return `${where}: unknown key "expect.${unknown[0]}" (known: ${EXPECT_KEYS.join(', ')})`;
  if (Object.keys(value).length === 0) return `${where}: "expect" names nothing to check`;
  if (value.decision !== undefined && !DECISIONS.includes(value.decision as string)) return `${where}: "expect.decision" must be one of ${DECISIONS.join(', ')}`;
  for (const key of ['reason', 'context', 'decidedBy']) {
    if (value[key] !== undefined && typeof value[key] !== 'string') return `${where}: "expect.${key}" must be a string`;
  }
  if (value.continue !== undefined && typeof value.continue !== 'boolean') return `${where}: "expect.continue" must be true or false`;
  return undefined;
}

/**
 * A case's payload: given inline, or a path (relative to the test file) to a JSON payload or to an
 * audit record (`"v": 1`, one line of a --log file saved as a file), whose payload, event and
 * subject it takes.
 */
async function payloadOf(raw: Record<string, unknown>, file: string, where: string): Promise<{ payload: Record<string, unknown>; event?: string; subject?: string } | string> {
  if (isRecord(raw.payload)) return { payload: raw.payload };
  if (typeof raw.payload !== 'string') return `${where}: "payload" must be an object, or the path of a JSON payload or audit record`;
  const path = resolve(dirname(file), raw.payload);
  let value: unknown;
  try {
    value = await readJson(path);
  } catch (error) {
    return `${where}: cannot read the payload ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`;
  }
  if (!isRecord(value)) return `${where}: the payload ${path} is not a JSON object`;
  if (value.v === 1 && isRecord(value.payload) && typeof value.event === 'string') {
    return { payload: value.payload, event: value.event, ...(typeof value.subject === 'string' ? { subject: value.subject } : {}) };
  }
  return { payload: value };
}

async function readCase(raw: unknown, file: string, index: number, shown: string): Promise<PolicyCase | string> {
  const where = `${shown}#${index + 1}`;
  if (!isRecord(raw)) return `${where}: a case must be an object { name?, event, payload, subject?, expect }`;
  const unknown = Object.keys(raw).filter((key) => !CASE_KEYS.includes(key));
  if (unknown.length > 0) return `${where}: unknown key "${unknown[0]}" (known: ${CASE_KEYS.join(', ')})`;
  if (raw.name !== undefined && typeof raw.name !== 'string') return `${where}: "name" must be a string`;
  const bad = checkExpectation(raw.expect, where);
  if (bad !== undefined) return bad;
  const loaded = await payloadOf(raw, file, where);
  if (typeof loaded === 'string') return loaded;
  const event = typeof raw.event === 'string' ? raw.event : loaded.event;
  if (event === undefined) return `${where}: "event" is required (a canonical name or a Claude Code name)`;
  const subject = typeof raw.subject === 'string' ? raw.subject : loaded.subject;
  return {
    title: `${shown}: ${typeof raw.name === 'string' ? raw.name : `case ${index + 1}`}`,
    event,
    payload: loaded.payload,
    ...(subject === undefined ? {} : { subject }),
    expect: raw.expect as CaseExpectation,
  };
}

/**
 * Reads the policy tests the paths name: each file holds one case, an array of cases, or
 * `{ "cases": [...] }`. A file that cannot be read or holds a malformed case makes the whole reading
 * fail, naming the place: a test suite that skipped what it could not read would pass by accident.
 */
export async function readPolicyCases(paths: readonly string[]): Promise<CaseReading> {
  const cases: PolicyCase[] = [];
  for (const path of paths) {
    let files: string[];
    try {
      files = await testFilesOf(path);
    } catch (error) {
      return { ok: false, message: `cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` };
    }
    for (const file of files) {
      const shown = relative(process.cwd(), file) || file;
      let value: unknown;
      try {
        value = await readJson(file);
      } catch (error) {
        return { ok: false, message: `cannot read ${shown}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` };
      }
      const list = Array.isArray(value) ? value : isRecord(value) && Array.isArray(value.cases) ? value.cases : [value];
      for (let i = 0; i < list.length; i++) {
        const read = await readCase(list[i], file, i, shown);
        if (typeof read === 'string') return { ok: false, message: read };
        cases.push(read);
      }
    }
  }
  if (cases.length === 0) return { ok: false, message: `no policy tests found in ${paths.join(', ')} (a folder's tests are its *.test.json files)` };
  return { ok: true, cases };
}
