/**
 * `pipecat doctor`'s module checks: every module the server code imports is provided, and nothing
 * `pyproject.toml` declares goes unused.
 *
 * Provided: the standard library, the project's own files, pipecat-ai and its own dependencies, the
 * extras the project declares in `pipecat-ai[...]` (with the distributions each brings), and the
 * project's other `[project] dependencies` (a distribution's import names from the reader's data,
 * else its normalised name). Findings: `extra-missing` (a pipecat module or runner transport needs
 * an extra not declared; at the import), `extra-unused` (a declared extra nothing needs),
 * `dependency-unused` (a dependency nothing imports; `pipecatcloud` and `[dependency-groups]` count
 * as used), `module-unprovided` (a third-party import nothing provides: no repair, the version is
 * not ours to choose), `pyproject-invalid`.
 */
import type { CodeLocation, ModuleImport } from '../../generators/app/code/types.js';
import type { Finding } from './types.js';
import { unreadFiles } from './code.js';
import { SERVER_FILES, serverPath, type DoctorProject } from './project.js';
import { normaliseName, readPyproject, requirementLine, withPipecatExtras, type Pyproject } from './pyproject.js';

/**
 * Dependencies used without an import of their own, by the package that needs them: counted as
 * used. Each row says who uses it.
 */
const USED_WITHOUT_IMPORT: Readonly<Record<string, string>> = {
  pipecatcloud: "dailyco/pipecat-base's session server imports it in the deployed image",
  'python-multipart': 'FastAPI reads form bodies (Form(...)) with it',
};

/** The top-level module of a dotted name. */
function top(module: string): string {
  return module.split('.')[0];
}

/** Where an extra is needed: the first pipecat import that needs it, else the first runner transport use. */
function placeOfExtra(p: DoctorProject, extra: string): ModuleImport | CodeLocation | undefined {
  const imp = p.reading.imports.find(
    (i) => top(i.module) === 'pipecat' && candidates(i).some((m) => p.data.moduleExtras(m).includes(extra)),
  );
  return imp ?? p.reading.transports[0];
}

/** `extra-missing` and `extra-unused`. */
function extraFindings(p: DoctorProject, py: Pyproject, file: string, unread: boolean): Finding[] {
  const req = py.dependencies.find((r) => r.name === 'pipecat-ai');
  if (!req) return [];
  // What the declared extras install, their own self-references included (`tavus` installs `daily`).
  const declared = new Set([...req.extras, ...req.extras.flatMap((e) => p.data.includes(e))]);
  const needed = new Set(p.facts.extras.map(normaliseName));
  const out: Finding[] = [];
  for (const e of needed) {
    // Even an extra that brings nothing today (cartesia's) is how pipecat declares what a module needs.
    if (declared.has(e)) continue;
    const at = placeOfExtra(p, e);
    out.push({
      check: 'extra-missing',
      message: `${at && 'module' in at ? `the import of ${at.module}` : 'a runner transport the code serves'} needs pipecat-ai's extra "${e}", which ${file} does not declare`,
      where: at ? { path: at.path, line: at.line } : { path: file },
      fix: `add ${e} to pipecat-ai[...] in ${file} (pipecat doctor --fix does), then uv sync`,
      repair: {
        path: file,
        describe: `add the extra ${e} to pipecat-ai[...] in ${file}`,
        apply: (t) => withPipecatExtras(t, (x) => [...x, e]),
      },
    });
  }
  if (unread) return out;
  const line = p.text.pyproject === undefined ? undefined : requirementLine(p.text.pyproject, req.text);
  for (const e of req.extras) {
    if (needed.has(e) || p.data.includes(e).some((x) => needed.has(x))) continue;
    out.push({
      check: 'extra-unused',
      message: `${file} declares the pipecat-ai extra "${e}", which nothing in the server code needs`,
      where: { path: file, line },
      fix: `remove ${e} from pipecat-ai[...] (pipecat doctor --fix does)`,
      repair: {
        path: file,
        describe: `remove the extra ${e} from pipecat-ai[...] in ${file}`,
        apply: (t) => withPipecatExtras(t, (x) => x.filter((y) => y !== e)),
      },
    });
  }
  return out;
}

/** The modules an import names: `m` for `import m`, and `m`, `m.x` for `from m import x`. */
function candidates(i: ModuleImport): string[] {
  return [i.module, ...i.names.map((n) => `${i.module}.${n}`)];
}

/** Whether any of `modules` is one of `names` or inside one (`google.genai.types` inside `google.genai`). */
function within(modules: readonly string[], names: ReadonlySet<string>): boolean {
  return modules.some((m) => {
    const parts = m.split('.');
    return parts.some((_, k) => names.has(parts.slice(0, k + 1).join('.')));
  });
}

/** The distributions the project has: pipecat-ai's own, its declared extras', the project's dependencies. */
function providedDists(p: DoctorProject, py: Pyproject): Set<string> {
  const dists = new Set<string>(p.data.coreDeps.map(normaliseName));
  for (const r of py.dependencies) {
    dists.add(r.name);
    if (r.name === 'pipecat-ai') for (const e of r.extras) p.data.extraDeps(e).forEach((d) => dists.add(normaliseName(d)));
  }
  return dists;
}

/** The modules the project's distributions provide. */
function providedModules(p: DoctorProject, py: Pyproject): Set<string> {
  const names = new Set<string>();
  for (const d of providedDists(p, py)) p.data.importNames(d).forEach((n) => names.add(n));
  return names;
}

/** `module-unprovided`: one per third-party top-level module nothing provides, at its first import. */
function unprovidedFindings(p: DoctorProject, py: Pyproject, file: string): Finding[] {
  const provided = providedModules(p, py);
  const hasPipecat = py.dependencies.some((r) => r.name === 'pipecat-ai');
  const seen = new Set<string>();
  const out: Finding[] = [];
  const imports = [...p.facts.thirdParty, ...(hasPipecat ? [] : p.reading.imports.filter((i) => top(i.module) === 'pipecat'))];
  for (const i of imports) {
    const name = top(i.module);
    if (seen.has(name) || (name !== 'pipecat' && within(candidates(i), provided))) continue;
    seen.add(name);
    out.push({
      check: 'module-unprovided',
      message: `${i.path}:${i.line} imports ${i.module}, which no dependency in ${file} provides`,
      where: { path: i.path, line: i.line },
      fix: `add the package that provides ${name} to [project] dependencies in ${file} (e.g. uv add <package>), or drop the import`,
    });
  }
  return out;
}

/** `dependency-unused`: a `[project]` dependency no server code imports (no repair: see docs/doctor.md). */
function unusedDependencyFindings(p: DoctorProject, py: Pyproject, file: string): Finding[] {
  const imported = p.reading.imports.flatMap(candidates);
  const out: Finding[] = [];
  for (const r of py.dependencies) {
    if (r.name === 'pipecat-ai' || r.name in USED_WITHOUT_IMPORT) continue;
    const names = p.data.importNames(r.name);
    // `import google` counts for `google.genai` too: the import reaches into the namespace.
    if (within(imported, new Set(names)) || names.some((n) => imported.includes(n.split('.')[0]))) continue;
    out.push({
      check: 'dependency-unused',
      message: `${file} depends on ${r.name}, which no server code imports`,
      where: { path: file, line: p.text.pyproject === undefined ? undefined : requirementLine(p.text.pyproject, r.text) },
      fix: `remove it (uv remove ${r.name}) unless something uses it without importing it`,
    });
  }
  return out;
}

/**
 * The module checks of a project.
 *
 * @param p the project
 */
export function moduleChecks(p: DoctorProject): Finding[] {
  const file = serverPath(p, SERVER_FILES.pyproject);
  const py = readPyproject(p.text.pyproject ?? '');
  if (py.error)
    return [
      {
        check: 'pyproject-invalid',
        message: `${file} is not valid TOML (${py.error})`,
        where: { path: file, line: Number(py.error.split(':')[0]) || undefined },
        fix: 'correct the TOML at that line',
      },
    ];
  const unread = unreadFiles(p);
  const out = [...extraFindings(p, py, file, unread.length > 0), ...unprovidedFindings(p, py, file)];
  if (unread.length === 0) out.push(...unusedDependencyFindings(p, py, file));
  else if (py.dependencies.length)
    out.push({
      check: 'modules-unread',
      message: `could not read ${unread.join(', ')}: the extras and dependencies ${file} declares were not checked against it`,
      where: { path: unread[0] },
      fix: 'fix that file (see its finding), then run pipecat doctor again',
    });
  return out;
}
