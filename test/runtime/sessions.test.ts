/**
 * The runtime tier (issue 11): every configuration of the catalogue matrix is generated through the
 * real binary, then each of its transports runs a scripted session of `bot(runner_args)` on
 * pipecat-ai 1.8's own pipeline, twice (only the required variables set; every variable set), and its
 * server's Python is read against pipecat's deprecation registry.
 * See test/runtime/python/rt/main.py for what a session does and what fails it.
 *
 * Prints one line per configuration, then `N configurations completed a session, N failed`.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir, mapLimit, removeDir, runCliAsync } from '../helpers/cli.js';
import { runtimeMatrix } from '../helpers/matrix.js';
import { KNOWN_GAPS, outcome, unexplained } from './gaps.js';
import {
  layerMismatches,
  projectSpec,
  recordedConfig,
  runSpec,
  withScenarios,
  runtimeMissing,
  sessionKinds,
  starvedBy,
  trailTimeline,
  untriggeredHandlers,
  type SessionResult,
} from './harness.js';

/**
 * `PIPECAT_RT_ONLY` (a regular expression over each configuration's name followed by its `init`
 * arguments, e.g. `cascade-3 -b web -t daily --stt deepgram_stt …`) narrows the run, for debugging.
 */
const SAMPLES = runtimeMatrix().filter(
  (s) => !process.env.PIPECAT_RT_ONLY || new RegExp(process.env.PIPECAT_RT_ONLY).test(`${s.name} ${s.args.join(' ')}`),
);
const missing = runtimeMissing();
if (missing) process.stderr.write(`SKIPPED runtime tier: ${missing}\n`);
/** Harness processes at once: sessions mostly wait on real-time audio, so more than the cores. */
const PARALLEL = Number(process.env.PIPECAT_RT_PARALLEL ?? 4);

let out: string;
const results = new Map<string, { generated: { code: number; stderr: string }; sessions: SessionResult[] }>();
/** Services whose deviation record names another runtime layer than their sessions met (harness.ts layerMismatches). */
const ledger = new Set<string>();

/** Generate one configuration and run its sessions; the verdict and the line to print. */
async function runConfiguration(s: (typeof SAMPLES)[number], rerun?: string) {
  const dir = rerun ? `${s.name}-rerun` : s.name;
  const generated = await runCliAsync(['init', '-n', dir, ...s.args, '-o', out]);
  const spec = generated.code === 0 ? { ...projectSpec(join(out, dir)), deprecations: true } : undefined;
  if (spec) spec.sessions = withScenarios(spec.sessions, recordedConfig(spec.project));
  const sessions = spec && spec.sessions.length ? await runSpec(spec) : [];
  results.set(s.name, { generated, sessions });
  if (spec) {
    const config = JSON.parse(readFileSync(join(out, dir, '.yo-rc.json'), 'utf8'))['generator-pipecat'];
    const ids = ['stt_service', 'llm_service', 'tts_service', 'realtime_service'].map((k) => config[k]).filter(Boolean);
    for (const m of layerMismatches(ids, sessions)) ledger.add(m);
  }
  const bad = sessions.filter((r) => !r.ok);
  const problems = bad.flatMap((r) => r.problems);
  const verdict = generated.code !== 0 ? 'fail' : outcome(s.args, problems);
  const detail =
    (generated.code !== 0 ? `init exit ${generated.code}` : `${sessions.length - bad.length}/${sessions.length} sessions`) +
    (rerun ? `, run again alone: ${rerun}` : '');
  // The first problem no known gap explains (else the first problem), on the line.
  const shown = unexplained(s.args, problems)[0] ?? problems[0];
  const first = shown ? `: ${bad.find((r) => r.problems.includes(shown))?.session}: ${shown.split('\n')[0]}` : '';
  let text = `${{ ok: 'ok  ', gap: 'GAP ', fail: 'FAIL' }[verdict]} ${s.name} (${detail}) ${s.args.join(' ')}${first}\n`;
  // A failed session's timeline (harness steps, warnings) and where its whole trail is.
  for (const r of verdict === 'ok' ? [] : bad.filter((b) => b.log)) {
    text += `     ${r.session} trail: ${r.log}\n${trailTimeline(r.log!)
      .map((l) => `       ${l}\n`)
      .join('')}`;
  }
  return { verdict, bad, text };
}

beforeAll(async () => {
  if (missing) return;
  out = makeTempDir('pipecat-runtime-');
  const started = Date.now();
  const verdicts = new Map<string, 'ok' | 'gap' | 'fail'>();
  const starved: { sample: (typeof SAMPLES)[number]; why: string; text: string }[] = [];
  await mapLimit(SAMPLES, PARALLEL, async (s) => {
    const { verdict, bad, text } = await runConfiguration(s);
    verdicts.set(s.name, verdict);
    const why = verdict === 'ok' ? undefined : starvedBy(bad);
    if (why) starved.push({ sample: s, why, text });
    else process.stderr.write(text);
  });
  // A session whose pipeline fell behind real time failed for want of CPU, not for what the bot
  // does: its configuration runs again, alone, and that run decides (the first run is still shown).
  for (const { sample, why, text } of starved) {
    process.stderr.write(text.replace(/^\S+ +/, 'STARVED '));
    const again = await runConfiguration(sample, why);
    verdicts.set(sample.name, again.verdict);
    process.stderr.write(again.text);
  }
  // The largest backlog of a session that passed: how close the machine came to starving one.
  const peak = [...results.values()]
    .flatMap((r) => r.sessions)
    .filter((r) => r.ok && r.backlog)
    .sort((a, b) => b.backlog!.frames - a.backlog!.frames)[0];
  const where = peak ? `${peak.backlog!.frames} frames (${peak.project} ${peak.session} ${peak.backlog!.processor})` : 'none';
  process.stderr.write(`largest backlog in a passing session: ${where}\n`);
  process.stderr.write(`sessions by kind: ${sessionKinds([...results.values()].flatMap((r) => r.sessions))}\n`);
  const count = (v: string) => [...verdicts.values()].filter((x) => x === v).length;
  const gaps = count('gap');
  const gapNote = gaps ? `, ${gaps} known gaps (test/runtime/gaps.ts: ${[...new Set(KNOWN_GAPS.map((g) => g.id))].join(', ')})` : '';
  const rerunNote = starved.length ? `, ${starved.length} run again alone after starving` : '';
  process.stderr.write(
    `${count('ok')} configurations completed a session, ${count('fail')} failed${gapNote}${rerunNote} (${Math.round((Date.now() - started) / 1000)} s)\n`,
  );
}, 1_800_000);

afterAll(() => {
  if (out) removeDir(out);
});

(missing ? describe.skip : describe)('generated bots run a session on pipecat 1.8', () => {
  test('the matrix has at least 96 configurations', () => {
    expect(runtimeMatrix().length).toBeGreaterThanOrEqual(96);
  });

  test("every service's deviation record names the runtime layer its sessions were answered at", () => {
    expect([...ledger].sort()).toEqual([]);
  });

  // Narrowed runs (PIPECAT_RT_ONLY, PIPECAT_RT_DRIVERS) leave out the sessions that fire some handlers.
  const whole = !process.env.PIPECAT_RT_ONLY && !process.env.PIPECAT_RT_DRIVERS;
  (whole ? test : test.skip)('every event handler a generated bot registers runs in some session', () => {
    expect(untriggeredHandlers([...results.values()].flatMap((r) => r.sessions))).toEqual([]);
  });

  test.each(SAMPLES.map((s) => [s.name, s] as const))('%s completes every session', (name, sample) => {
    const r = results.get(name)!;
    expect({ args: sample.args.join(' '), code: r.generated.code, stderr: r.generated.code ? r.generated.stderr : '' }).toEqual({
      args: sample.args.join(' '),
      code: 0,
      stderr: '',
    });
    const failing = r.sessions.filter((s) => !s.ok);
    if (
      outcome(
        sample.args,
        failing.flatMap((s) => s.problems),
      ) === 'gap'
    )
      return; // printed as GAP above
    const problems = failing.map((s) => `${s.session}: ${s.problems.join(' | ')}`);
    expect({ args: sample.args.join(' '), problems }).toEqual({ args: sample.args.join(' '), problems: [] });
    if (!process.env.PIPECAT_RT_DRIVERS) expect(r.sessions.length).toBeGreaterThan(0);
  });
});
