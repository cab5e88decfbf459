/**
 * A project's `pyproject.toml` as `pipecat doctor` reads it: the `[project] dependencies` and the
 * `[dependency-groups]` (PEP 735) as requirements (PEP 508: name, extras), parsed with smol-toml;
 * and the one edit `--fix` makes, the extras of the `pipecat-ai[...]` requirement.
 */
import { parse } from 'smol-toml';

/** One requirement string, as far as the checks need it. */
interface Requirement {
  /** The string as written, e.g. `pipecat-ai[daily,openai]>=1.8.0`. */
  readonly text: string;
  /** The distribution name, normalised (PEP 503: lowercase, runs of `-_.` as `-`). */
  readonly name: string;
  readonly extras: readonly string[];
}

/** What {@link readPyproject} found. */
export interface Pyproject {
  /** `[project] dependencies`. */
  readonly dependencies: readonly Requirement[];
  /** Every requirement of every `[dependency-groups]` group. */
  readonly groups: readonly Requirement[];
  /** Why the file could not be read as TOML (`line:column: message`), when it could not. */
  readonly error?: string;
}

/** PEP 503 normalised distribution name. */
export function normaliseName(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}

/**
 * One PEP 508 requirement's name and extras (the version and markers are not needed).
 *
 * @returns undefined when the string does not start with a distribution name
 */
function parseRequirement(text: string): Requirement | undefined {
  const m = /^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[([^\]]*)\])?/.exec(text);
  if (!m) return undefined;
  const extras = (m[2] ?? '')
    .split(',')
    .map((e) => normaliseName(e.trim()))
    .filter((e) => e !== '');
  return { text, name: normaliseName(m[1]), extras };
}

function requirements(list: unknown): Requirement[] {
  if (!Array.isArray(list)) return [];
  return list.filter((x): x is string => typeof x === 'string').flatMap((s) => parseRequirement(s) ?? []);
}

/**
 * Read the dependencies of a `pyproject.toml`.
 *
 * @param text the file's text
 */
export function readPyproject(text: string): Pyproject {
  let doc: Record<string, unknown>;
  try {
    doc = parse(text) as Record<string, unknown>;
  } catch (err) {
    const e = err as { line?: number; column?: number; message?: string };
    return { dependencies: [], groups: [], error: `${e.line ?? '?'}:${e.column ?? '?'}: ${String(e.message ?? err).split('\n')[0]}` };
  }
  const project = (doc.project ?? {}) as Record<string, unknown>;
  const groups = (doc['dependency-groups'] ?? {}) as Record<string, unknown>;
  return {
    dependencies: requirements(project.dependencies),
    groups: Object.values(groups).flatMap(requirements),
  };
}

/** The normalised names of `[project] dependencies` (empty when the file is not TOML). */
export function dependencyNames(text: string): string[] {
  return readPyproject(text).dependencies.map((r) => r.name);
}

/** Index in `text` of the quoted requirement string inside `[project]` (after its header), or -1. */
function requirementIndex(text: string, requirement: string): number {
  const from = Math.max(0, text.search(/^\[project\]\s*$/m));
  for (const q of ['"', "'"]) {
    const i = text.indexOf(`${q}${requirement}${q}`, from);
    if (i >= 0) return i + 1;
  }
  return -1;
}

/**
 * The 1-based line of a requirement of `[project] dependencies` in the file's text.
 *
 * @returns undefined when the string is not found as written (e.g. split across lines)
 */
export function requirementLine(text: string, requirement: string): number | undefined {
  const i = requirementIndex(text, requirement);
  return i < 0 ? undefined : text.slice(0, i).split('\n').length;
}

/**
 * The text with the extras of the `pipecat-ai` requirement of `[project] dependencies` changed
 * (sorted, each once), the rest of the file byte for byte as it was.
 *
 * @param text the file's text
 * @param change the new extras given the current ones
 * @returns the text unchanged when there is no pipecat-ai requirement
 */
export function withPipecatExtras(text: string, change: (extras: readonly string[]) => readonly string[]): string {
  const req = readPyproject(text).dependencies.find((r) => r.name === 'pipecat-ai');
  if (!req) return text;
  const i = requirementIndex(text, req.text);
  if (i < 0) return text;
  const m = /^(\s*[A-Za-z0-9][A-Za-z0-9._-]*\s*)(?:\[[^\]]*\])?(.*)$/s.exec(req.text);
  if (!m) return text;
  const extras = [...new Set(change(req.extras))].sort();
  const next = `${m[1]}${extras.length ? `[${extras.join(',')}]` : ''}${m[2]}`;
  return text.slice(0, i) + next + text.slice(i + req.text.length);
}
