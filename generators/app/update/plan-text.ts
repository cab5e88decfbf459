/**
 * The plan of `pipecat update --dry-run`: for people by default (one line per file with its
 * action, the counts, what the configuration change is, what would be asked), and as JSON with
 * `--json` (`{ config, files: [{ path, action }] }`, the shape scripts and docs/updating.md rely
 * on; a file holding conflict markers from an earlier update also has `markers`, their lines).
 *
 * `--dry-run` prints the plan for people, and JSON with `--json` for scripts (docs/updating.md).
 */
import type { ProjectConfig } from '../config/types.js';
import { YO_RC_FILE } from '../config/yo-rc.js';
import { splitLeftovers, whereMarkers } from './markers.js';
import { describeConflict, partCount, type FileAction } from './plan.js';
import type { UpdateOutcome } from './update.js';

/** The `--dry-run --json` document. */
interface PlanDocument {
  config: ProjectConfig;
  files: { path: string; action: string; markers?: number[] }[];
}

/**
 * The `--dry-run --json` document: the new configuration and every planned file's action.
 *
 * @param outcome the dry run's outcome
 */
export function planDocument(outcome: Pick<UpdateOutcome, 'config' | 'plan' | 'leftover'>): PlanDocument {
  const markers = new Map((outcome.leftover ?? []).map((m) => [m.path, m.lines]));
  return {
    config: outcome.config,
    files: outcome.plan.map((f) => ({ path: f.path, action: f.action, ...(markers.has(f.path) ? { markers: markers.get(f.path) } : {}) })),
  };
}

/** The order files are listed in: what needs the user first, what changes nothing last. */
const ORDER: readonly FileAction[] = ['conflict', 'merge', 'update', 'add', 'remove', 'keep', 'unchanged'];

/** A configuration value in words. */
function shown(v: unknown): string {
  if (Array.isArray(v)) return v.length ? v.join(', ') : 'none';
  return v === null || v === undefined || v === '' ? 'none' : String(v);
}

/** `tts_service: cartesia_tts → elevenlabs_tts` for each recorded value the update changes. */
function configChanges(before: ProjectConfig | null, after: ProjectConfig): string[] {
  if (!before) return [];
  const b = before as unknown as Record<string, unknown>;
  const a = after as unknown as Record<string, unknown>;
  return Object.keys(a)
    .filter((k) => JSON.stringify(b[k] ?? null) !== JSON.stringify(a[k] ?? null))
    .map((k) => `${k}: ${shown(b[k])} → ${shown(a[k])}`);
}

/** The note after a file's line, if any. */
function fileNote(outcome: UpdateOutcome, path: string, action: FileAction): string {
  const f = outcome.plan.find((p) => p.path === path)!;
  if (action === 'conflict') {
    const n = partCount(f);
    const why = describeConflict(f).slice(path.length + 2);
    return `${why}${n ? ` (${n} conflicting part${n > 1 ? 's' : ''})` : ''}`;
  }
  if (action === 'remove' && outcome.needsConsent?.includes(path)) return 'asks first (or --remove-unused)';
  if (action === 'keep') return 'your own guide: not updated';
  return '';
}

/**
 * The dry run's plan for people.
 *
 * @param outcome the dry run's outcome
 * @param shownRoot the project folder as shown (`.` or a relative path)
 * @returns lines without trailing newlines
 */
export function planLines(outcome: UpdateOutcome, shownRoot: string): string[] {
  const files = outcome.plan.filter((f) => f.path !== YO_RC_FILE);
  const where = shownRoot === '.' ? 'the current directory' : shownRoot;
  const lines = [`Plan for ${outcome.config.project_name} in ${where} (dry run: nothing is written; --json prints it as JSON)`];
  const changes = configChanges(outcome.before, outcome.config);
  if (changes.length) lines.push('Configuration:', ...changes.map((c) => `  ${c}`));
  const width = Math.max(...files.map((f) => f.path.length));
  const sorted = [...files].sort((x, y) => ORDER.indexOf(x.action) - ORDER.indexOf(y.action));
  lines.push('Files:');
  for (const f of sorted) {
    const note = fileNote(outcome, f.path, f.action);
    lines.push(`  ${f.action.padEnd(9)} ${note ? `${f.path.padEnd(width)}  ${note}` : f.path}`);
  }
  const counts = ORDER.map((a) => [a, files.filter((f) => f.action === a).length] as const).filter(([, n]) => n > 0);
  lines.push(`${files.length} files: ${counts.map(([a, n]) => `${n} ${a}`).join(', ')}`);
  if (counts.some(([a]) => a === 'conflict'))
    lines.push('Conflicts are asked about on a terminal (per file or per part); without one: --conflicts yours|new|markers, else exit 3.');
  const { refused, reported } = splitLeftovers(outcome.leftover ?? [], outcome.plan);
  if (refused.length)
    lines.push(
      `Conflict markers from an earlier update, in files this update changes (it stops until they are resolved): ${refused.map(whereMarkers).join('; ')}`,
    );
  if (reported.length) lines.push(`Conflict markers from an earlier update, still to resolve: ${reported.map(whereMarkers).join('; ')}`);
  return lines;
}
