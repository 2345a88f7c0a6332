import { describe, expect, it } from 'vitest';
import { findCommandTarget, findRelativeCommandPath } from '../../src/config/command-path.js';
import { runsTheBridge } from '../../src/config/bridge-command.js';

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

describe('findCommandTarget', () => {
  it.each([
    ['guard --strict', { program: 'guard' }],
    ['LOG=1 jq .', { program: 'jq' }],
    ['node "$HOOKWIRE_CONFIG_DIR/hooks/guard.mjs" --fast', { program: 'node', script: '$HOOKWIRE_CONFIG_DIR/hooks/guard.mjs' }],
    ['python3 -u scripts/check.py', { program: 'python3', script: 'scripts/check.py' }],
    ['sh -c "exit 2"', { program: 'sh' }],
    ['node -e "process.exit(0)"', { program: 'node' }],
    ['"$HOOKWIRE_CONFIG_DIR/guard.sh"', { program: '$HOOKWIRE_CONFIG_DIR/guard.sh' }],
    ['/usr/bin/true', { program: '/usr/bin/true' }],
  ])('%j runs %j', (command, target) => {
    expect(findCommandTarget(command)).toEqual(target);
  });

  it.each(['(cd x && ./y)', '{ echo; }', '`which guard`', '   ', '<in guard', 'cat<in'])('%j is not read', (command) => {
    expect(findCommandTarget(command)).toBeUndefined();
  });
});

describe('runsTheBridge', () => {
  it.each([
    'hookwire run --config .hookwire.json',
    'npx hookwire run --config "$CLAUDE_PROJECT_DIR"/.hookwire.json --budget 110',
    'npx -y hookwire@1.2.0 run',
    '"$CLAUDE_PROJECT_DIR"/node_modules/.bin/hookwire run',
    'node "/repo/packages/stdio-server/lib/index.js" run --config x',
    'node node_modules/@hookwire/stdio-server/lib/bin.js run',
    'hookwire run; echo done',
  ])('%j runs the bridge', (command) => {
    expect(runsTheBridge(command)).toBe(true);
  });

  it.each(['hookwire check --config x', 'hookwire listen --config run.json', 'echo run', 'sh "$HOOKWIRE_CONFIG_DIR/guard.sh"', 'hookwire-guard --x', 'hookwire dispatch --event Stop | grep run'])(
    '%j does not',
    (command) => {
      expect(runsTheBridge(command)).toBe(false);
    },
  );
});
