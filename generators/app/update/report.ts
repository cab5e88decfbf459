/**
 * What `pipecat update` tells the user after the files changed: environment variables newly
 * needed and no longer used (with the Pipecat Cloud secret-set commands when the project deploys
 * there), and the install commands to run when dependencies changed.
 *
 * Why: the user learns what changed without diffing the project themselves (docs/updating.md).
 */
import { installLine } from '../catalogue/install-commands.js';
import { buildContext } from '../render/context.js';
import { deriveValues } from '../config/resolve.js';
import type { ProjectConfig } from '../config/types.js';
import { YO_RC_FILE } from '../config/yo-rc.js';
import type { NeededVar } from '../code/types.js';
import type { CodeState } from './follow-code.js';
import { markerLines, whereMarkers } from './markers.js';
import type { UpdateOutcome } from './update.js';

/** Names of the variables a configuration's `.env.example` sets (commented ones excluded). */
function envVarNames(config: ProjectConfig): string[] {
  return buildContext(config).envGroups.flatMap((g) => g.vars.filter((v) => !v.commented).map((v) => v.name));
}

/** Inputs of {@link updateReport}. */
interface ReportInput {
  /** The recorded configuration before the update (null when it no longer resolves). */
  before: ProjectConfig | null;
  /** The configuration after it. */
  after: ProjectConfig;
  /** Project-relative paths whose contents changed (written, merged or removed). */
  changed: readonly string[];
  /** Project folder as shown to the user (`.` or a relative path). */
  shownRoot: string;
  /**
   * The server code before and after the update, as read: when given, the variables come from it
   * (what the code reads), not from the configurations.
   */
  code?: { before: CodeState; after: CodeState };
}

/** The variable changes the report words, and which of them concern the Pipecat Cloud secret set. */
interface EnvChanges {
  added: string[];
  unused: string[];
  /** An added key the deployed bot reads (not one Pipecat Cloud supplies): the set needs updating. */
  setNeedsAdded: boolean;
  /** Unused keys the secret set may hold (not local-runner-only ones). */
  unset: string[];
}

/** The variables a reading needs the user to set (runner-set ones aside). */
function userVars(state: CodeState): NeededVar[] {
  return state.facts.env.filter((v) => v.need !== 'runner-set');
}

/**
 * The variable changes: from the code read before and after when known (a key the kept code still
 * reads is never unused; with a server file that decides nothing yet, nothing is called unused),
 * else from the configurations' `.env.example` lines.
 */
function envChanges(input: ReportInput): EnvChanges {
  if (input.code) {
    const before = userVars(input.code.before);
    const after = userVars(input.code.after);
    const added = after.filter((v) => !before.some((b) => b.name === v.name));
    const unused = input.code.after.unreadable.length ? [] : before.filter((v) => !after.some((a) => a.name === v.name));
    return {
      added: added.map((v) => v.name),
      unused: unused.map((v) => v.name),
      setNeedsAdded: added.some((v) => v.need !== 'local-only'),
      unset: unused.filter((v) => v.need !== 'local-only').map((v) => v.name),
    };
  }
  const before = input.before ? envVarNames(input.before) : [];
  const after = envVarNames(input.after);
  const added = after.filter((v) => !before.includes(v));
  const unused = input.before ? before.filter((v) => !after.includes(v)) : [];
  return { added, unused, setNeedsAdded: added.length > 0, unset: unused };
}

/**
 * The lines after an update: env changes (what the code reads before and after, when read), then
 * install commands.
 *
 * @param input configurations before and after, changed paths, the code read before and after
 * @returns lines (possibly none), without secret values (only names)
 */
function updateReport(input: ReportInput): string[] {
  const out: string[] = [];
  const server = input.shownRoot === '.' ? 'server' : `${input.shownRoot}/server`;
  const { added, unused, setNeedsAdded, unset } = envChanges(input);
  const secretSet = deriveValues(input.after).secret_set;
  if (added.length) {
    out.push('', `Environment variables now needed (add them to ${server}/.env; see .env.example):`, ...added.map((v) => `  ${v}`));
    if (input.after.deploy_to_cloud && setNeedsAdded)
      out.push('  then update the Pipecat Cloud secret set (in server/):', `  pipecat cloud secrets set ${secretSet} --file .env`);
  }
  if (unused.length) {
    out.push('', `Environment variables no longer used (you may remove them from ${server}/.env):`, ...unused.map((v) => `  ${v}`));
    if (input.after.deploy_to_cloud && input.before?.deploy_to_cloud && unset.length) {
      out.push('  and from the Pipecat Cloud secret set:', ...unset.map((v) => `  pipecat cloud secrets unset ${secretSet} ${v}`));
    }
  }
  const installs: string[] = [];
  if (input.changed.includes('server/pyproject.toml')) installs.push(`  cd ${server} && ${installLine('server')}`);
  if (input.changed.includes('client/package.json') && deriveValues(input.after).client) {
    installs.push(`  cd ${input.shownRoot === '.' ? 'client' : `${input.shownRoot}/client`} && ${installLine('client')}`);
  }
  if (installs.length) out.push('', 'Dependencies changed: install them', ...installs);
  return out;
}

/** `server/bot.py:74, 120`: a marked file and the lines its conflicts start at, in the written text. */
function markedAt(outcome: UpdateOutcome): (path: string) => string {
  return (path) => {
    const r = outcome.plan.find((f) => f.path === path)?.result;
    const lines = typeof r === 'string' || r instanceof Buffer ? markerLines(r.toString()) : [];
    return lines.length ? whereMarkers({ path, lines }) : path;
  };
}

/**
 * Everything printed after an applied update: a headline with counts, one line per changed file,
 * then {@link updateReport}, then where conflict markers were written. Shared by `pipecat update`
 * and `yo pipecat` inside a project.
 *
 * @param outcome the result of `runUpdate`
 * @param shownRoot the project folder as shown (`.` or a relative path)
 * @returns lines without trailing newlines
 */
export function summaryLines(outcome: UpdateOutcome, shownRoot: string): string[] {
  const lines: string[] = [];
  const counts = new Map<string, number>();
  // `.yo-rc.json` is rewritten on every update and not listed below: not counted either.
  for (const f of outcome.plan) if (f.path !== YO_RC_FILE) counts.set(f.action, (counts.get(f.action) ?? 0) + 1);
  const verbs: Record<string, string> = { update: 'updated', merge: 'merged', add: 'added', remove: 'removed', conflict: 'conflicting' };
  const projectChanged = outcome.changed.filter((p) => p !== YO_RC_FILE);
  const upToDate = projectChanged.length === 0 && !outcome.plan.some((f) => f.action === 'conflict');
  lines.push(
    upToDate
      ? `${outcome.config.project_name} is up to date${outcome.hadBase ? '' : ' (its base is now recorded in .pipecat/base/)'}`
      : `Updated ${outcome.config.project_name} in ${shownRoot === '.' ? 'the current directory' : shownRoot}: ${Object.keys(verbs)
          .filter((a) => counts.get(a))
          .map((a) => `${counts.get(a)} ${verbs[a]}`)
          .join(', ')}`,
  );
  // What followed the code: the services kept, the files that followed, what decides nothing yet.
  lines.push(...(outcome.followed ?? []));
  for (const f of outcome.plan) {
    if (f.action === 'unchanged' || f.path === YO_RC_FILE || (f.action === 'keep' && upToDate)) continue;
    const note = outcome.kept.includes(f.path)
      ? '   (kept yours)'
      : f.action === 'keep'
        ? '   (your own guide: not updated)'
        : outcome.marked.includes(f.path)
          ? '   (conflict markers)'
          : outcome.settledAs?.[f.path]
            ? `   (${outcome.settledAs[f.path]})`
            : '';
    lines.push(`  ${f.action.padEnd(8)} ${f.path}${note}`);
  }
  for (const t of outcome.removedFolders ?? [])
    lines.push(`Removed all of ${t}/: the new configuration generates nothing in it (none of its files was edited).`);
  lines.push(...updateReport({ before: outcome.before, after: outcome.config, changed: outcome.changed, shownRoot, code: outcome.code }));
  if (outcome.marked.length) {
    lines.push(
      '',
      `Conflict markers (<<<<<<< yours … >>>>>>> pipecat update) were written into: ${outcome.marked.map(markedAt(outcome)).join('; ')}`,
      'Edit each to keep what you want, then remove the markers.',
    );
  }
  return lines;
}
