import { ConfigError } from '@hookwire/contract';
import { createRuntime, type DispatchResult, type Logger, type Runtime } from '@hookwire/runtime';
import { decidersOf } from '@hookwire/runtime';
import { formatDiagnostics } from './format.js';
import { readPolicyCases, type CaseExpectation, type PolicyCase } from './policy-cases.js';

export interface PolicyTestOptions {
  paths: string[];
  configPaths: string[];
  logger: Logger;
  write?: (text: string) => void;
}

/** What failed of an expectation, one line each; empty when the dispatch met it. */
export function checkCase(expect: CaseExpectation, result: DispatchResult): string[] {
  const { outcome } = result;
  const problems: string[] = [];
  if (expect.decision !== undefined && outcome.decision !== expect.decision) {
    problems.push(`decision: expected ${expect.decision}, got ${outcome.decision}${outcome.downgraded ? ` (downgraded from ${outcome.rawDecision})` : ''}`);
  }
  const reason = outcome.reason ?? outcome.rawReason;
  if (expect.reason !== undefined && !(reason ?? '').includes(expect.reason)) {
    problems.push(`reason: expected it to contain ${JSON.stringify(expect.reason)}, got ${reason === undefined ? 'no reason' : JSON.stringify(reason)}`);
  }
  if (expect.context !== undefined && !outcome.additionalContext.some((text) => text.includes(expect.context!))) {
    problems.push(`context: expected an additionalContext containing ${JSON.stringify(expect.context)}, got ${JSON.stringify(outcome.additionalContext)}`);
  }
  if (expect.decidedBy !== undefined) {
    const deciders = decidersOf(result);
    if (!deciders.includes(expect.decidedBy)) problems.push(`decidedBy: expected ${expect.decidedBy}, decided by ${deciders.length === 0 ? 'no hook' : deciders.join(', ')}`);
  }
  if (expect.continue !== undefined && outcome.continue !== expect.continue) problems.push(`continue: expected ${expect.continue}, got ${outcome.continue}`);
  return problems;
}

/** A TAP 14 YAML block's line, for a string that may hold anything. */
function yamlLine(key: string, value: string): string {
  return `  ${key}: ${JSON.stringify(value)}`;
}

async function runCase(runtime: Runtime, item: PolicyCase): Promise<string[]> {
  try {
    const result = await runtime.dispatch(item.event, item.payload, item.subject === undefined ? {} : { subject: item.subject });
    return checkCase(item.expect, result);
  } catch (error) {
    return [`the dispatch failed: ${error instanceof Error ? error.message : String(error)}`];
  }
}

/**
 * `hookwire test`: runs policy tests (cases of event, payload and expected decision) against a
 * config and reports in TAP. Exit 0 when every case passes, 1 when one fails, 2 when the tests or
 * the config cannot be read. The hooks run for real.
 */
export async function runPolicyTests(options: PolicyTestOptions): Promise<number> {
  const write = options.write ?? ((text: string) => process.stdout.write(text));
  const reading = await readPolicyCases(options.paths);
  if (!reading.ok) {
    options.logger.error(reading.message);
    return 2;
  }
  let runtime: Runtime;
  try {
    runtime = await createRuntime({ configPath: options.configPaths, logger: options.logger });
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(formatDiagnostics(error.diagnostics));
      options.logger.error(error.message);
      return 2;
    }
    throw error;
  }
  const lines = ['TAP version 14', `1..${reading.cases.length}`];
  let failed = 0;
  try {
    for (const [index, item] of reading.cases.entries()) {
      const problems = await runCase(runtime, item);
      if (problems.length === 0) {
        lines.push(`ok ${index + 1} - ${item.title}`);
        continue;
      }
      failed++;
      lines.push(`not ok ${index + 1} - ${item.title}`, '  ---', yamlLine('event', item.event), '  problems:', ...problems.map((p) => `    - ${JSON.stringify(p)}`), '  ...');
    }
  } finally {
    await runtime.close();
  }
  const passed = reading.cases.length - failed;
  lines.push(`# ${passed} passed, ${failed} failed, against ${runtime.configDigest}`);
  write(`${lines.join('\n')}\n`);
  return failed > 0 ? 1 : 0;
}
