import { CommandUsageError, type Command } from '../command.js';

/** `hookwire rules`: the rules a config switches on with their modes, or how hookwire reads one action and which rules it meets. Its code is loaded only when it runs. */
export const rulesCommand: Command = {
  name: 'rules',
  usage: 'hookwire rules [--config FILE ...] [--json]\n  hookwire rules [--config FILE ...] [--tool NAME] [--event NAME] [--json] "LINE" | \'{"file_path": ...}\'',
  summary:
    "list the rules the config's rule hooks switch on (hookwire:recommended without a config), with category, severity and mode; given a shell line (or a tool's input as JSON with --tool), show how hookwire parses it and which rules it meets, exit 1 when one denies or asks",
  options: {
    config: { type: 'string', multiple: true },
    tool: { type: 'string' },
    event: { type: 'string' },
    json: { type: 'boolean' },
  },
  takesArguments: true,
  async run(values, { logger, args = [] }) {
    if (args.length > 1) throw new CommandUsageError(`hookwire rules: one action at a time, received ${args.length} arguments (quote the shell line)`, rulesCommand.usage);
    const { rulesReport } = await import('../rules-report.js');
    return rulesReport({
      ...(values.config === undefined ? {} : { configPaths: values.config as string[] }),
      ...(typeof values.tool === 'string' ? { tool: values.tool } : {}),
      ...(typeof values.event === 'string' ? { event: values.event } : {}),
      ...(args[0] === undefined ? {} : { action: args[0] }),
      json: values.json === true,
      logger,
    });
  },
};
