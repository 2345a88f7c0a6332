import { resolve } from 'node:path';
import { ConfigError, createRuntime, type Logger, type Runtime } from '@hookwire/runtime';
import { locateConfig } from 'hookwire';

/** The runtime on the user's config, or why there is none: never a plugin that is silently off. */
export type Guard = { ok: true; runtime: Runtime; configPaths: string[] } | { ok: false; problem: string };

function describeLoadFailure(error: unknown): string {
  if (error instanceof ConfigError && error.diagnostics.length > 0) {
    const lines = error.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.file === undefined ? '' : `${d.file}: `}${d.path || '/'}: ${d.message}`);
    return `cannot load the config: ${error.message}${lines.length > 0 ? ` (${lines.join('; ')})` : ''}`;
  }
  return `cannot load the config: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * Loads the config the way `hookwire run` finds it — the given files (relative to the project
 * directory), else `$HOOKWIRE_CONFIG`, else the user config and the project's `.hookwire.json` —
 * into a runtime in this process. Resolves to the problem instead of rejecting.
 */
export async function loadGuard(options: { directory: string; config: string[] | undefined; env: Record<string, string | undefined>; logger: Logger }): Promise<Guard> {
  try {
    const explicit = options.config?.map((path) => resolve(options.directory, path));
    const configPaths = locateConfig({ explicit, env: options.env, cwd: options.directory });
    const runtime = await createRuntime({ configPath: configPaths, logger: options.logger, env: options.env });
    return { ok: true, runtime, configPaths };
  } catch (error) {
    return { ok: false, problem: describeLoadFailure(error) };
  }
}
