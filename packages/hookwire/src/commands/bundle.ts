import { suggest } from '@hookwire/contract';
import { CommandUsageError, type Command, type FlagValues } from '../command.js';

/** Which flags each verb of `hookwire bundle` takes: any other is a usage error naming the verb. */
const VERB_FLAGS: Record<string, readonly string[]> = {
  build: ['out', 'revision'],
  sign: ['key'],
  verify: ['key'],
  pull: ['bundle-key', 'cache'],
};

/** `hookwire bundle build|sign|verify|pull`: signed policy bundles (docs/fleet.md). Its code is loaded only when it runs. */
export const bundleCommand: Command = {
  name: 'bundle',
  usage:
    'hookwire bundle build DIR --out FILE [--revision REV]\n  hookwire bundle sign FILE --key PRIVATE.pem\n  hookwire bundle verify FILE --key PUBLIC.pem\n  hookwire bundle pull URL|FILE --bundle-key PUBLIC.pem [--cache DIR]',
  summary:
    "policy bundles: build packs DIR's .hookwire.json with every file it references, sign signs its manifest (Ed25519, a DSSE envelope), verify exits 0 when the signature and every file hold and 1 (saying why) when not, pull verifies a bundle and makes it the organisation layer `run` loads from the cache",
  options: {
    out: { type: 'string' },
    revision: { type: 'string' },
    key: { type: 'string' },
    'bundle-key': { type: 'string' },
    cache: { type: 'string' },
  },
  takesArguments: true,
  async run(values: FlagValues, { args = [] }) {
    const [verb, target, ...extra] = args;
    if (verb === undefined || !Object.hasOwn(VERB_FLAGS, verb)) {
      const near = verb === undefined ? undefined : suggest(verb, Object.keys(VERB_FLAGS));
      throw new CommandUsageError(
        verb === undefined ? 'hookwire bundle: needs build, sign, verify or pull' : `hookwire bundle: unknown verb ${JSON.stringify(verb)}${near === undefined ? '' : `; did you mean ${JSON.stringify(near)}?`}`,
        bundleCommand.usage,
      );
    }
    const allowed = VERB_FLAGS[verb]!;
    const stray = Object.keys(values).find((flag) => values[flag] !== undefined && !allowed.includes(flag));
    if (stray !== undefined) throw new CommandUsageError(`hookwire bundle ${verb}: --${stray} is not a flag of bundle ${verb} (it takes ${allowed.map((flag) => `--${flag}`).join(', ')})`, bundleCommand.usage);
    if (target === undefined) throw new CommandUsageError(`hookwire bundle ${verb}: needs ${verb === 'build' ? 'DIR' : verb === 'pull' ? 'URL or FILE' : 'FILE'}`, bundleCommand.usage);
    if (extra.length > 0) throw new CommandUsageError(`hookwire bundle ${verb}: unexpected argument ${JSON.stringify(extra[0])}`, bundleCommand.usage);
    const need = (flag: string, what: string): string => {
      const value = values[flag];
      if (typeof value !== 'string' || value === '') throw new CommandUsageError(`hookwire bundle ${verb}: needs --${flag} ${what}`, bundleCommand.usage);
      return value;
    };
    const { runBundleVerb } = await import('../bundle/run-bundle.js');
    switch (verb) {
      case 'build':
        return runBundleVerb({ verb, dir: target, out: need('out', 'FILE'), ...(typeof values.revision === 'string' ? { revision: values.revision } : {}) });
      case 'sign':
        return runBundleVerb({ verb, file: target, key: need('key', 'PRIVATE.pem') });
      case 'verify':
        return runBundleVerb({ verb, file: target, key: need('key', 'PUBLIC.pem') });
      default:
        return runBundleVerb({ verb: 'pull', source: target, key: need('bundle-key', 'PUBLIC.pem'), ...(typeof values.cache === 'string' ? { cache: values.cache } : {}) });
    }
  },
};
