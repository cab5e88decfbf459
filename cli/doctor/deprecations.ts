/**
 * `pipecat doctor`'s check `deprecated`: every use of a name pipecat's deprecation registry lists
 * (pipecat-ai's `scripts/deprecations/deprecations.json`, shipped as `python/pipecat-data.json`),
 * in the user's code as much as ours, as the one reader of the server code finds it
 * (`generators/app/code/`, {@link DeprecatedUse}). Each finding names the subject, its kind, since
 * when it is deprecated, the release that removes it, pipecat's replacement and pipecat's own
 * message; for the registry's `move` (a module's new dotted path) and `rename` (a function's or
 * class's new name) relations it carries a {@link Repair} that rewrites exactly that span.
 *
 * `pipecat update --pipecat VERSION` prints the same findings ({@link deprecationReport}).
 *
 * Source: pipecat-ai `scripts/deprecations/generate.py` (the registry's fields: `subject`, `kind`,
 * `deprecated_in`, `removed_in`, `relation`, `replacement`, `message`).
 */
import type { CodeReading, DeprecatedUse, DeprecationFix } from '../../generators/app/code/types.js';
import type { Finding, Repair } from './types.js';

/** The check's id (docs/doctor.md). */
const DEPRECATED_CHECK = 'deprecated';

/** Longest message of pipecat's quoted in a finding (its registry has none longer today). */
const MAX_MESSAGE = 300;

/**
 * pipecat's message made plain for one line of a terminal: reStructuredText roles and literals
 * (`` :class:`X` ``, ``` ``x`` ```) as plain `` `X` ``, control characters and runs of white space
 * as one space, cut to {@link MAX_MESSAGE} characters.
 *
 * @param text the registry's `message`
 */
export function plainMessage(text: string): string {
  const plain = text
    .replace(/:[a-z]+:`~?([^`]+)`/g, '`$1`')
    .replace(/``([^`]+)``/g, '`$1`')
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f\s]+/g, ' ')
    .trim();
  return plain.length > MAX_MESSAGE ? `${plain.slice(0, MAX_MESSAGE - 1)}…` : plain;
}

/** The last dotted part of a subject (`PipelineWorker.tool_resources` → `tool_resources`). */
function lastPart(subject: string): string {
  return subject.slice(subject.lastIndexOf('.') + 1);
}

/**
 * What to do about one use, in words: pipecat's replacement as the relation means it.
 *
 * @param use the use the reader found
 */
function whatToDo(use: DeprecatedUse): string {
  const by = use.replacement ? `\`${use.replacement}\`` : undefined;
  const removal = `before pipecat ${use.removedIn}`;
  if (!by) return `pipecat names no replacement: stop using \`${use.subject}\` ${removal}`;
  switch (use.relation) {
    case 'move':
      return `import from ${by} instead of \`${use.subject}\` (pipecat doctor --fix rewrites it)`;
    case 'rename':
      return `use ${by} instead of \`${lastPart(use.subject)}\` (pipecat doctor --fix rewrites it)`;
    default:
      if (use.kind === 'parameter') return `pass ${by} instead of \`${lastPart(use.subject)}\` ${removal}`;
      return `use ${by} instead of \`${use.subject}\` ${removal}`;
  }
}

/**
 * The finding's sentence: subject, kind, since when, removed in, and pipecat's own message.
 *
 * @param use the use the reader found
 */
function deprecationMessage(use: DeprecatedUse): string {
  const replacement = use.replacement ? `; replacement: ${use.replacement}` : '';
  return (
    `${use.subject} (${use.kind}) is deprecated since pipecat ${use.deprecatedIn} and removed in ${use.removedIn}` +
    `${replacement}. pipecat: "${plainMessage(use.message)}"`
  );
}

/**
 * A line's text rewritten at a fix's span: `fix.from` at `fix.column` (code points) becomes
 * `fix.to`. When an earlier repair on the same line moved the span, the occurrence of `fix.from`
 * nearest the recorded column is taken; a line no longer holding `fix.from` is left as it is
 * (already repaired by hand).
 *
 * @param line one line, without its line break
 * @param fix the span and its replacement
 */
function rewriteSpan(line: string, fix: DeprecationFix): string {
  const chars = Array.from(line);
  const from = Array.from(fix.from);
  const at = (i: number) => from.every((c, k) => chars[i + k] === c);
  let best = -1;
  for (let i = 0; i + from.length <= chars.length; i++) {
    if (at(i) && (best < 0 || Math.abs(i - fix.column) < Math.abs(best - fix.column))) best = i;
  }
  if (best < 0) return line;
  return [...chars.slice(0, best), fix.to, ...chars.slice(best + from.length)].join('');
}

/**
 * The repair of one use: its line with the span rewritten ({@link rewriteSpan}); every other line
 * (and every line break, `\r\n` included) kept byte for byte.
 *
 * @param use a use with a `fix`
 */
function deprecationRepair(use: DeprecatedUse & { fix: DeprecationFix }): Repair {
  const { fix } = use;
  return {
    path: use.path,
    describe: `${use.path}:${use.line}: ${fix.from} → ${fix.to}`,
    apply: (text) => {
      const lines = text.split('\n');
      const i = use.line - 1;
      if (i < 0 || i >= lines.length) return text;
      const cr = lines[i]!.endsWith('\r');
      const body = cr ? lines[i]!.slice(0, -1) : lines[i]!;
      lines[i] = rewriteSpan(body, fix) + (cr ? '\r' : '');
      return lines.join('\n');
    },
  };
}

/**
 * The key of one use: its place, kind and subject; for a parameter, its name and replacement
 * instead of the class (`CartesiaTTSService.aggregate_sentences` and the base class's
 * `TTSService.aggregate_sentences` are one keyword to change).
 */
function useKey(u: DeprecatedUse): string {
  const what = u.kind === 'parameter' ? `${lastPart(u.subject)}\0${u.replacement ?? ''}` : u.subject;
  return `${u.path}\0${u.line}\0${u.kind}\0${what}`;
}

/**
 * One use per subject and span: the reader may meet one import twice (the module, and each name
 * taken from it), and a keyword once per class of the callee's bases that deprecates it; the
 * first is kept (the most specific class), or the one carrying a `fix`, and uses at distinct
 * columns stay distinct.
 *
 * @param uses the reader's deprecated uses
 */
function distinctUses(uses: readonly DeprecatedUse[]): DeprecatedUse[] {
  const byKey = new Map<string, DeprecatedUse>();
  for (const u of uses) {
    const key = useKey(u);
    const seen = byKey.get(key);
    if (!seen || (!seen.fix && u.fix)) byKey.set(key, u);
    else if (seen.fix && u.fix && seen.fix.column !== u.fix.column) byKey.set(`${key}\0${u.fix.column}`, u);
  }
  return [...byKey.values()];
}

/**
 * The findings of the `deprecated` check: one per use, in file and line order; on one line the
 * rightmost span first, so repairs applied in this order leave the columns of the rest in place.
 *
 * @param p the project's reading of its server code (`DoctorProject` has it)
 * @returns findings with check id {@link DEPRECATED_CHECK}, `where` the use's file and line
 */
export function deprecationChecks(p: { readonly reading: Pick<CodeReading, 'deprecations'> }): Finding[] {
  const uses = distinctUses(p.reading.deprecations).sort(
    (a, b) => a.path.localeCompare(b.path) || a.line - b.line || (b.fix?.column ?? -1) - (a.fix?.column ?? -1),
  );
  return uses.map((use) => ({
    check: DEPRECATED_CHECK,
    message: deprecationMessage(use),
    where: { path: use.path, line: use.line },
    fix: whatToDo(use),
    ...(use.fix && (use.relation === 'move' || use.relation === 'rename') ? { repair: deprecationRepair({ ...use, fix: use.fix }) } : {}),
  }));
}

/** Where the shipped registry comes from: pipecat's version and commit (`python/pipecat-data.json`). */
interface RegistrySource {
  readonly version: string;
  readonly commit: string;
}

/**
 * The deprecation report `pipecat update --pipecat VERSION` prints on stderr: a note when VERSION
 * is newer than the registry shipped, then one line per finding (`file:line: message`, then what
 * to do), or that none of the code's names is deprecated.
 *
 * @param findings the `deprecated` check's findings
 * @param source the registry's pipecat version and commit
 * @param olderThanTarget VERSION is newer than the registry's release (the note is printed)
 * @returns the report's text, lines ending in `\n`
 */
export function deprecationReport(findings: readonly Finding[], source: RegistrySource, olderThanTarget?: string): string {
  const lines: string[] = [];
  if (olderThanTarget)
    lines.push(
      `note: the deprecation data is from pipecat ${source.version} (${source.commit}), older than ${olderThanTarget}: ` +
        'what that release deprecates since is not known here; what follows is what the data knows.',
    );
  if (findings.length === 0) lines.push(`Deprecations: the server code uses no name pipecat ${source.version} deprecates.`);
  else lines.push(`Deprecations: the server code uses ${findings.length} name${findings.length === 1 ? '' : 's'} pipecat deprecates:`);
  for (const f of findings) {
    const where = 'path' in f.where ? `${f.where.path}${f.where.line ? `:${f.where.line}` : ''}` : f.where.set;
    lines.push(`  ${where}: ${f.message}`, `    fix: ${f.fix}`);
  }
  if (findings.some((f) => f.repair)) lines.push('Run `pipecat doctor --fix` to rewrite the moved modules and renamed names.');
  return lines.map((l) => `${l}\n`).join('');
}
