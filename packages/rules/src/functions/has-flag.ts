/**
 * Whether an argv carries a flag. One letter ('r') matches it alone or inside a cluster of short
 * flags ('-r', '-rf', '-fr', '-Rfv'); a longer name ('recursive') matches '--recursive' and
 * '--recursive=...'; a name given with its dashes ('-delete', '--force') matches that word
 * exactly (or with '=value'). Reading stops at '--'.
 */
export function hasFlag(args: readonly string[], name: string): boolean {
  if (name.length === 0) return false;
  const literal = name.startsWith('-') ? name : name.length === 1 ? undefined : `--${name}`;
  for (const arg of args) {
    if (arg === '--') return false;
    if (literal !== undefined) {
      if (arg === literal || arg.startsWith(`${literal}=`)) return true;
    } else if (isShortCluster(arg) && arg.includes(name)) {
      return true;
    }
  }
  return false;
}

function isShortCluster(arg: string): boolean {
  return arg.length >= 2 && arg[0] === '-' && arg[1] !== '-' && /^-[A-Za-z0-9]+$/.test(arg);
}
