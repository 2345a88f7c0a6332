#!/usr/bin/env node
// A tool:before guard for Bash: reads the hook payload (JSON) on stdin and exits 2 with a reason on
// stderr when the command is destructive; exits 0 silently (no opinion) otherwise.

/** The simple commands of a command line, each as its words (quotes are not interpreted: a guard, not a shell). */
function splitCommands(line) {
  return line
    .split(/&&|\|\||[;&|\n]|\$\(|`/)
    .map((part) => part.trim().split(/\s+/).filter(Boolean))
    .map((words) => (words[0] === 'sudo' ? words.slice(1) : words))
    .filter((words) => words.length > 0);
}

function isRecursiveForceRm(words) {
  if (words[0] !== 'rm') return false;
  const flags = words.slice(1).filter((word) => word.startsWith('-'));
  const short = flags.filter((flag) => !flag.startsWith('--')).join('');
  const recursive = /[rR]/.test(short) || flags.includes('--recursive');
  const force = short.includes('f') || flags.includes('--force');
  return recursive && force;
}

function isForcePushToMain(words) {
  if (words[0] !== 'git' || words[1] !== 'push') return false;
  const args = words.slice(2);
  const force = args.some((arg) => arg === '--force' || /^-[a-zA-Z]*f/.test(arg) || /^\+/.test(arg));
  return force && args.some((arg) => /^\+?(HEAD:)?(refs\/heads\/)?(main|master)$/.test(arg));
}

function isDownloadPipedToShell(line) {
  return /\b(curl|wget)\b[^;&|]*\|\s*(sudo\s+)?(ba|z|da)?sh\b/.test(line);
}

const RULES = [
  { test: (line) => splitCommands(line).some(isRecursiveForceRm), reason: 'rm -rf deletes recursively without asking; remove the files by name, or ask the user' },
  { test: (line) => splitCommands(line).some(isForcePushToMain), reason: 'force-pushing to main rewrites shared history; push a branch and open a pull request' },
  { test: isDownloadPipedToShell, reason: 'piping a download into a shell runs unreviewed code; download the script and read it first' },
];

let input = '';
for await (const chunk of process.stdin) input += chunk;

let command;
try {
  command = JSON.parse(input)?.tool_input?.command;
} catch {
  process.stderr.write('guard-bash: the payload on stdin is not JSON\n');
  process.exit(1);
}

const broken = typeof command === 'string' ? RULES.find((rule) => rule.test(command)) : undefined;
if (broken) {
  process.stderr.write(`${broken.reason}\n`);
  process.exit(2);
}
