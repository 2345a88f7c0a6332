/** The destination branch a git push refspec names: '+main' → 'main', 'HEAD:refs/heads/x' → 'x'. */
export function branchOf(refspec: string): string {
  let ref = refspec.startsWith('+') ? refspec.slice(1) : refspec;
  const colon = ref.lastIndexOf(':');
  if (colon >= 0) ref = ref.slice(colon + 1);
  if (ref.startsWith('+')) ref = ref.slice(1);
  return ref.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : ref;
}
