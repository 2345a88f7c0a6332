/** The program name a command runs: the last path segment ('/bin/rm' and './rm' give 'rm'). */
export function normalizeProgram(value: string): string {
  const slash = value.lastIndexOf('/');
  return slash === -1 ? value : value.slice(slash + 1);
}
