/**
 * The secrets given to `pipecat cloud secrets set`: `KEY=value` arguments (`KEY=-` reads the value
 * from stdin), a dotenv `--file` (`-` for stdin), and how the two are merged.
 *
 * Merge rule: a pair on the command line overrides the same key from the file, the convention of
 * `docker run --env-file FILE -e KEY=value`. Every value keeps its provenance for the plan.
 */
import { UserError } from '../errors.js';
import { keyProblem } from './rules.js';
import { scanDotenv, scanDotenvFile, type DotenvContent, type DotenvScan, type DuplicateKey } from './dotenv.js';

/** A `KEY=value` argument after splitting on its first `=`. */
interface PairArgument {
  key: string;
  /** The value, or `undefined` for `KEY=-` (read from stdin). */
  value: string | undefined;
  /** 1-based position among the pair arguments (for messages). */
  position: number;
}

/** One secret to write, with where it came from. */
export interface SecretInput {
  key: string;
  value: string;
  /** Provenance shown in the plan: `path:line`, `<stdin>:line`, `argument` or `argument (stdin)`. */
  source: string;
  /** Provenance of the file entry this command-line pair replaced, if any. */
  overrides?: string;
}

/** Everything the user gave, merged, plus non-fatal findings to report. */
interface MergedInput {
  secrets: SecretInput[];
  /** Keys given more than once in the same place (last wins), for a warning. */
  duplicates: { key: string; where: string }[];
}

/**
 * Splits `KEY=value` arguments on their first `=` and checks every key.
 *
 * @param args the pair arguments in command-line order
 * @returns one {@link PairArgument} per argument
 * @throws UserError (exit 2) listing every argument without `=` or with an invalid key. An
 *   argument without `=` is named by position only: it might be a value typed by mistake.
 */
export function parsePairs(args: readonly string[]): PairArgument[] {
  const { pairs, problems } = scanPairs(args);
  if (problems.length > 0) throw new UserError('invalid KEY=value arguments (nothing was sent)', problems);
  return pairs;
}

/**
 * {@link parsePairs} without throwing: the valid pairs and one problem per invalid argument.
 *
 * @param args the pair arguments in command-line order
 */
function scanPairs(args: readonly string[]): { pairs: PairArgument[]; problems: string[] } {
  const problems: string[] = [];
  const pairs: PairArgument[] = [];
  args.forEach((arg, i) => {
    const where = `argument ${i + 1}`;
    const eq = arg.indexOf('=');
    if (eq < 0) {
      problems.push(`${where} is not KEY=value (${arg.length} characters, not shown; use KEY=- to read the value from stdin)`);
      return;
    }
    const key = arg.slice(0, eq);
    const raw = arg.slice(eq + 1);
    const kp = keyProblem(key, where, raw);
    if (kp) {
      problems.push(kp);
      return;
    }
    pairs.push({ key, value: raw === '-' ? undefined : raw, position: i + 1 });
  });
  return { pairs, problems };
}

/**
 * Removes one trailing line break (`\n` or `\r\n`), as `echo value |` and `$(...)` users expect.
 *
 * @param text what was read from stdin
 */
export function stripOneNewline(text: string): string {
  if (text.endsWith('\r\n')) return text.slice(0, -2);
  if (text.endsWith('\n')) return text.slice(0, -1);
  return text;
}

/** Where input may be read from; injected so tests and the command share one code path. */
interface InputSources {
  /**
   * Reads all of stdin as UTF-8 (called at most once), bounded (`./bounded-read.ts`).
   *
   * @param label how stdin is named if it is too large, e.g. `stdin (--file -)`
   */
  readStdin(label?: string): Promise<string>;
  /** Reads a secret value for `KEY=-` when stdin is a terminal (hidden prompt). */
  promptValue?(key: string): Promise<string>;
  /** True when stdin is a terminal. */
  stdinIsTTY: boolean;
}

/**
 * Gathers the secrets from `--file` and the pair arguments, then merges them.
 *
 * @param pairArgs raw `KEY=value` arguments
 * @param file value of `--file` (`-` for stdin), or undefined
 * @param sources stdin access
 * @returns merged secrets in order: file entries first (file order), then keys only on the command line
 * @throws UserError (exit 2) for invalid arguments or lines, several readers of stdin, or no keys at all
 */
export async function gatherSecrets(pairArgs: readonly string[], file: string | undefined, sources: InputSources): Promise<MergedInput> {
  const { pairs, problems: pairProblems } = scanPairs(pairArgs);
  const stdinPairs = pairs.filter((p) => p.value === undefined);
  const stdinReaders = stdinPairs.length + (file === '-' ? 1 : 0);
  if (stdinReaders > 1) {
    const who = [...(file === '-' ? ['--file -'] : []), ...stdinPairs.map((p) => `${p.key}=-`)];
    throw new UserError(`only one input can read stdin, but ${who.join(' and ')} both ask for it`);
  }
  if (pairs.length === 0 && pairProblems.length === 0 && file === undefined) {
    throw new UserError('no secrets given: pass KEY=value arguments and/or --file <path>');
  }

  let content: DotenvScan = { entries: [], duplicates: [], problems: [] };
  const fileLabel = file === '-' ? '<stdin>' : file;
  if (file === '-') content = scanDotenv(await sources.readStdin('stdin (--file -)'), '<stdin>');
  else if (file !== undefined) content = await scanDotenvFile(file);

  // Every problem is reported in one round: invalid arguments, invalid lines, and the values
  // (empty, NUL) of what could be read. A hidden prompt is not shown when the command will stop.
  const syntax = [...pairProblems, ...content.problems];
  const resolvedPairs: { key: string; value: string; source: string; position: number }[] = [];
  for (const p of pairs) {
    if (p.value !== undefined) {
      resolvedPairs.push({ key: p.key, value: p.value, source: 'argument', position: p.position });
    } else if (syntax.length > 0) {
      continue;
    } else if (sources.stdinIsTTY && sources.promptValue) {
      resolvedPairs.push({ key: p.key, value: await sources.promptValue(p.key), source: 'argument (prompt)', position: p.position });
    } else {
      resolvedPairs.push({
        key: p.key,
        value: stripOneNewline(await sources.readStdin(`stdin (${p.key}=-)`)),
        source: 'argument (stdin)',
        position: p.position,
      });
    }
  }
  const merged = mergeSecrets(content, fileLabel, resolvedPairs);
  const values = valueProblems(merged.secrets);
  const problems = [...syntax, ...values];
  if (problems.length > 0) {
    const onlyFile = pairProblems.length === 0 && values.length === 0;
    const onlyPairs = content.problems.length === 0 && values.length === 0;
    const onlyEmpty = syntax.length === 0 && values.every((v) => v.endsWith(EMPTY_TAIL));
    const headline = onlyFile
      ? `${fileLabel}: ${problems.length} invalid ${problems.length === 1 ? 'line' : 'lines'} (nothing was sent)`
      : onlyPairs
        ? 'invalid KEY=value arguments (nothing was sent)'
        : onlyEmpty
          ? `${values.length === 1 ? 'a value is' : `${values.length} values are`} empty (nothing was sent)`
          : `${problems.length} problems in the secrets given (nothing was sent)`;
    throw new UserError(headline, problems);
  }
  if (merged.secrets.length === 0) throw new UserError(`no secrets found in --file ${file}`);
  return merged;
}

/**
 * Merges file entries and command-line pairs: a pair overrides the file's entry for the same key.
 *
 * @param content the dotenv file's entries (empty when there is no file)
 * @param fileLabel the file's name in provenance labels
 * @param pairs command-line pairs with their values, in order
 * @returns merged secrets and duplicate notes
 */
export function mergeSecrets(
  content: DotenvContent,
  fileLabel: string | undefined,
  pairs: readonly { key: string; value: string; source: string; position: number }[],
): MergedInput {
  const duplicates: { key: string; where: string }[] = content.duplicates.map((d: DuplicateKey) => ({
    key: d.key,
    where: `${fileLabel} lines ${d.lines.join(', ')} (the last one is used)`,
  }));
  const merged = new Map<string, SecretInput>();
  for (const e of content.entries) merged.set(e.key, { key: e.key, value: e.value, source: `${fileLabel}:${e.line}` });

  const argPositions = new Map<string, number[]>();
  for (const p of pairs) argPositions.set(p.key, [...(argPositions.get(p.key) ?? []), p.position]);
  for (const [key, positions] of argPositions) {
    if (positions.length > 1) duplicates.push({ key, where: `arguments ${positions.join(', ')} (the last one is used)` });
  }
  const fromFile = new Map(merged);
  for (const p of pairs) {
    const fileEntry = fromFile.get(p.key);
    merged.set(p.key, { key: p.key, value: p.value, source: p.source, ...(fileEntry ? { overrides: fileEntry.source } : {}) });
  }
  return { secrets: [...merged.values()], duplicates };
}

const EMPTY_TAIL = 'the platform refuses empty values; remove the key or give it a value';

/**
 * The platform refuses empty values (the emulator answers 400 "secretValue must not be empty", see
 * docs/cloud-emulator.md), so they are reported before any request rather than as failed writes.
 *
 * @param secrets merged secrets
 * @returns one problem per empty value, naming the key and where it came from
 */
export function emptyValueProblems(secrets: readonly SecretInput[]): string[] {
  return secrets.filter((s) => s.value === '').map((s) => `${s.key} (from ${s.source}) is empty: ${EMPTY_TAIL}`);
}

/**
 * Every value problem of the merged secrets, named by key and source: empty values
 * ({@link emptyValueProblems}) and values holding a NUL byte (stdin or a prompt can deliver one;
 * neither the platform nor a process environment can keep it). File values with a NUL byte are
 * already reported as `file:line` by the dotenv reader.
 *
 * @param secrets merged secrets
 */
function valueProblems(secrets: readonly SecretInput[]): string[] {
  const nul = secrets
    .filter((s) => s.value.includes('\0'))
    .map((s) => `${s.key} (from ${s.source}) contains a NUL byte, which a secret cannot hold`);
  return [...emptyValueProblems(secrets), ...nul];
}
