/**
 * The runtime tier's proof that it can fail, as one mechanism: generate a project, copy it once per
 * mutation, break each copy on purpose, and run the unbroken project and every mutant through the
 * harness (test/runtime/mutations.test.ts, evals.test.ts, websocket-mutations.test.ts use it).
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir, runCliAsync } from '../helpers/cli.js';
import { runSpec, type ProjectSpec, type SessionResult } from './harness.js';

/** One deliberate break of a generated project. */
export interface Mutation {
  /** Test name. */
  name: string;
  /** Project-relative file to change. */
  file: string;
  /** Text replaced (the mutation must apply, or the run throws). */
  from: string | RegExp;
  to: string;
  /** What the tier must report for the mutant. */
  expect: RegExp;
}

/**
 * Generate `init -n phone ARGS`, make one mutant per mutation, and run each (and the unbroken
 * project, named `unbroken`) with the spec `specOf` builds.
 *
 * @param prefix temp folder prefix
 * @param args `pipecat init` arguments without `-n`/`-o`
 * @param mutations the breaks
 * @param specOf the harness spec of a project folder (which sessions, which env variants)
 * @returns the temp folder (remove it after) and the session results by run name
 * @throws Error when generation fails or a mutation does not apply
 */
export async function runMutants(
  prefix: string,
  args: readonly string[],
  mutations: readonly Mutation[],
  specOf: (dir: string) => ProjectSpec,
): Promise<{ out: string; results: Map<string, SessionResult[]> }> {
  const out = makeTempDir(prefix);
  const r = await runCliAsync(['init', '-n', 'phone', ...args, '-o', out]);
  if (r.code !== 0) throw new Error(`init failed: ${r.stderr}`);
  const base = join(out, 'phone');
  const runs = [{ name: 'unbroken', dir: base }];
  for (const [i, m] of mutations.entries()) {
    const dir = join(out, `mutant-${i}`);
    cpSync(base, dir, { recursive: true });
    const path = join(dir, m.file);
    const text = readFileSync(path, 'utf8');
    const mutated = text.replace(m.from, m.to);
    if (mutated === text) throw new Error(`mutation "${m.name}" did not apply to ${m.file}`);
    writeFileSync(path, mutated);
    runs.push({ name: m.name, dir });
  }
  const results = new Map<string, SessionResult[]>();
  await Promise.all(runs.map(async (run) => results.set(run.name, await runSpec(specOf(run.dir)))));
  return { out, results };
}
