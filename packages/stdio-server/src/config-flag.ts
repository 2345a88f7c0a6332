import { CommandUsageError, type Command, type FlagValues } from './command.js';

/** The `--config` files a command was given; none is a usage error naming the command. */
export function configPathsOf(values: FlagValues, command: Command): string[] {
  const paths = values.config as string[] | undefined;
  if (!paths || paths.length === 0) throw new CommandUsageError(`hookwire ${command.name} needs --config FILE`, command.usage);
  return paths;
}
