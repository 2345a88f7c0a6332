"""Extract candidate lines from the peers' test suites (run once; the corpus is committed).

Needs local git mirrors of the three repositories (paths below; override with env vars) and
Python 3.11 (tomllib) + PyYAML. Writes JSON lines {src, cmd, exp, ...} to stdout; curate.py turns
them into corpus lines. Why Python: tomllib is in its standard library, and this is a one-off
provenance tool, not part of the scorer.
"""
import json, os, re, subprocess, sys, tomllib

CCSN = os.environ.get('CCSN_REPO', '/work/.mirror/kenryu42+cc-safety-net/repo')
DCG = os.environ.get('DCG_REPO', '/work/.mirror/Dicklesworthstone+destructive_command_guard/repo')


def show(repo, path):
    return subprocess.run(['git', 'show', 'HEAD:' + path], cwd=repo, capture_output=True,
                          text=True, check=True).stdout


def head(repo):
    return subprocess.run(['git', 'rev-parse', '--short=10', 'HEAD'], cwd=repo, capture_output=True,
                          text=True, check=True).stdout.strip()


# ---- cc-safety-net: string-literal first arguments of its assertion helpers -----------------
CCSN_FILES = [
    'tests/analyzer/git.test.ts', 'tests/analyzer/edge-cases.test.ts',
    'tests/analyzer/rules-rm.test.ts', 'tests/analyzer/find.test.ts', 'tests/analyzer/device.test.ts',
    'tests/analyzer/deferred-assignment.test.ts', 'tests/analyzer/xargs.test.ts',
]
LIT = r"""('(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"|`(?:\\.|[^`\\$])*`)"""
CALL = re.compile(r'(assertBlocked|assertAllowed|assertStrictBlocked)\(\s*' + LIT + r'\s*([,)])', re.S)
ESC = {'n': '\n', 't': '\t', '\\': '\\', "'": "'", '"': '"', '`': '`', '0': '\0'}


def decode_js(lit):
    body, out, i = lit[1:-1], [], 0
    while i < len(body):
        c = body[i]
        if c == '\\' and i + 1 < len(body):
            n = body[i + 1]
            if n == 'x':
                out.append(chr(int(body[i + 2:i + 4], 16))); i += 4; continue
            out.append(ESC.get(n, n)); i += 2; continue
        out.append(c); i += 1
    return ''.join(out)


def extract_ccsn():
    rev = head(CCSN)
    for f in CCSN_FILES:
        src = show(CCSN, f)
        for m in CALL.finditer(src):
            fn, lit, end = m.group(1), m.group(2), m.group(3)
            rest = src[m.end():m.end() + 300]
            context = None  # a cwd / environment argument changes what the case means
            if fn == 'assertAllowed' and end == ',':
                context = rest.split(')')[0].strip() or None
            elif end == ',':
                m2 = re.match(r'\s*' + LIT + r'\s*([,)])', rest, re.S)
                if not m2:
                    context = '?'
                elif m2.group(2) == ',':
                    context = rest[m2.end():].split(')')[0].strip() or None
            start = max(src.rfind('test(', 0, m.start()), src.rfind('describe(', 0, m.start()))
            if re.search(r'withEnv|PARANOID|STRICT|paranoid|strict: true|Env\(', src[start:m.start()]):
                context = context or 'environment (withEnv / paranoid / strict)'
            line = src.count('\n', 0, m.start()) + 1
            yield dict(src=f'cc-safety-net {f}:{line}@{rev}', cmd=decode_js(lit),
                       exp='allow' if fn == 'assertAllowed' else ('strict' if 'Strict' in fn else 'deny'),
                       context=context)


# ---- dcg: its regression corpus (TOML), e2e command lists and pack fixtures (YAML) ------------
def extract_dcg():
    rev = head(DCG)
    files = subprocess.run(['git', 'ls-tree', '-r', '--name-only', 'HEAD', 'tests/corpus'], cwd=DCG,
                           capture_output=True, text=True).stdout.split()
    for f in files:
        if not f.endswith('.toml'):
            continue
        for c in tomllib.loads(show(DCG, f)).get('case', []):
            if 'command' in c:
                yield dict(src=f'dcg {f}@{rev}', cmd=c['command'],
                           exp=c.get('expected') or c.get('expected_decision'))
    for f, exp in [('tests/e2e/fixtures/commands/dangerous.txt', 'deny'),
                   ('tests/e2e/fixtures/commands/safe.txt', 'allow'),
                   ('tests/e2e/fixtures/commands/heredocs.txt', None)]:
        for line in show(DCG, f).splitlines():
            if not line.strip() or line.startswith('#'):
                continue
            e = exp
            if e is None:
                m = re.match(r'^(BLOCK|ALLOW):(.*)$', line)
                if not m:
                    continue
                e = 'deny' if m.group(1) == 'BLOCK' else 'allow'
                line = m.group(2).replace('\\n', '\n').replace('\\t', '\t')
            yield dict(src=f'dcg {f}@{rev}', cmd=line, exp=e)
    import yaml  # the fixture files do not parse as a whole (an unescaped quote); read item by item
    for f, exp in [('tests/fixtures/destructive_commands.yaml', 'deny'),
                   ('tests/fixtures/safe_commands.yaml', 'allow')]:
        pack = None
        for line in show(DCG, f).splitlines():
            m = re.match(r'^([\w.]+):\s*$', line)
            if m:
                pack = m.group(1); continue
            m = re.match(r'^\s*- command:\s*(.*)$', line)
            if m:
                try:
                    cmd = yaml.safe_load(m.group(1))
                except Exception:
                    continue
                yield dict(src=f'dcg {f} [{pack}]@{rev}', cmd=cmd, exp=exp, pack=pack)


if __name__ == '__main__':
    for item in list(extract_ccsn()) + list(extract_dcg()):
        print(json.dumps(item, ensure_ascii=False))
