/**
 * The `.dockerignore` matcher, in linear time.
 *
 * Patterns are read by `@balena/dockerignore` (a port of Docker's own matcher, moby
 * `pkg/fileutils`: root-anchored patterns, `**`, `!` exceptions, the last matching line wins, a
 * matched parent folder excludes what is in it), which turns each pattern into a regular
 * expression as Docker does. Docker runs that expression with Go's `regexp` (RE2: linear in the
 * name's length); a JavaScript `RegExp` backtracks instead, so a line such as `*a*a*a*a*a*a*b`
 * against a long name of `a`s takes minutes. Here every pattern's expression is compiled eagerly,
 * line by line, with `re2js` (the JavaScript port of RE2, the engine Docker's Go code uses), so
 * matching stays linear and a pattern that is no valid expression is refused with its line
 * (Docker refuses it too: "syntax error in pattern"). docs/deploy.md "Build context".
 */
import type { Ignore } from '@balena/dockerignore';
import { UserError } from '../errors.js';

/** What decides whether a context path is left out. */
export type Matcher = { ignores(path: string): boolean };

/** A rule as `@balena/dockerignore` 1.0.2 keeps it (its pinned internals). */
interface BalenaRule {
  regexp?: { test(s: string): boolean; source?: string };
}
/** The matcher's internals this module relies on (`@balena/dockerignore` 1.0.2, pinned). */
interface BalenaInternals {
  _rules: BalenaRule[];
  _compile(rule: BalenaRule): BalenaRule;
}

/**
 * A matcher for `lines` by Docker's rules, each pattern run by RE2 (linear time).
 *
 * @param lines the `.dockerignore` lines (or default patterns), in order; blank and `#` lines
 *   are skipped as Docker skips them
 * @param source how the lines are named in errors, e.g. `.dockerignore` (line numbers are
 *   1-based positions in `lines`)
 * @param lineOffset added to a position to give the line number named in errors
 * @returns the matcher
 * @throws UserError (exit 2) naming `source:LINE` for a pattern that is no valid expression
 */
export async function linearMatcher(lines: readonly string[], source: string, lineOffset = 0): Promise<Matcher> {
  // A CommonJS module whose declaration file says `export default`: its factory is `default.default`.
  const ignore = (await import('@balena/dockerignore')).default.default;
  const { RE2JS } = await import('re2js');
  const m: Ignore = ignore();
  const inner = m as unknown as BalenaInternals;
  const compile = inner._compile.bind(m);
  for (const [i, line] of lines.entries()) {
    const before = inner._rules.length;
    m.add(line);
    for (const rule of inner._rules.slice(before)) {
      try {
        // The library writes the expression (as Docker does) into a RegExp that is never run.
        const source = compile(rule).regexp!.source!;
        const re = RE2JS.compile(source);
        rule.regexp = { test: (s: string) => re.test(s) };
      } catch (err) {
        throw new UserError(`${source}:${i + 1 + lineOffset}: not a valid pattern: ${line.trim()} (${(err as Error).message})`);
      }
    }
  }
  return m;
}
