import { CommandUsageError, type Command } from '../command.js';
import { configPathsOf } from '../config-flag.js';

/** `hookwire replay`: re-runs a --log file's dispatches against a config. Its code is loaded only when it runs. */
export const replayCommand: Command = {
  name: 'replay',
  usage: 'hookwire replay --log FILE [--config FILE ...] [--json] [--only HOOK ...] [--skip HOOK ...]',
  summary:
    're-run the dispatches of a --log file against a config; print each decision that changed and the hooks that made the difference; exit 1 when any changed, 2 when it could not replay, 0 otherwise. Replayed hooks run for real: --only/--skip limit which run, the others answer as the log recorded them',
  options: {
    log: { type: 'string' },
    config: { type: 'string', multiple: true },
    json: { type: 'boolean' },
    only: { type: 'string', multiple: true },
    skip: { type: 'string', multiple: true },
  },
  async run(values, { logger }) {
    if (typeof values.log !== 'string') throw new CommandUsageError('hookwire replay: needs --log FILE (an audit log written by --log)', replayCommand.usage);
    const configPaths = configPathsOf(values, replayCommand);
    const { replay } = await import('../replay.js');
    return replay({
      logPath: values.log,
      configPaths,
      json: values.json === true,
      ...(values.only === undefined ? {} : { only: values.only as string[] }),
      ...(values.skip === undefined ? {} : { skip: values.skip as string[] }),
      logger,
    });
  },
};
