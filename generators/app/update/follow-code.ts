/**
 * An update follows the server code that stays. Once conflicts are settled and before anything is
 * applied, the settled server code (the plan's results for `server/*.py`, the project's files
 * otherwise) is read with the one reader (`code/reader.ts`, Python's `ast`), and:
 *
 * 1. where the code constructs one service of a role and the new configuration names another (the
 *    user kept their ElevenLabs lines while switching to Cartesia), the configuration follows the
 *    code: it is resolved again with that service, the files are rendered and planned again (so
 *    `.yo-rc.json`, the base, `pyproject.toml` and `.env.example` follow), and the report says so;
 * 2. `.env.example` and the pipecat-ai extras follow what the code reads and imports
 *    (`follow-files.ts`), the user's own additions included.
 *
 * A server file holding conflict markers or not parsing decides nothing: the configuration is left
 * as the flags make it, nothing is removed from either file, and the report says the next update
 * (or `pipecat doctor --fix`) brings them in line once it is resolved.
 *
 * Why: the server code is what runs; a configuration or `.env.example` that says otherwise makes a
 * deploy that passes its preflight and fails at the first session.
 */
import { lstatSync } from 'node:fs';
import { readRegularText } from '../files/regular-file.js';
import { join } from 'node:path';
import { findService } from '../catalogue/catalogue.js';
import type { ServiceRole } from '../catalogue/types.js';
import { codeFacts } from '../code/facts.js';
import { readServerCode } from '../code/reader.js';
import type { CodeFacts, CodeReading, ReadFile } from '../code/types.js';
import type { ConfigLayer } from '../config/resolve.js';
import type { ProjectConfig } from '../config/types.js';
import { renderFiles, type RenderedFile } from '../render/render.js';
import { settleConflicts, type ChooseConflict, type ConflictPolicy, type SettledConflicts } from './conflicts.js';
import { followEnvExample, followExtras } from './follow-files.js';
import { markerLines } from './markers.js';
import { bytes, planUpdate, type FilePlan } from './plan.js';

/** The server code's folder in a generated project. */
const SERVER = 'server';
/** The files that follow the code. */
const ENV_EXAMPLE = `${SERVER}/.env.example`;
const PYPROJECT = `${SERVER}/pyproject.toml`;

/** The roles whose service the configuration names, with their config keys. */
const ROLE_KEYS: readonly [ServiceRole, keyof ProjectConfig][] = [
  ['stt', 'stt_service'],
  ['llm', 'llm_service'],
  ['tts', 'tts_service'],
  ['realtime', 'realtime_service'],
  ['video', 'video_service'],
];

/** How roles are named in the report's line (`ElevenLabs TTS`). */
const ROLE_WORDS: Record<ServiceRole, string> = { stt: 'STT', llm: 'LLM', tts: 'TTS', realtime: 'realtime', video: 'video' };

/** A file's text, or null when it is missing or not a regular file. */
function fileText(abs: string): string | null {
  try {
    return lstatSync(abs).isFile() ? readRegularText(abs) : null;
  } catch {
    return null;
  }
}

/**
 * The settled server code: the plan's result for each `server/*.py` it writes or removes (a
 * removed file read as empty), by project path; the reader reads the rest from the project.
 */
function settledPython(plan: readonly FilePlan[]): Record<string, string> {
  const files: Record<string, string> = {};
  for (const f of plan) {
    if (!f.path.startsWith(`${SERVER}/`) || !f.path.endsWith('.py') || f.result === undefined) continue;
    files[f.path] = f.result === null ? '' : bytes(f.result).toString('utf8');
  }
  return files;
}

/** Whether a plan may change the server code (a `server/*.py` file it writes, removes or must settle). */
export function touchesCode(plan: readonly FilePlan[]): boolean {
  return plan.some((f) => f.path.startsWith(`${SERVER}/`) && f.path.endsWith('.py') && !['unchanged', 'keep'].includes(f.action));
}

/** A settled file's text: the plan's result, else the project's file. */
function settledText(root: string, plan: readonly FilePlan[], path: string): string | null {
  const f = plan.find((p) => p.path === path);
  if (f && f.result !== undefined) return f.result === null ? null : bytes(f.result).toString('utf8');
  return fileText(join(root, ...path.split('/')));
}

/** What the code says, read once. */
export interface CodeState {
  facts: CodeFacts;
  /** Server files that decide nothing: conflict markers or a syntax error. */
  unreadable: ReadFile[];
}

/**
 * Read the server code as the plan leaves it (or, without a plan, as the project has it).
 *
 * @param root absolute project folder
 * @param plan the settled plan, or none for the project as it is
 * @param transports the configuration's transport ids (for the variables pipecat reads for them)
 * @throws PythonNotFoundError (exit 2) when no Python can read the code
 */
export async function readSettledCode(root: string, plan: readonly FilePlan[] | null, transports: readonly string[]): Promise<CodeState> {
  const reading: CodeReading = await readServerCode({ root, files: plan ? settledPython(plan) : undefined });
  const unreadable = reading.files.filter((f) => f.error !== undefined || (f.markers?.length ?? 0) > 0);
  return { facts: codeFacts(reading, { transports: [...transports] }), unreadable };
}

/** A role whose code and configuration disagree: the code's one service, and where it is constructed. */
interface Disagreement {
  role: ServiceRole;
  key: keyof ProjectConfig;
  id: string;
  /** `server/bot.py` (the file importing the service's class), or `the server code`. */
  where: string;
}

/**
 * The service a role's code constructs: its one id, or among several imported (markers resolved by
 * hand leave both classes imported) the one whose required variables the code reads, every one.
 */
function constructed(ids: readonly string[], facts: CodeFacts): string[] {
  if (ids.length < 2) return [...ids];
  const read = new Set(facts.reading.env.map((r) => r.name));
  return ids.filter((id) => {
    const def = findService(id);
    const needed = (def?.env ?? []).filter((v) => v.required && def?.construct.includes(v.name));
    return needed.length > 0 && needed.every((v) => read.has(v.name));
  });
}

/** The roles where the code constructs exactly one service and the configuration names another. */
function disagreements(config: ProjectConfig, facts: CodeFacts): Disagreement[] {
  const out: Disagreement[] = [];
  for (const [role, key] of ROLE_KEYS) {
    const ids = constructed(facts.services[role] ?? [], facts);
    const named = config[key];
    if (ids.length !== 1 || typeof named !== 'string' || named === ids[0] || !findService(ids[0])) continue;
    const def = findService(ids[0])!;
    const from = def.imports[0];
    const at = facts.reading.imports.find((i) => i.module === from?.from && i.names.some((n) => from.names.includes(n)));
    out.push({ role, key, id: ids[0], where: at?.path ?? 'the server code' });
  }
  return out;
}

/** The report's line for a followed role. */
function followedLine(d: Disagreement): string {
  const label = findService(d.id)?.label ?? d.id;
  return `${d.where} still constructs ${label} ${ROLE_WORDS[d.role]}: kept ${d.id}`;
}

/** The report's line for server files that decide nothing yet. */
function unreadableLine(files: readonly ReadFile[]): string {
  const what = files
    .map((f) =>
      f.markers?.length ? `${f.path} holds conflict markers` : `${f.path} does not parse (line ${f.error?.line}: ${f.error?.message})`,
    )
    .join('; ');
  return `${what}: once resolved, the next \`pipecat update\` (or \`pipecat doctor --fix\`) brings .env.example, pyproject.toml and .yo-rc.json in line with the code`;
}

/** Inputs of {@link replan}. */
interface ReplanInput {
  root: string;
  /** The settled plan and the files it was planned against. */
  plan: FilePlan[];
  next: readonly RenderedFile[];
  base: ReadonlyMap<string, Buffer> | null;
  previous: readonly RenderedFile[] | null;
  /** The configuration the code asks for. */
  config: ProjectConfig;
  /** How the update settles conflicts: a re-planned conflict is settled the same way, or by the code (`mine`) after a terminal's choices. */
  how: ConflictPolicy | ChooseConflict | undefined;
  /** Where settling is recorded (the outcome); entries of re-planned files are replaced. */
  out: SettledConflicts;
}

/**
 * Plan again with the configuration the code asks for. A file rendered the same under both
 * configurations keeps its settled entry (the user's choices stand); the others are planned
 * again, and their conflicts settled with the update's policy, or by the code as it stands
 * (`yours` in each conflicting part) when the user chose at a terminal or there was nothing to settle.
 *
 * @returns the new plan and the rendered files (the new base)
 */
async function replan(input: ReplanInput): Promise<{ plan: FilePlan[]; next: RenderedFile[] }> {
  const next = renderFiles(input.config);
  const fresh = planUpdate({ root: input.root, next, base: input.base, previous: input.base ? null : input.previous });
  const before = new Map(input.next.map((f) => [f.path, bytes(f.contents)]));
  const settled = new Map(input.plan.map((f) => [f.path, f]));
  const plan: FilePlan[] = [];
  const again: FilePlan[] = [];
  for (const f of fresh) {
    const now = next.find((n) => n.path === f.path);
    const old = settled.get(f.path);
    if (old && now && before.get(f.path)?.equals(bytes(now.contents))) plan.push(old);
    else {
      plan.push(f);
      again.push(f);
    }
  }
  const paths = new Set(again.map((f) => f.path));
  input.out.marked.splice(0, Infinity, ...input.out.marked.filter((p) => !paths.has(p)));
  input.out.kept.splice(0, Infinity, ...input.out.kept.filter((p) => !paths.has(p)));
  for (const p of paths) delete input.out.settledAs[p];
  await settleConflicts(again, input.out, typeof input.how === 'string' ? input.how : 'mine');
  return { plan, next };
}

/**
 * Make `.env.example` and the pipecat-ai extras follow the code (the plan's entries get the new
 * text; a file left as it was, or kept as the user's, is noted "follows the code").
 *
 * @returns one line per file changed, naming the keys and extras added and removed
 */
function followFiles(root: string, plan: FilePlan[], state: CodeState, out: SettledConflicts): string[] {
  const notes: string[] = [];
  const partial = state.unreadable.length > 0;
  const apply = (path: string, edit: (text: string) => { text: string; added: string[]; removed: string[] }, noun: string): void => {
    const text = settledText(root, plan, path);
    // A file holding conflict markers is the user's to resolve first.
    if (text === null || out.marked.includes(path) || markerLines(text).length) return;
    const r = edit(text);
    if (r.text === text) return;
    let f = plan.find((p) => p.path === path);
    if (!f) plan.push((f = { path, action: 'update' }));
    if (f.action === 'unchanged' || f.action === 'keep') f.action = 'update';
    f.result = r.text;
    out.kept.splice(0, Infinity, ...out.kept.filter((p) => p !== path));
    out.settledAs[path] = out.settledAs[path] ? `${out.settledAs[path]}, then follows the code` : 'follows the code';
    const parts = [r.added.length ? `added ${r.added.join(', ')}` : '', r.removed.length ? `removed ${r.removed.join(', ')}` : ''];
    notes.push(`${path}: ${parts.filter(Boolean).join('; ')} (${noun})`);
  };
  apply(ENV_EXAMPLE, (t) => followEnvExample(t, state.facts, partial), 'as the code reads them');
  apply(PYPROJECT, (t) => followExtras(t, state.facts, partial), 'pipecat-ai extras, as the code imports them');
  return notes;
}

/** Inputs of {@link followCode}. */
interface FollowInput extends Omit<ReplanInput, 'config'> {
  /** The update's new configuration. */
  config: ProjectConfig;
  /**
   * The update's configuration resolved again with these services (config key → catalogue id)
   * on top of the flags.
   *
   * @throws ConfigError when the configuration cannot take them
   */
  reconfigure: (services: ConfigLayer) => ProjectConfig;
}

/** What following the code made of the update. */
interface Followed {
  plan: FilePlan[];
  /** The rendered files (the new base). */
  next: RenderedFile[] | readonly RenderedFile[];
  config: ProjectConfig;
  /** Lines for the report: the services kept, the files that followed, what decides nothing yet. */
  lines: string[];
  /** The settled code, as read. */
  state: CodeState;
}

/**
 * Follow the settled server code (the module's steps 1 and 2).
 *
 * @param input the settled plan and how it was settled, the configuration, how to resolve it again
 * @throws PythonNotFoundError (exit 2) when no Python can read the code; UpdateConflictsError,
 *   UpdateAbortedError as settling does
 */
export async function followCode(input: FollowInput): Promise<Followed> {
  let { plan, next, config } = input;
  let state = await readSettledCode(input.root, plan, config.transports);
  const lines: string[] = [];
  const diff = state.unreadable.length ? [] : disagreements(config, state.facts);
  if (state.unreadable.length) lines.push(unreadableLine(state.unreadable));
  if (diff.length) {
    let followed: ProjectConfig | undefined;
    try {
      followed = input.reconfigure(Object.fromEntries(diff.map((d) => [d.key, d.id])));
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      lines.push(
        ...diff.map((d) => `${followedLine(d).replace(/: kept .*$/, '')}, which the configuration cannot take (${why}): left as it is`),
      );
    }
    if (followed) {
      config = followed;
      ({ plan, next } = await replan({ ...input, plan, next, config }));
      lines.push(...diff.map(followedLine));
      state = await readSettledCode(input.root, plan, config.transports);
    }
  }
  lines.push(...followFiles(input.root, plan, state, input.out));
  return { plan, next, config, lines, state };
}
