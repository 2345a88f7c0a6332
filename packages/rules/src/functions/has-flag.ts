/** Short options that take a value, per program or 'program sub': in '-bfeature' the 'b' ends the flags. */
const SHORT_WITH_VALUE: Record<string, string> = {
  'git checkout': 'bBU', 'git switch': 'cC', 'git commit': 'mFCcSt', 'git branch': 'u', 'git push': 'o', 'git clean': 'e',
  'git stash': 'm', 'git worktree': 'bB', 'git reset': '', 'git restore': 's', 'git tag': 'mFu',
  kill: 'sn', pkill: 'uUgGPstF', killall: 'su', crontab: 'u', psql: 'cdhUpfv', mysql: 'ehuPpDS', 'redis-cli': 'hpnau',
  chmod: '', chown: '', rm: '', tar: 'fCTXb', curl: 'oOdXHuFTAeErw', wget: 'oOaPt', ssh: 'bcDEeFIiJLlmOopQRSWw',
  docker: '', npm: 'w',
};

/** Programs whose single-dash options are words, never clusters of letters. */
const WORD_OPTIONS = new Set(['find', 'java', 'javac', 'go', 'gcc', 'g++', 'clang', 'ffmpeg', 'xcodebuild', 'qemu-system-x86_64', 'openssl']);

/**
 * Whether a command's argv carries a flag. One letter ('r') matches it alone or in a cluster of
 * short flags ('-rf', '-fr', '-Rfv'), up to a letter that takes a value ('-bfeature' is -b with
 * 'feature'); a word of more than six letters ('-Xmx512m') is an option of its own, and so
 * is every single-dash word of programs whose options are words (find's '-delete', java's '-jar'). A longer name
 * ('recursive') matches '--recursive', '--recursive=...' and an abbreviation of two letters or
 * more ('--rec'), as git and GNU getopt accept; a name with its dashes ('-delete') matches that
 * word exactly (or with '=value'). Reading stops at '--'.
 */
export function hasFlag(args: readonly string[], name: string, program = '', sub = ''): boolean {
  if (name.length === 0) return false;
  const withValue = SHORT_WITH_VALUE[`${program} ${sub}`] ?? SHORT_WITH_VALUE[program] ?? '';
  const clusters = !WORD_OPTIONS.has(program);
  for (const arg of args) {
    if (arg === '--') return false;
    if (name.startsWith('-')) {
      if (arg === name || arg.startsWith(`${name}=`)) return true;
    } else if (name.length > 1) {
      if (arg.startsWith('--') && matchesLong(arg.slice(2), name)) return true;
    } else if (clusters && readCluster(arg, withValue).includes(name)) {
      return true;
    }
  }
  return false;
}

function matchesLong(arg: string, name: string): boolean {
  const given = arg.includes('=') ? arg.slice(0, arg.indexOf('=')) : arg;
  return given === name || (given.length >= 2 && name.startsWith(given));
}

function readCluster(arg: string, withValue: string): string {
  if (arg.length < 2 || arg[0] !== '-' || arg[1] === '-' || !/^-[A-Za-z0-9]+$/.test(arg)) return '';
  let letters = '';
  for (const letter of arg.slice(1)) {
    letters += letter;
    if (withValue.includes(letter)) return letters;
  }
  return letters.length > 6 ? '' : letters;
}
