#!/usr/bin/env python3
"""CPU and wall time of the one-shot bridge with the rule pack against an empty config, per build.

    python3 bench/rules/bridge-cpu.py [--runs 30] [--keep-env] BUILD_DIR [BUILD_DIR ...]

Each BUILD_DIR is a built checkout (packages/hookwire/dist/hookwire.cjs). Runs alternate build by
build and config by config (`{"hooks": []}` and the config `hookwire init` writes), fed a Claude
Code PreToolUse Bash payload; the medians and their ratio are printed per build. CPU is the
child's user + system time from getrusage(RUSAGE_CHILDREN), which Node cannot read of a child
(hence Python); it moves less than wall time on a shared machine. NODE_EXTRA_CA_CERTS is removed
from the children's environment unless --keep-env (see bench/rules/callgrind.mjs for why).
"""
import argparse, json, os, resource, shutil, statistics, subprocess, tempfile, time

parser = argparse.ArgumentParser()
parser.add_argument('--runs', type=int, default=30)
parser.add_argument('--keep-env', action='store_true')
parser.add_argument('builds', nargs='+')
args = parser.parse_args()

work = tempfile.mkdtemp(prefix='hookwire-bridge-cpu-')
configs = {
    'empty': {'hooks': []},
    'pack': {'hooks': [{'id': 'recommended', 'type': 'rule', 'pack': 'hookwire:recommended', 'onError': 'block'}]},
}
for name, config in configs.items():
    with open(os.path.join(work, f'{name}.json'), 'w') as f:
        json.dump(config, f)
payload = json.dumps({'session_id': 'bench', 'transcript_path': os.path.join(work, 't.jsonl'), 'cwd': work,
                      'hook_event_name': 'PreToolUse', 'tool_name': 'Bash',
                      'tool_input': {'command': 'npm test -- --run && git diff --stat'}})
env = dict(os.environ, CLAUDE_PROJECT_DIR=work)
if not args.keep_env:
    env.pop('NODE_EXTRA_CA_CERTS', None)

samples = {}
try:
    for _ in range(args.runs):
        for build in args.builds:
            binary = os.path.join(os.path.abspath(build), 'packages/hookwire/dist/hookwire.cjs')
            for name in configs:
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                started = time.perf_counter()
                subprocess.run(['node', binary, 'run', '--config', os.path.join(work, f'{name}.json')], input=payload,
                               text=True, capture_output=True, env=env, cwd=work, check=True)
                wall = time.perf_counter() - started
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
                samples.setdefault((build, name), []).append((cpu * 1000, wall * 1000))
finally:
    shutil.rmtree(work, ignore_errors=True)

print(f"NODE_EXTRA_CA_CERTS {'kept' if args.keep_env else 'removed'}; {args.runs} runs per side, alternating\n")
print('| build | CPU empty | CPU pack | CPU ratio | wall empty | wall pack | wall ratio |')
print('| --- | ---: | ---: | ---: | ---: | ---: | ---: |')
for build in args.builds:
    empty, pack = samples[(build, 'empty')], samples[(build, 'pack')]
    ce, cp = (statistics.median(s[0] for s in x) for x in (empty, pack))
    we, wp = (statistics.median(s[1] for s in x) for x in (empty, pack))
    print(f'| {build} | {ce:.1f} ms | {cp:.1f} ms | {cp / ce:.2f}× | {we:.1f} ms | {wp:.1f} ms | {wp / we:.2f}× |')
