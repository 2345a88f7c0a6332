/** Quotes a word for `sh`: single quotes, with each `'` written `'\''`. */
export function quote(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}
