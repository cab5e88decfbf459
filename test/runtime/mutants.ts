/**
 * The runtime tier's proof that it can fail, as one mechanism: generate a project, copy it once per
 * mutation, break each copy on purpose, and run the unbroken project and every mutant through the
 * harness (test/runtime/mutations.test.ts, evals.test.ts, websocket-mutations.test.ts use it).
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { cpSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir, removeDir, ROOT, runCliAsync } from '../helpers/cli.js';
import { projectSpec, runSpec, runtimeMissing, type ProjectSpec, type SessionResult } from './harness.js';

/** One deliberate break of a generated project, or of the generator that makes it. */
export interface Mutation {
  /** Test name. */
  name: string;
  /**
   * The file to change: project-relative, or with {@link Mutation.in} `package` relative to the
   * generator's package (a template such as `templates/server/partials/run_bot_body.py.ejs`, or a
   * folder of the bundle such as `dist/cli/chunks`, where every file the text is found in changes).
   */
  file: string;
  /**
   * `project` (default): the generated project is changed. `package`: a copy of the generator's
   * package (package.json, dist/, templates/, python/) is changed, as a real change to a template or
   * the catalogue would be, and the mutant is generated anew by that copy's binary.
   */
  in?: 'project' | 'package';
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
    if (m.in === 'package') {
      const pkg = join(out, `package-${i}`);
      for (const part of ['package.json', 'dist', 'templates', 'python']) cpSync(join(ROOT, part), join(pkg, part), { recursive: true });
      mutate(pkg, m);
      const g = await runCliAsync(['init', '-n', `mutant-${i}`, ...args, '-o', out], { bin: join(pkg, 'dist', 'cli', 'main.js') });
      if (g.code !== 0) throw new Error(`init with mutation "${m.name}" failed: ${g.stderr}`);
    } else {
      cpSync(base, dir, { recursive: true });
      mutate(dir, m);
    }
    runs.push({ name: m.name, dir });
  }
  const results = new Map<string, SessionResult[]>();
  await Promise.all(runs.map(async (run) => results.set(run.name, await runSpec(specOf(run.dir)))));
  return { out, results };
}

/**
 * Apply one mutation under `root`: to its file, or to every file of its folder that holds the text.
 *
 * @throws Error when the text is found nowhere (the mutation must apply)
 */
function mutate(root: string, m: Mutation): void {
  const target = join(root, m.file);
  const files = statSync(target).isDirectory() ? readdirSync(target).map((f) => join(target, f)) : [target];
  let applied = 0;
  for (const path of files) {
    const text = readFileSync(path, 'utf8');
    const mutated = text.replace(m.from, m.to);
    if (mutated === text) continue;
    writeFileSync(path, mutated);
    applied++;
  }
  if (!applied) throw new Error(`mutation "${m.name}" did not apply to ${m.file}`);
}

/** One vendor of a {@link vendorMutantSuite}: its catalogue id and the breaks of its bot. */
export interface VendorMutants {
  /** Catalogue id passed with the suite's flag, e.g. `elevenlabs_tts`. */
  id: string;
  mutations: readonly Mutation[];
}

/**
 * A test suite proving that vendor stand-ins check what a request asked for: per vendor, a phone bot
 * (`init ARGS <flag> <id>`) is generated and broken by each mutation, the unbroken bot must complete
 * its one required-variables Twilio session, and every mutant must fail with its `expect`. Skipped
 * with one line when the runtime tier cannot run.
 *
 * @param title the describe title, e.g. `TTS vendors answer at the rate the request names`
 * @param base `pipecat init` arguments shared by every vendor (telephony, `-t twilio`)
 * @param flag the flag naming the vendor, e.g. `--tts`
 * @param vendors the vendors and their mutations
 */
export function vendorMutantSuite(title: string, base: readonly string[], flag: string, vendors: readonly VendorMutants[]): void {
  const missing = runtimeMissing();
  if (missing) process.stderr.write(`SKIPPED ${title}: ${missing}\n`);
  const outs: string[] = [];
  const results = new Map<string, Map<string, SessionResult[]>>();

  beforeAll(async () => {
    if (missing) return;
    for (const v of vendors) {
      const r = await runMutants(`pipecat-mutants-`, [...base, flag, v.id], v.mutations, (dir) => projectSpec(dir, ['required']));
      outs.push(r.out);
      results.set(v.id, r.results);
    }
  }, 600_000);

  afterAll(() => {
    for (const out of outs) removeDir(out);
  });

  (missing ? describe.skip : describe)(title, () => {
    test.each(vendors.map((v) => [v.id] as const))('the unbroken %s bot completes its session', (id) => {
      const r = results.get(id)!.get('unbroken')!;
      expect(r.map((s) => ({ session: s.session, problems: s.problems }))).toEqual([{ session: 'twilio/required', problems: [] }]);
    });

    test.each(vendors.flatMap((v) => v.mutations.map((m) => [m.name, v.id, m] as const)))('%s', (name, id, m) => {
      const r = results.get(id)!.get(name)!;
      expect(r).toHaveLength(1);
      expect(r[0].ok).toBe(false);
      expect(r[0].problems.join('\n')).toMatch(m.expect);
    });
  });
}
