import { describe, expect, it } from 'vitest';
import { findRelativeCommandPath } from '../../src/config/command-path.js';

describe('findRelativeCommandPath', () => {
  it.each([
    ['./hooks/guard.sh', './hooks/guard.sh'],
    ['../shared/guard.sh --strict', '../shared/guard.sh'],
    ['hooks/guard.sh', 'hooks/guard.sh'],
    ['  hooks/guard.sh arg', 'hooks/guard.sh'],
    ['.\\hooks\\guard.ps1', '.\\hooks\\guard.ps1'],
    ['bash hooks/guard.sh', 'hooks/guard.sh'],
    ['python3 -u scripts/check.py', 'scripts/check.py'],
    ['/usr/bin/node ./hooks/check.mjs', './hooks/check.mjs'],
    ['LOG=1 DEBUG=0 ./guard.sh', './guard.sh'],
    ['"./my hooks/guard.sh" --x', './my hooks/guard.sh'],
    ["'hooks/guard.sh'", 'hooks/guard.sh'],
    ["sh -c 'hooks/guard.sh --x'", 'hooks/guard.sh'],
  ])('%j runs %j', (command, path) => {
    expect(findRelativeCommandPath(command)).toBe(path);
  });

  it.each([
    '$HOOKWIRE_CONFIG_DIR/hooks/guard.sh',
    '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh',
    '${HOOKWIRE_CONFIG_DIR}/guard.sh',
    '/usr/local/bin/guard --mode strict',
    '~/bin/guard.sh',
    'C:\\hooks\\guard.ps1',
    'C:/hooks/guard.ps1',
    '%USERPROFILE%\\guard.cmd',
    'jq -r .tool_input.command | grep -q rm/',
    'node -e "process.exit(0)"',
    `node -e "const w=line.split(/a|b/);console.error('no/way')"`,
    "python3 -u -c 'import x/y'",
    'bash -c "exit 0"',
    'curl -s http://127.0.0.1:9000/check',
    'true',
    '',
    '   ',
    'npx @scope/tool',
  ])('%j runs no relative path first', (command) => {
    expect(findRelativeCommandPath(command)).toBeUndefined();
  });
});
