/**
 * `pipecat doctor`'s `deprecated` check on a bot written against older pipecat names
 * (`test/helpers/old-names.ts`: two moved modules, a renamed function, a deprecated class, a
 * deprecated parameter and a deprecated event, each a real entry of pipecat-ai 1.8.0-dev's
 * registry), through the real binary:
 * - `doctor` lists each at its line with pipecat's replacement (exit 1), as JSON and for people;
 * - `doctor --fix --yes` rewrites exactly the move/rename spans and leaves every other file
 *   byte-identical; `doctor` then lists only the rest of the deprecated uses, and the extras the
 *   moved import changes (`grok` → `xai`);
 * - the rest replaced as `doctor` says (scripted) and `--fix` run again for the extras, `doctor`
 *   finds nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir, readBytes, removeDir, runCli } from '../helpers/cli.js';
import { OLD_NAMES_ARGS, OLD_SUBJECTS, oldNamesBot, oldNamesPyproject, replaceTheRest } from '../helpers/old-names.js';

/** A finding as `doctor --json` prints it. */
interface FindingDoc {
  check: string;
  message: string;
  where: { path: string; line?: number };
  fix: string;
  fixable: boolean;
}

let tmp: string;
/** The generated project with its bot.py rewritten to the old names. */
let pristine: string;
let oldBot: string;
beforeAll(() => {
  tmp = makeTempDir('pipecat-doctor-deprec-');
  const r = runCli(['init', '-n', 'old', ...OLD_NAMES_ARGS, '-o', tmp]);
  expect(r.code).toBe(0);
  pristine = join(tmp, 'old');
  const bot = join(pristine, 'server', 'bot.py');
  oldBot = oldNamesBot(readFileSync(bot, 'utf8'));
  writeFileSync(bot, oldBot);
  const pyproject = join(pristine, 'server', 'pyproject.toml');
  writeFileSync(pyproject, oldNamesPyproject(readFileSync(pyproject, 'utf8')));
});
afterAll(() => removeDir(tmp));

function copy(name: string): string {
  const dir = join(tmp, name);
  cpSync(pristine, dir, { recursive: true });
  return dir;
}

/** `doctor --json` (plus `args`) in `dir`: exit code and document. */
function doctor(dir: string, args: string[] = []): { code: number; findings: FindingDoc[]; fixed?: string[]; stderr: string } {
  const r = runCli(['doctor', '--json', ...args], { cwd: dir });
  const doc = JSON.parse(r.stdout) as { findings: FindingDoc[]; fixed?: string[] };
  return { code: r.code, findings: doc.findings, fixed: doc.fixed, stderr: r.stderr };
}

/** 1-based lines of `text` holding `needle`. */
function linesOf(text: string, needle: string): number[] {
  return text.split('\n').flatMap((l, i) => (l.includes(needle) ? [i + 1] : []));
}

/** The deprecated findings as `subject@line`, sorted. */
function deprecated(findings: readonly FindingDoc[]): string[] {
  return findings
    .filter((f) => f.check === 'deprecated')
    .map((f) => `${f.message.slice(0, f.message.indexOf(' ('))}@${f.where.line}`)
    .sort();
}

type Subject = keyof typeof OLD_SUBJECTS;

/**
 * Where `doctor` names each old name in `text`: the lines holding its needle. A class or function
 * is named where it is imported (and a function where it is called), a keyword on its own line; `PipelineTask` is named where it is imported, from the
 * moved `pipecat.pipeline.task` (which re-exports pipecat.pipeline.worker's) as from its new home.
 */
function expectedUses(text: string, only: (s: (typeof OLD_SUBJECTS)[Subject]) => boolean = () => true): string[] {
  const needles: Record<Subject, string> = {
    taskModule: 'from pipecat.pipeline.task import',
    grokModule: 'from pipecat.services.grok.llm import',
    flowsFunction: 'flows_direct_function',
    pipelineTask: 'import PipelineParams, PipelineTask',
    aggregateSentences: 'aggregate_sentences=True',
    userTurnEvent: '"on_user_turn_audio_data"',
  };
  return (Object.keys(needles) as Subject[])
    .filter((k) => only(OLD_SUBJECTS[k]))
    .flatMap((k) => linesOf(text, needles[k]).map((line) => `${OLD_SUBJECTS[k].subject}@${line}`))
    .sort();
}

/** The findings other than `deprecated`, as `check: message`. */
function others(findings: readonly FindingDoc[]): string[] {
  return findings.filter((f) => f.check !== 'deprecated').map((f) => `${f.check}: ${f.message}`);
}

/** Each finding of a subject says its replacement, when, and pipecat's words; fixable for move/rename only. */
function expectWorded(uses: readonly FindingDoc[], s: (typeof OLD_SUBJECTS)[Subject]): void {
  const mine = uses.filter((f) => f.message.startsWith(`${s.subject} (`));
  expect({ subject: s.subject, found: mine.length > 0 }).toEqual({ subject: s.subject, found: true });
  for (const f of mine) {
    expect({
      subject: s.subject,
      path: f.where.path,
      fixable: f.fixable,
      replacement: f.message.includes(`replacement: ${s.replacement}`) && f.fix.includes(s.replacement),
    }).toEqual({ subject: s.subject, path: 'server/bot.py', fixable: s.fixable, replacement: true });
    expect(f.message).toMatch(/is deprecated since pipecat \d+\.\d+\.\d+ and removed in 2\.0\.0/);
    expect(f.message).toContain('pipecat: "');
  }
}

describe('pipecat doctor: a bot on older pipecat names', () => {
  test("lists each use at its line with pipecat's replacement, fixable for move and rename only", () => {
    const { code, findings } = doctor(pristine);
    expect(code).toBe(1);
    const uses = findings.filter((f) => f.check === 'deprecated');
    expect(deprecated(findings)).toEqual(expectedUses(oldBot));
    for (const s of Object.values(OLD_SUBJECTS)) expectWorded(uses, s);
    // No reStructuredText left in pipecat's own message.
    expect(uses.filter((f) => /:(mod|class):`|``/.test(f.message))).toEqual([]);
    // Nothing else is wrong with the project.
    expect(others(findings)).toEqual([]);
  });

  test('for people: file:line, the subject and what to do', () => {
    const r = runCli(['doctor'], { cwd: pristine });
    expect(r.code).toBe(1);
    const line = linesOf(oldBot, 'from pipecat.services.grok.llm import')[0];
    expect(r.stderr).toContain(`server/bot.py:${line}`);
    expect(r.stderr).toContain('pipecat.services.grok.llm (module) is deprecated since pipecat 0.0.108 and removed in 2.0.0');
    expect(r.stderr).toContain('import from `pipecat.services.xai.llm` instead of `pipecat.services.grok.llm`');
  });

  test('--fix --yes rewrites the move and rename spans, then the extras the moved code needs; doctor then lists the rest', () => {
    const dir = copy('fix');
    const before = readBytes(dir);
    const fix = doctor(dir, ['--fix', '--yes']);
    // The code's repairs, then the extras judged on the repaired code (xai in, grok out), in one run.
    expect(fix.fixed?.length).toBe(expectedUses(oldBot, (s) => s.fixable).length + 2);
    const after = readBytes(dir);
    expect(Object.keys({ ...before, ...after }).filter((p) => before[p] !== after[p])).toEqual(['server/bot.py', 'server/pyproject.toml']);
    expect(readFileSync(join(dir, 'server', 'pyproject.toml'), 'utf8')).toMatch(/"pipecat-ai\[[^\]]*\bxai\b[^\]]*\]/);
    const fixed = readFileSync(join(dir, 'server', 'bot.py'), 'utf8');
    const expected = oldBot
      .replace('from pipecat.pipeline.task import', 'from pipecat.pipeline.worker import')
      .replace('from pipecat.services.grok.llm import', 'from pipecat.services.xai.llm import')
      .split('flows_direct_function')
      .join('flows_tool_options');
    expect(fixed).toBe(expected);

    const rest = doctor(dir);
    expect(rest.code).toBe(1);
    expect(deprecated(rest.findings)).toEqual(expectedUses(fixed, (s) => !s.fixable));
    expectWorded(
      rest.findings.filter((f) => f.check === 'deprecated'),
      OLD_SUBJECTS.pipelineTask,
    );
    expect(rest.findings.filter((f) => f.check === 'deprecated' && f.fixable)).toEqual([]);
    // The extras were settled in the same run: nothing but the deprecated names is left.
    expect(others(rest.findings)).toEqual([]);
  });

  test('the rest replaced as doctor says: doctor finds nothing, and --fix has nothing to change', () => {
    const dir = copy('rest');
    expect(doctor(dir, ['--fix', '--yes']).fixed?.length).toBeGreaterThan(0);
    const bot = join(dir, 'server', 'bot.py');
    writeFileSync(bot, replaceTheRest(readFileSync(bot, 'utf8')));
    const before = readBytes(dir);
    doctor(dir, ['--fix', '--yes']);
    const after = readBytes(dir);
    expect(Object.keys(after).filter((p) => before[p] !== after[p])).toEqual([]);
    const clean = doctor(dir);
    expect({ code: clean.code, findings: clean.findings }).toEqual({ code: 0, findings: [] });
  });
});
