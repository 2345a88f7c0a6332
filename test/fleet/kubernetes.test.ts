import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { removeTempDirs, startTestServer, tempDir } from '@hookwire/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { HOOKWIRE_BIN, killServes, startServe } from '../../packages/hookwire/test/serve/serve-process.js';
import { checkManifests, type ManifestObject } from './kubernetes.js';

afterEach(async () => {
  await killServes();
  await removeTempDirs();
});

const DIR = fileURLToPath(new URL('../../deploy/kubernetes/', import.meta.url));
const FILES = readdirSync(DIR).filter((name) => name.endsWith('.yaml')).sort();
/** The route a replica answers 200 on only while a verified bundle is active (docs/serve.md). */
const READINESS_PATH = '/readyz';

function load(): ManifestObject[] {
  return FILES.flatMap((file) => checkManifests(file, readFileSync(`${DIR}${file}`, 'utf8')).objects);
}
function find(objects: ManifestObject[], kind: string, name: string): any {
  const found = objects.filter((object) => object.kind === kind && object.metadata.name === name);
  expect(found, `${kind} ${name} in deploy/kubernetes`).toHaveLength(1);
  return found[0];
}

describe('deploy/kubernetes', () => {
  it('every manifest is valid against the Kubernetes API schemas and types (kubernetes-models), no unknown field', () => {
    expect(FILES).toEqual(['deployment.yaml', 'pdb.yaml', 'secrets.yaml', 'service.yaml']);
    for (const file of FILES) expect(checkManifests(file, readFileSync(`${DIR}${file}`, 'utf8')).errors, file).toEqual([]);
    expect(load().map((object) => `${object.apiVersion} ${object.kind} ${object.metadata.name}`).sort()).toEqual([
      'apps/v1 Deployment hookwire-serve',
      'policy/v1 PodDisruptionBudget hookwire-serve',
      'v1 Secret hookwire-bundle-key',
      'v1 Secret hookwire-serve-token',
      'v1 Service hookwire-serve',
    ]);
  });

  it('a broken manifest is refused: wrong types and missing fields named by their path, a misspelt field by its name', () => {
    const deployment = readFileSync(`${DIR}deployment.yaml`, 'utf8');
    const broken = deployment
      .replace('replicas: 3', 'replicas: three')
      .replace('containerPort: 8787', 'containerPort: http')
      .replace(/ {2}selector:\n {4}matchLabels:\n {6}app.kubernetes.io\/name: hookwire-serve\n/, '')
      .replace('path: /healthz\n              port: http', 'path: /healthz\n              port: {name: http}');
    expect(broken).not.toBe(deployment);
    expect(checkManifests('broken.yaml', broken).errors).toEqual([
      'broken.yaml: Deployment hookwire-serve: /spec must have required property selector',
      'broken.yaml: Deployment hookwire-serve: /spec/replicas must be integer',
      'broken.yaml: Deployment hookwire-serve: /spec/template/spec/containers/0/livenessProbe/httpGet/port must be string',
      'broken.yaml: Deployment hookwire-serve: /spec/template/spec/containers/0/livenessProbe/httpGet/port must be integer',
      'broken.yaml: Deployment hookwire-serve: /spec/template/spec/containers/0/livenessProbe/httpGet/port must match exactly one schema in "oneOf"',
      'broken.yaml: Deployment hookwire-serve: /spec/template/spec/containers/0/ports/0/containerPort must be integer',
    ]);
    // A misspelt field passes a schema that allows unknown fields; the typed check refuses it.
    const misspelt = deployment.replace('readinessProbe:', 'readynessProbe:');
    expect(checkManifests('misspelt.yaml', misspelt).errors).toEqual([
      `misspelt.yaml: Deployment hookwire-serve: Object literal may only specify known properties, and '"readynessProbe"' does not exist in type 'IContainer'.`,
    ]);
    const pdb = readFileSync(`${DIR}pdb.yaml`, 'utf8').replace('minAvailable: 2', 'minAvailable: 2\n  maxUnavaliable: 1');
    expect(checkManifests('pdb.yaml', pdb).errors).toEqual([
      `pdb.yaml: PodDisruptionBudget hookwire-serve: Object literal may only specify known properties, and '"maxUnavaliable"' does not exist in type 'IPodDisruptionBudgetSpec'.`,
    ]);
    expect(checkManifests('kind.yaml', 'apiVersion: apps/v1\nkind: Deploymnet\nmetadata: {name: x}\n').errors).toEqual(['kind.yaml: Deploymnet x: unknown kind Deploymnet in apps/v1']);
    expect(checkManifests('yaml.yaml', 'apiVersion: v1\nkind: Service\n  metadata: x\n').errors[0]).toMatch(/^yaml\.yaml: YAML: /);
  });

  it('the Deployment: three replicas, ready only on a verified bundle, alive on /healthz, non-root on a read-only root, token and key from Secrets', () => {
    const objects = load();
    const deployment = find(objects, 'Deployment', 'hookwire-serve');
    const pod = deployment.spec.template.spec;
    const [container] = pod.containers;
    expect(deployment.spec.replicas).toBe(3);
    expect(deployment.spec.strategy.rollingUpdate.maxUnavailable).toBe(0);
    expect(deployment.spec.selector.matchLabels).toEqual({ 'app.kubernetes.io/name': 'hookwire-serve' });
    expect(deployment.spec.template.metadata.labels).toMatchObject(deployment.spec.selector.matchLabels);

    const args: string[] = container.args;
    const flag = (name: string): string => {
      expect(args, `the Deployment's args name ${name}`).toContain(name);
      return args[args.indexOf(name) + 1]!;
    };
    expect(container.command).toEqual(['hookwire']);
    expect(args[0]).toBe('serve');
    expect(flag('--host')).toBe('0.0.0.0');
    expect(flag('--port')).toBe(String(container.ports[0].containerPort));
    expect(flag('--bundle')).toMatch(/^https:\/\//);
    expect(Number(flag('--bundle-poll'))).toBeGreaterThan(0);
    // The token: required (serve refuses 0.0.0.0 without it), read from the Secret.
    const tokenEnv = container.env.find((e: { name: string }) => e.name === flag('--token-env'));
    expect(tokenEnv.valueFrom.secretKeyRef).toEqual({ name: 'hookwire-serve-token', key: 'token' });
    expect(find(objects, 'Secret', 'hookwire-serve-token').stringData.token).toMatch(/^\S+$/);
    // The bundle key: the Secret mounted read-only where --bundle-key points.
    const keyMount = container.volumeMounts.find((m: { mountPath: string }) => flag('--bundle-key').startsWith(`${m.mountPath}/`));
    expect(keyMount.readOnly).toBe(true);
    const keyVolume = pod.volumes.find((v: { name: string }) => v.name === keyMount.name);
    expect(keyVolume.secret.secretName).toBe('hookwire-bundle-key');
    expect(keyVolume.secret.defaultMode).toBe(0o444);
    expect(`${keyMount.mountPath}/${keyVolume.secret.items[0].path}`).toBe(flag('--bundle-key'));
    expect(Object.keys(find(objects, 'Secret', 'hookwire-bundle-key').stringData)).toEqual([keyVolume.secret.items[0].key]);

    expect(container.readinessProbe.httpGet).toEqual({ path: READINESS_PATH, port: 'http' });
    expect(container.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
    expect(container.resources.requests).toEqual({ cpu: expect.any(String), memory: expect.any(String) });
    expect(container.resources.limits.memory).toEqual(expect.any(String));
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: expect.any(Number) });
    expect(pod.securityContext.runAsUser).toBeGreaterThan(0);
    expect(container.securityContext).toEqual({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, runAsNonRoot: true, capabilities: { drop: ['ALL'] } });
    // A read-only root: what serve writes (each verified bundle, extracted under $TMPDIR) goes to an emptyDir.
    const writable = container.volumeMounts.filter((m: { readOnly?: boolean }) => m.readOnly !== true).map((m: { name: string; mountPath: string }) => [m.mountPath, pod.volumes.find((v: { name: string }) => v.name === m.name).emptyDir !== undefined]);
    expect(writable).toEqual([['/tmp', true]]);
    expect(container.env).toContainEqual({ name: 'TMPDIR', value: '/tmp' });
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(10 + 5); // serve's 10 s drain after the 5 s preStop sleep
  });

  it("the Service and the PodDisruptionBudget select the Deployment's pods; the budget keeps a majority", () => {
    const objects = load();
    const deployment = find(objects, 'Deployment', 'hookwire-serve');
    const labels = deployment.spec.template.metadata.labels;
    const service = find(objects, 'Service', 'hookwire-serve');
    expect(labels).toMatchObject(service.spec.selector);
    expect(service.spec.ports[0].targetPort).toBe(deployment.spec.template.spec.containers[0].ports[0].name);
    const budget = find(objects, 'PodDisruptionBudget', 'hookwire-serve');
    expect(labels).toMatchObject(budget.spec.selector.matchLabels);
    expect(budget.spec.minAvailable).toBe(deployment.spec.replicas - 1);
  });

  it("the Deployment's command line runs: the real hookwire serve with its args is alive before a bundle, ready once one is verified, and wants the token", async () => {
    const objects = load();
    const container = find(objects, 'Deployment', 'hookwire-serve').spec.template.spec.containers[0];
    const dir = await tempDir('hookwire-k8s-');
    // What the cluster would provide: the key Secret's file, the token Secret's variable, an ETag server for the bundle.
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    writeFileSync(join(dir, 'org.pub.pem'), publicKey.export({ type: 'spki', format: 'pem' }));
    writeFileSync(join(dir, 'org.pem'), privateKey.export({ type: 'pkcs8', format: 'pem' }));
    mkdirSync(join(dir, 'policy'));
    writeFileSync(join(dir, 'policy/.hookwire.json'), JSON.stringify({ hooks: [{ id: 'recommended', type: 'rule', pack: 'hookwire:recommended', onError: 'block' }] }));
    const hookwire = (...args: string[]) => execFileSync(process.execPath, [HOOKWIRE_BIN, ...args], { stdio: 'pipe' });
    hookwire('bundle', 'build', join(dir, 'policy'), '--out', join(dir, 'policy.bundle.json'), '--revision', 'k8s-1');
    hookwire('bundle', 'sign', join(dir, 'policy.bundle.json'), '--key', join(dir, 'org.pem'));
    let published: Buffer | undefined;
    const server = await startTestServer((_request, response) => (published === undefined ? response.writeHead(404).end() : response.writeHead(200, { etag: '"k8s-1"' }).end(published)));

    const args: string[] = [...container.args];
    const replace = (flag: string, value: string) => args.splice(args.indexOf(flag) + 1, 1, value);
    replace('--bundle', server.url);
    replace('--bundle-key', join(dir, 'org.pub.pem'));
    replace('--bundle-poll', '1');
    replace('--port', '0');
    expect(container.command).toEqual(['hookwire']);
    expect(args[0]).toBe('serve');
    const tokenVariable = args[args.indexOf('--token-env') + 1]!;
    const env: NodeJS.ProcessEnv = { ...process.env, [tokenVariable]: 'k8s-token', HOME: dir, XDG_CONFIG_HOME: join(dir, 'config'), XDG_CACHE_HOME: join(dir, 'cache'), TMPDIR: dir };
    for (const name of ['HOOKWIRE_CONFIG', 'HOOKWIRE_ORG_CONFIG', 'CLAUDE_PROJECT_DIR', 'HOOKWIRE_BRIDGE_DEPTH']) delete env[name];
    const serve = await startServe(args.slice(1), env, { cwd: dir });
    const port = new URL(serve.url).port;
    const probe = async (path: string) => (await fetch(`http://127.0.0.1:${port}${path}`)).status;

    // No bundle yet: alive (the liveness probe must not restart it), not ready (no traffic), dispatches refused.
    expect(await probe(container.livenessProbe.httpGet.path)).toBe(200);
    expect(await probe(container.readinessProbe.httpGet.path)).toBe(503);
    published = readFileSync(join(dir, 'policy.bundle.json'));
    let ready = 0;
    for (const started = performance.now(); ready !== 200 && performance.now() - started < 5_000; ) {
      ready = await probe(container.readinessProbe.httpGet.path);
      if (ready !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(ready, `${container.readinessProbe.httpGet.path} 5 s after the bundle was published; serve's log: ${serve.stderr()}`).toBe(200);
    const dispatch = (headers: Record<string, string>) => fetch(`http://127.0.0.1:${port}/v1/dispatch`, { method: 'POST', headers, body: JSON.stringify({ event: 'PreToolUse', payload: { tool_name: 'Bash', tool_input: { command: 'git push --force origin main' } } }) });
    expect((await dispatch({})).status).toBe(401);
    const answer = await dispatch({ authorization: 'Bearer k8s-token' });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { outcome: { decision: string } }).outcome.decision).toBe('deny');
    await server.close();
  });
});
