import { DIALECT_NAMES, isDialectName, resolveEventIn, type DialectName } from '@hookwire/contract';
import { runBridge } from '../bridge/run-bridge.js';
import { AUDIT_FLAGS, AUDIT_USAGE, findFlagValue, ORG_CONFIG_FLAGS, ORG_CONFIG_USAGE, readPositiveNumber, type Command } from '../command.js';

/**
 * `hookwire run`: the one-shot bridge. Its command-line mistakes are not usage errors: a host reads
 * exit 2 as a block, so a typo in the settings line would block every event. The bridge answers
 * them like any other failure of its own (docs/bridge.md, "When the bridge cannot work").
 */
export const runCommand: Command = {
  name: 'run',
  machine: true,
  usage: `hookwire run [--config FILE ...] ${ORG_CONFIG_USAGE} [--dialect ${DIALECT_NAMES.join('|')}] [--event NAME] [--pass-allow] [--budget SECONDS] [--on-error warn|block] ${AUDIT_USAGE} [--observe]`,
  summary: 'one-shot bridge: read one hook payload on stdin, run every configured hook, answer as the host expects',
  options: {
    config: { type: 'string', multiple: true },
    ...ORG_CONFIG_FLAGS,
    dialect: { type: 'string' },
    event: { type: 'string' },
    'pass-allow': { type: 'boolean' },
    budget: { type: 'string' },
    'on-error': { type: 'string' },
    ...AUDIT_FLAGS,
    observe: { type: 'boolean' },
  },
  answersMistakes: true,
  async run(values, { logger, argv, problem }) {
    const problems = problem === undefined ? [] : [problem];
    // When the command line could not be parsed, --on-error and --log are still honoured if they can be found.
    const given = problem === undefined ? values : { 'on-error': findFlagValue(argv, 'on-error'), log: findFlagValue(argv, 'log') };
    let onError: 'warn' | 'block' = 'warn';
    const onErrorFlag = given['on-error'];
    if (onErrorFlag === 'block' || onErrorFlag === 'warn') onError = onErrorFlag;
    else if (onErrorFlag !== undefined) problems.push(`--on-error must be warn or block, received ${JSON.stringify(onErrorFlag)}, so it is taken as warn`);
    // When the command line could not be parsed, --dialect is still honoured if it can be found: the failure is answered in the host's form.
    const dialectFlag = problem === undefined ? values.dialect : findFlagValue(argv, 'dialect');
    let dialect: DialectName = 'claude';
    if (isDialectName(dialectFlag)) dialect = dialectFlag;
    else if (dialectFlag !== undefined && problem === undefined) {
      problems.push(`--dialect must be one of ${DIALECT_NAMES.join(', ')}, received ${JSON.stringify(dialectFlag)}`);
    }
    const eventFlag = problem === undefined ? values.event : undefined;
    if (typeof eventFlag === 'string' && resolveEventIn(dialect, eventFlag) === undefined) {
      problems.push(`--event must be one of the ${dialect} dialect's event names, received ${JSON.stringify(eventFlag)}`);
    }
    const budget = problem === undefined ? readPositiveNumber('budget', values.budget) : { ok: true as const, value: undefined };
    if (!budget.ok) problems.push(budget.message);
    // Without --config the bridge looks the config up itself (a missing one is a failure of the bridge, not of the command line).
    const configPaths = values.config as string[] | undefined;
    // The organisation's layer is honoured even when the command line could not be parsed: a typo must not switch it off.
    const orgConfig = problem === undefined ? values['org-config'] : findFlagValue(argv, 'org-config');
    const logPath = typeof given.log === 'string' ? given.log : undefined;
    return runBridge({
      ...(configPaths === undefined ? {} : { configPaths }),
      ...(typeof orgConfig === 'string' ? { orgConfigPath: orgConfig } : {}),
      dialect,
      ...(typeof eventFlag === 'string' ? { eventName: eventFlag } : {}),
      passAllow: values['pass-allow'] === true,
      onError,
      ...(problem === undefined && values.observe === true ? { observe: true } : {}),
      ...(budget.ok && budget.value !== undefined ? { budgetMs: budget.value * 1000 } : {}),
      ...(logPath === undefined ? {} : { logPath }),
      ...(problem === undefined && values['log-omit-payloads'] === true ? { logOmitsPayloads: true } : {}),
      ...(problems.length === 0 ? {} : { problem: `the command line is wrong: ${problems.join('; ')}` }),
      logger,
    });
  },
};
