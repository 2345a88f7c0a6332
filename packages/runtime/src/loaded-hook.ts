import type { HookSpec } from '@hookwire/contract';

/** A configured hook ready to be selected: its spec, its config's folder, its place in the config and its precompiled matcher. */
export interface LoadedHook {
  readonly spec: HookSpec;
  readonly configDir: string;
  /** The config file the hook was read from, for configs read from files. */
  readonly file?: string;
  readonly order: number;
  readonly matches: (subject: string | undefined) => boolean;
  /** The compiled regular expression, when the matcher is one (long subjects are matched off the thread). */
  readonly regex?: RegExp;
}
