// Validates Kubernetes manifests against the Kubernetes API's own schemas, offline: the
// kubernetes-models package (a pinned devDependency) ships one validator per kind, generated from
// the Kubernetes OpenAPI specification, so no schema is downloaded and nothing is hand-written here
// but the lookup of a kind's model. YAML is parsed as YAML 1.1, as Kubernetes parses it (`0444`
// is octal there, `yes` a boolean).
import { createRequire } from 'node:module';
import { parseAllDocuments } from 'yaml';

const require = createRequire(import.meta.url);

/** One object of a manifest file, as Kubernetes would read it. */
export interface ManifestObject {
  readonly apiVersion: string;
  readonly kind: string;
  readonly metadata: { name: string; labels?: Record<string, string> };
  readonly [key: string]: unknown;
}

export interface ManifestCheck {
  readonly objects: ManifestObject[];
  /** Every problem, `FILE: KIND NAME: path message`; empty when the file is valid. */
  readonly errors: string[];
}

interface Model {
  validate(): void;
}
type ModelClass = new (data: unknown) => Model;

/** `apps/v1` + `Deployment` → kubernetes-models' class for it, or undefined for a kind it does not know. */
function modelOf(apiVersion: string, kind: string): ModelClass | undefined {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  if (!/^[a-z0-9.-]*$/.test(group!) || !/^v[0-9a-z]+$/.test(version!) || !/^[A-Z][A-Za-z0-9]*$/.test(kind)) return undefined;
  try {
    const module = require(`kubernetes-models/${group === '' ? '' : `${group}/`}${version}/${kind}`) as Record<string, unknown>;
    return module[kind] as ModelClass | undefined;
  } catch {
    return undefined;
  }
}

/** Parses every YAML document of `text` and validates each object against its kind's schema. */
export function checkManifests(file: string, text: string): ManifestCheck {
  const objects: ManifestObject[] = [];
  const errors: string[] = [];
  for (const document of parseAllDocuments(text, { version: '1.1' })) {
    if (document.errors.length > 0) {
      errors.push(...document.errors.map((error) => `${file}: YAML: ${error.message}`));
      continue;
    }
    const value = document.toJS() as unknown;
    if (value === null) continue;
    if (typeof value !== 'object' || Array.isArray(value)) {
      errors.push(`${file}: a document is not an object`);
      continue;
    }
    const object = value as ManifestObject;
    const name = `${String(object.kind)} ${String(object.metadata?.name)}`;
    if (typeof object.apiVersion !== 'string' || typeof object.kind !== 'string') {
      errors.push(`${file}: ${name}: apiVersion and kind must be strings`);
      continue;
    }
    const Model = modelOf(object.apiVersion, object.kind);
    if (Model === undefined) {
      errors.push(`${file}: ${name}: unknown kind ${object.kind} in ${object.apiVersion}`);
      continue;
    }
    try {
      new Model(object).validate();
    } catch (error) {
      const details = (error as { errors?: { instancePath: string; message?: string }[] }).errors;
      if (details === undefined) throw error;
      errors.push(...details.map((detail) => `${file}: ${name}: ${detail.instancePath || '/'} ${detail.message ?? 'is invalid'}`));
    }
    objects.push(object);
  }
  return { objects, errors };
}
