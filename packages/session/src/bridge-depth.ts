/** The environment variable that marks a process as running under a `hookwire run` bridge. */
export const BRIDGE_DEPTH_VAR = 'HOOKWIRE_BRIDGE_DEPTH';

/** How many bridges this process runs under: 0 when the marker is absent or empty, 1 when it is not a whole number. */
export function readBridgeDepth(env: Readonly<Record<string, string | undefined>>): number {
  const value = env[BRIDGE_DEPTH_VAR]?.trim();
  if (value === undefined || value === '') return 0;
  const depth = Number(value);
  return Number.isSafeInteger(depth) && depth >= 0 ? depth : 1;
}
