/**
 * Reading secrets from a dotenv file, with `file:line` errors.
 *
 * Values come from the `dotenv` package's parser (the de-facto format: comments, blank lines,
 * `export ` prefixes, single, double and backtick quotes, inline comments, multi-line quoted values,
 * `\n` expansion in double quotes). `dotenv.parse` silently skips lines it cannot read and keeps no
 * line numbers, so a small line scanner runs first: it finds where each entry starts and ends,
 * reports every line that is not a valid entry as `file:line`, checks keys against the environment
 * variable rule, and notes duplicate keys. Each entry's text is then handed to `dotenv.parse`.
 *
 * Error messages never include a line's text: it may hold a secret value.
 */
import dotenv from 'dotenv';
import { UserError } from '../errors.js';
import { readFileBounded } from './bounded-read.js';
import { keyProblem } from './rules.js';

/** One entry read from a dotenv file. */
interface DotenvEntry {
  /** The key (an environment variable name). */
  key: string;
  /** The value, as `dotenv.parse` reads it. */
  value: string;
  /** 1-based line where the entry starts. */
  line: number;
}

/** A key that appears more than once; the last occurrence wins (as with `dotenv` and a shell). */
export interface DuplicateKey {
  key: string;
  /** Every 1-based line where the key appears, in file order. */
  lines: number[];
}

/** What a dotenv file holds. */
export interface DotenvContent {
  /** One entry per distinct key, in order of first appearance, holding the last value. */
  entries: DotenvEntry[];
  duplicates: DuplicateKey[];
}

const QUOTES = new Set(["'", '"', '`']);
const ENTRY_START = /^\s*(?:export\s+)?([^=\s]+)\s*=(.*)$/;
const AFTER_CLOSING_QUOTE = /^\s*(?:#.*)?$/;

/** What {@link scanDotenv} found: the readable entries and every problem, nothing thrown. */
export interface DotenvScan extends DotenvContent {
  /** One line per invalid line or value, as `label:line: reason` (never the line's text). */
  problems: string[];
}

/**
 * Parses dotenv text.
 *
 * @param text file content (UTF-8; a BOM and CRLF line ends are accepted)
 * @param label how the file is named in messages: its path as given, or `<stdin>`
 * @returns the entries and duplicate keys
 * @throws UserError (exit 2) listing every invalid line as `label:line: reason`
 */
export function parseDotenv(text: string, label: string): DotenvContent {
  const { problems, entries, duplicates } = scanDotenv(text, label);
  if (problems.length > 0) {
    throw new UserError(`${label}: ${problems.length} invalid ${problems.length === 1 ? 'line' : 'lines'} (nothing was sent)`, problems);
  }
  return { entries, duplicates };
}

/**
 * Reads dotenv text like {@link parseDotenv} but returns the problems with the entries it could
 * read, so a caller can report them in one round with problems found elsewhere (empty values).
 * A value holding a NUL byte is a problem here (`label:line`): neither the platform's JSON nor a
 * process environment can carry it intact.
 *
 * @param text file content
 * @param label how the file is named in messages
 * @returns entries, duplicates and problems (empty when the text is valid)
 */
export function scanDotenv(text: string, label: string): DotenvScan {
  const lines = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  const problems: string[] = [];
  const byKey = new Map<string, DotenvEntry>();
  const seen = new Map<string, number[]>();

  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i];
    const lineNo = i + 1;
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const where = `${label}:${lineNo}`;
    const m = ENTRY_START.exec(raw);
    if (!m) {
      problems.push(`${where}: not a KEY=value entry (${trimmed.length} characters, not shown)`);
      continue;
    }
    const key = m[1];
    const rest = m[2].replace(/^[ \t]+/, '');
    let last = i;
    if (rest.length > 0 && QUOTES.has(rest[0])) {
      const quote = rest[0];
      const closing = findClosingQuote(lines, i, raw.length - rest.length + 1, quote);
      if (!closing) {
        problems.push(`${where}: the value opens with ${quote} but the quote is never closed`);
        break; // everything after is inside the unterminated value
      }
      last = closing.line;
      const after = lines[closing.line].slice(closing.column + 1);
      if (!AFTER_CLOSING_QUOTE.test(after)) {
        problems.push(`${label}:${closing.line + 1}: unexpected text after the closing ${quote} (start a comment with " #")`);
        i = last;
        continue;
      }
    }
    const kp = keyProblem(key, where, m[2]);
    if (kp) {
      problems.push(kp);
      i = last;
      continue;
    }
    const chunk = lines.slice(i, last + 1).join('\n');
    const parsed = dotenv.parse(chunk);
    const parsedKeys = Object.keys(parsed);
    if (parsedKeys.length !== 1 || parsedKeys[0] !== key) {
      problems.push(`${where}: cannot read the value of ${key} (check its quoting)`);
      i = last;
      continue;
    }
    if (parsed[key].includes('\0')) {
      problems.push(`${where}: the value of ${key} contains a NUL byte, which a secret cannot hold`);
      i = last;
      continue;
    }
    seen.set(key, [...(seen.get(key) ?? []), lineNo]);
    const previous = byKey.get(key);
    if (previous) byKey.set(key, { ...previous, value: parsed[key], line: lineNo });
    else byKey.set(key, { key, value: parsed[key], line: lineNo });
    i = last;
  }

  // Entries keep the position of their first appearance but the line of the winning (last) one.
  const entries = [...byKey.values()];
  const duplicates = [...seen.entries()].filter(([, l]) => l.length > 1).map(([key, l]) => ({ key, lines: l }));
  return { entries, duplicates, problems };
}

/**
 * Finds the quote that closes a value opened at `lines[startLine][startColumn - 1]`, following
 * the value onto later lines (multi-line values). A backslash before the quote character escapes it,
 * as in the `dotenv` package's grammar.
 */
function findClosingQuote(
  lines: string[],
  startLine: number,
  startColumn: number,
  quote: string,
): { line: number; column: number } | undefined {
  let col = startColumn;
  for (let l = startLine; l < lines.length; l++) {
    const s = lines[l];
    for (let c = l === startLine ? col : 0; c < s.length; c++) {
      if (s[c] === '\\' && s[c + 1] === quote) {
        c++;
        continue;
      }
      if (s[c] === quote) return { line: l, column: c };
    }
    col = 0;
  }
  return undefined;
}

/**
 * Reads and parses a dotenv file, returning its problems (see {@link scanDotenv}).
 *
 * @param path the path given to `--file`
 * @throws UserError (exit 2) only when the file cannot be read or is larger than 64 MiB
 */
export async function scanDotenvFile(path: string): Promise<DotenvScan> {
  const text = await readFileBounded(path, `--file ${path}`);
  return scanDotenv(text, path);
}
