import { UsageError } from '@hookwire/contract';
import type { Logger } from '@hookwire/runtime';
import { serve, SERVE_DEFAULTS } from '@hookwire/http-server';
import { VERSION } from '../version.js';
import type { BundleFlags } from '../command.js';
import { openBundleFeed } from '../bundle/open-feed.js';

/** The flags `hookwire serve` reads. */
export interface ServeFlags {
  host?: string;
  port?: string;
  'token-env'?: string;
  'max-inflight'?: string;
  log?: string;
  'log-omit-payloads'?: boolean;
  observe?: boolean;
}

function wholeNumber(flag: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max || value.trim() === '') throw new UsageError(`--${flag} must be a whole number from ${min} to ${max}, received ${JSON.stringify(value)}`);
  return n;
}

/** `hookwire serve` from its command-line flags. */
export function serveCommand(values: ServeFlags, configPaths: string[], logger: Logger, org: { orgConfigPaths: string[]; bundleRevision?: string; bundle?: BundleFlags } = { orgConfigPaths: [] }): Promise<number> {
  const tokenEnv = values['token-env'];
  if (tokenEnv !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(tokenEnv)) throw new UsageError(`--token-env must name an environment variable, received ${JSON.stringify(tokenEnv)}`);
  if (values.host === '') throw new UsageError('--host must not be empty');
  const port = wholeNumber('port', values.port, 0, 65535) ?? SERVE_DEFAULTS.port;
  const maxInflight = wholeNumber('max-inflight', values['max-inflight'], 1, 1_000_000) ?? SERVE_DEFAULTS.maxInflight;
  const bundleFeed = org.bundle === undefined ? undefined : openBundleFeed(org.bundle, logger);
  return serve({
    configPaths,
    ...(org.orgConfigPaths.length > 0 ? { orgConfigPaths: org.orgConfigPaths } : {}),
    ...(org.bundleRevision === undefined ? {} : { bundleRevision: org.bundleRevision }),
    host: values.host ?? SERVE_DEFAULTS.host,
    ...(bundleFeed === undefined ? {} : { bundleFeed }),
    port,
    maxInflight,
    ...(tokenEnv === undefined ? {} : { tokenEnv }),
    ...(values.log === undefined ? {} : { logPath: values.log }),
    ...(values['log-omit-payloads'] === true ? { logOmitsPayloads: true } : {}),
    ...(values.observe === true ? { observe: true } : {}),
    logger,
    version: VERSION,
  });
}
