/** The JSON objects with a string `type` among a host's stdout lines; other lines (warnings, banners) are skipped. */
export function parseJsonLines<T extends { type: string }>(stdout: string): T[] {
  return stdout.split('\n').flatMap((line) => {
    if (!line.startsWith('{')) return [];
    try {
      const event = JSON.parse(line) as T;
      return typeof event.type === 'string' ? [event] : [];
    } catch {
      return [];
    }
  });
}
