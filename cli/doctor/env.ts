/**
 * `pipecat doctor`'s environment checks: every variable the server code reads (or pipecat reads
 * for it: `CodeFacts.env`) is declared in `.env.example` with the mark its need calls for
 * (`env-missing`, `env-mark`), `.env.example` declares nothing no code reads (`env-unused`), and a
 * `.env`, when there is one, holds a value for every key the bot needs to run (`env-empty`; names
 * only, never values). The form of each need follows what generated projects write
 * (templates/server/_env.example.ejs; `env-example.ts`).
 */
import { ALL_SERVICES, TRANSPORTS } from '../../generators/app/catalogue/catalogue.js';
import type { NeededVar } from '../../generators/app/code/types.js';
import type { Finding } from './types.js';
import { readEnvExample, formProblem, withEntry, withForm, withoutEntry } from './env-example.js';
import { SERVER_FILES, serverPath, type DoctorProject } from './project.js';
import { unreadFiles } from './code.js';

/** The catalogue's description of a variable (first transport or service that declares it), or undefined. */
function catalogueDescription(name: string): string | undefined {
  for (const t of TRANSPORTS) for (const v of t.env) if (v.name === name) return v.description;
  for (const s of ALL_SERVICES) for (const v of s.env) if (v.name === name) return v.description;
  return undefined;
}

/** Where a variable is read, in words: `server/bot.py:12`, or the catalogue entry pipecat reads it for. */
function readAt(v: NeededVar): string {
  if (v.at) return `${v.at.path}:${v.at.line}`;
  return v.readBy ? `pipecat for ${v.readBy}` : 'pipecat';
}

/** The comment `--fix` writes above a variable it adds. */
function commentFor(v: NeededVar): string {
  return catalogueDescription(v.name) ?? `read by ${readAt(v)}`;
}

/** `env-missing` and `env-mark`: each needed variable against its declaration. */
function declarationFindings(p: DoctorProject, text: string): Finding[] {
  const file = serverPath(p, SERVER_FILES.envExample);
  const entries = readEnvExample(text);
  const out: Finding[] = [];
  for (const v of p.facts.env) {
    const mine = entries.filter((e) => e.name === v.name);
    const entry = mine.find((e) => !e.commented) ?? mine[0];
    if (!entry) {
      out.push({
        check: 'env-missing',
        message: `${v.name} is read by ${readAt(v)} (${v.need}) but ${file} does not declare it`,
        where: { path: file },
        fix: `add it to ${file} (pipecat doctor --fix does)`,
        repair: { path: file, describe: `add ${v.name} (${v.need}) to ${file}`, apply: (t) => withEntry(t, v.name, v.need, commentFor(v)) },
      });
      continue;
    }
    const problem = formProblem(entry, v.need);
    if (problem)
      out.push({
        check: 'env-mark',
        message: `${v.name} ${problem}`,
        where: { path: file, line: entry.line },
        fix: `rewrite its line as the code needs it (pipecat doctor --fix does)`,
        repair: {
          path: file,
          describe: `rewrite ${v.name} in ${file} as ${v.need}`,
          apply: (t) => withForm(t, v.name, v.need, commentFor(v)),
        },
      });
  }
  return out;
}

/** `env-unused`: declarations no code reads (only when every server file could be read). */
function unusedFindings(p: DoctorProject, text: string): Finding[] {
  const file = serverPath(p, SERVER_FILES.envExample);
  const needed = new Set(p.facts.env.map((v) => v.name));
  const seen = new Set<string>();
  const out: Finding[] = [];
  for (const e of readEnvExample(text)) {
    if (needed.has(e.name) || seen.has(e.name)) continue;
    seen.add(e.name);
    out.push({
      check: 'env-unused',
      message: `${file} declares ${e.name}, which no server code reads`,
      where: { path: file, line: e.line },
      fix: `remove its line (pipecat doctor --fix does), or read it in the code`,
      repair: { path: file, describe: `remove ${e.name} and its comment from ${file}`, apply: (t) => withoutEntry(t, e.name) },
    });
  }
  return out;
}

/** `env-empty`: a key the bot needs to run that `.env` lacks or leaves empty (names only). */
function dotenvFindings(p: DoctorProject): Finding[] {
  if (!p.dotenv) return [];
  const file = serverPath(p, SERVER_FILES.env);
  const out: Finding[] = [];
  for (const v of p.facts.env) {
    if (v.need !== 'required' && v.need !== 'local-only') continue;
    const present = p.dotenv.present.has(v.name);
    if (present && !p.dotenv.empty.has(v.name)) continue;
    out.push({
      check: 'env-empty',
      message: present ? `${v.name} is empty in ${file}, and the bot needs it` : `${file} has no ${v.name}, and the bot needs it`,
      where: present ? { path: file, line: p.dotenv.lines.get(v.name) } : { path: file },
      fix: `set ${v.name} in ${file} (its value: see the comment above it in ${serverPath(p, SERVER_FILES.envExample)})`,
    });
  }
  return out;
}

/**
 * The environment checks of a project.
 *
 * @param p the project
 * @returns findings `env-missing`, `env-mark`, `env-unused`, `env-unread`, `env-empty`
 */
export function envChecks(p: DoctorProject): Finding[] {
  const file = serverPath(p, SERVER_FILES.envExample);
  const text = p.text.envExample ?? '';
  const out = declarationFindings(p, text);
  const unread = unreadFiles(p);
  if (unread.length === 0) out.push(...unusedFindings(p, text));
  else if (readEnvExample(text).length)
    out.push({
      check: 'env-unread',
      message: `could not read ${unread.join(', ')}: the variables ${file} declares were not checked against it`,
      where: { path: unread[0] },
      fix: 'fix that file (see its finding), then run pipecat doctor again',
    });
  out.push(...dotenvFindings(p));
  return out;
}
