// Validates Kubernetes manifests against the Kubernetes API's own schemas, offline: the
// kubernetes-models package (a pinned devDependency) ships one validator per kind, generated from
// the Kubernetes OpenAPI specification, so no schema is downloaded and nothing is hand-written here
// but the lookup of a kind's model. Those validators let unknown fields through (as kubectl does
// without --validate=strict), and a misspelt field is a setting silently lost (`readynessProbe`:
// no readiness probe), so each object is also checked, strictly, against the same package's
// TypeScript types by the TypeScript compiler: an object literal with a field its type does not
// have is an error. YAML is parsed as YAML 1.1, as Kubernetes parses it (`0444` is octal there,
// `yes` a boolean).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
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

/** `apps/v1` + `Deployment` → `kubernetes-models/apps/v1/Deployment`, or undefined for a name that cannot be one. */
function modulePathOf(apiVersion: string, kind: string): string | undefined {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  if (!/^[a-z0-9.-]*$/.test(group!) || !/^v[0-9a-z]+$/.test(version!) || !/^[A-Z][A-Za-z0-9]*$/.test(kind)) return undefined;
  return `kubernetes-models/${group === '' ? '' : `${group}/`}${version}/${kind}`;
}

/** kubernetes-models' class for a kind, or undefined for a kind it does not know. */
function modelOf(apiVersion: string, kind: string): ModelClass | undefined {
  const path = modulePathOf(apiVersion, kind);
  if (path === undefined) return undefined;
  try {
    return (require(path) as Record<string, unknown>)[kind] as ModelClass | undefined;
  } catch {
    return undefined;
  }
}

/** A module that never exists on disk, beside this file so that `kubernetes-models` resolves from here. */
const VIRTUAL = join(dirname(fileURLToPath(import.meta.url)), '__manifest-types__.ts');
/** The declaration files read once and kept for every later check (their parsing is most of a check's time). */
const parsed = new Map<string, ts.SourceFile | undefined>();
/** Checks already made, by their source. */
const checked = new Map<string, readonly ts.Diagnostic[]>();

/**
 * Each object as a typed object literal (`const m0: IDeployment = {...}`), compiled with the
 * TypeScript compiler: every field the kind's type does not have, at any depth, is an error.
 */
function unknownFieldErrors(file: string, objects: readonly ManifestObject[]): string[] {
  if (objects.length === 0) return [];
  const source = objects
    .map((object, i) => `import type { I${object.kind} as T${i} } from '${modulePathOf(object.apiVersion, object.kind)!}';\nexport const m${i}: T${i} = ${JSON.stringify(object, null, 1)};\n`)
    .join('');
  let diagnostics = checked.get(source);
  if (diagnostics === undefined) {
    const options: ts.CompilerOptions = { strict: true, noEmit: true, skipLibCheck: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, types: [] };
    const host = ts.createCompilerHost(options);
    const getSourceFile = host.getSourceFile.bind(host);
    host.getSourceFile = (name, language, ...rest) => {
      if (name === VIRTUAL) return ts.createSourceFile(name, source, language);
      if (!parsed.has(name)) parsed.set(name, getSourceFile(name, language, ...rest));
      return parsed.get(name);
    };
    const fileExists = host.fileExists.bind(host);
    host.fileExists = (name) => name === VIRTUAL || fileExists(name);
    diagnostics = ts.getPreEmitDiagnostics(ts.createProgram([VIRTUAL], options, host));
    checked.set(source, diagnostics);
  }
  const starts = objects.map((_, i) => source.indexOf(`export const m${i}:`));
  return diagnostics.map((diagnostic) => {
    const at = diagnostic.start ?? 0;
    const index = starts.findLastIndex((start) => start <= at);
    const object = objects[Math.max(0, index)]!;
    return `${file}: ${object.kind} ${object.metadata?.name}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`;
  });
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
  if (errors.length === 0) errors.push(...unknownFieldErrors(file, objects));
  return { objects, errors };
}
