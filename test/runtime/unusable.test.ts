/**
 * A bot that fails loudly (issue 22, point 3): for each role (STT, LLM, TTS, realtime, video
 * avatar) a generated bot whose vendor refuses the credentials must end its session within 5 s of
 * the refusal (stretched by the tier's load factor, rt/probe.py `slack()`), with the log line that
 * names the variable to check. The vendor refuses at its edge where the stand-ins allow it (the
 * WebSocket handshake answers HTTP 401), so pipecat's own service code reports the error and its
 * own classification (`classify_http_exception`, ErrorCategory.AUTHENTICATION) marks the service
 * unusable; see test/runtime/python/rt/reject.py.
 *
 * The mutation: the same TTS bot without `processor_unusable_policy=ProcessorUnusablePolicy.END`
 * (pipecat's default, CONTINUE) stays connected and silent, and the test must say so.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { join } from 'node:path';
import { makeTempDir, mapLimit, removeDir, runCliAsync } from '../helpers/cli.js';
import { runMutants } from './mutants.js';
import { projectSpec, requiredKey, runSpec, runtimeMissing, type ProjectSpec, type SessionResult } from './harness.js';

const missing = runtimeMissing();
if (missing) process.stderr.write(`SKIPPED runtime unusable-service tier: ${missing}\n`);

type Role = NonNullable<ProjectSpec['reject']>['role'];

/** Cascade services around the rejected one: ordinary stand-ins. */
const CASCADE = { stt: 'gladia_stt', llm: 'groq_llm', tts: 'lmnt_tts' };

/** One configuration per role: the refusing service (a WebSocket vendor, or Simli's SDK) and the bot. */
const CASES: { role: Role; service: string; args: string[] }[] = [
  { role: 'stt', service: 'assemblyai_stt', args: cascade({ stt: 'assemblyai_stt' }, ['-b', 'telephony', '-t', 'twilio']) },
  { role: 'llm', service: 'openai_responses_llm', args: cascade({ llm: 'openai_responses_llm' }, ['-b', 'telephony', '-t', 'twilio']) },
  { role: 'tts', service: 'rime_tts', args: cascade({ tts: 'rime_tts' }, ['-b', 'telephony', '-t', 'twilio']) },
  { role: 'realtime', service: 'xai_realtime', args: ['-m', 'realtime', '--realtime', 'xai_realtime', '-b', 'telephony', '-t', 'twilio'] },
  { role: 'video', service: 'simli_video', args: cascade({}, ['-b', 'web', '-t', 'smallwebrtc', '--video', 'simli_video']) },
];

/** `init` arguments of a cascade bot with `over` replacing the default services. */
function cascade(over: Partial<typeof CASCADE>, rest: string[]): string[] {
  const s = { ...CASCADE, ...over };
  return ['-m', 'cascade', '--stt', s.stt, '--llm', s.llm, '--tts', s.tts, ...rest, '--no-deploy-to-cloud'];
}

/** The harness spec of a project whose `role` vendor refuses (only the required variables set). */
const rejecting = (dir: string, role: Role, service: string): ProjectSpec => ({
  ...projectSpec(dir, ['required']),
  reject: { role, variable: requiredKey(service) },
});

const TTS_CASE = CASES.find((c) => c.role === 'tts')!;
const POLICY = 'processor_unusable_policy=ProcessorUnusablePolicy.END,';

let out: string;
let mutantsOut: string | undefined;
const results = new Map<Role, SessionResult[]>();
let mutants = new Map<string, SessionResult[]>();

beforeAll(async () => {
  if (missing) return;
  out = makeTempDir('pipecat-unusable-');
  await mapLimit(CASES, 2, async (c) => {
    const r = await runCliAsync(['init', '-n', c.role, ...c.args, '-o', out]);
    if (r.code !== 0) throw new Error(`init ${c.args.join(' ')} failed: ${r.stderr}`);
    results.set(c.role, await runSpec(rejecting(join(out, c.role), c.role, c.service)));
  });
  ({ out: mutantsOut, results: mutants } = await runMutants(
    'pipecat-unusable-mutants-',
    TTS_CASE.args,
    [{ name: 'no unusable policy', file: 'server/bot.py', from: POLICY, to: '', expect: /still up/ }],
    (dir) => rejecting(dir, 'tts', TTS_CASE.service),
  ));
}, 600_000);

afterAll(() => {
  if (out) removeDir(out);
  if (mutantsOut) removeDir(mutantsOut);
});

(missing ? describe.skip : describe)('a refused vendor ends the session, naming the variable', () => {
  test.each(CASES.map((c) => [c.role, c] as const))('%s', (role, c) => {
    const r = results.get(role)!;
    expect(r.map((s) => ({ session: s.session, problems: s.problems }))).toEqual(r.map((s) => ({ session: s.session, problems: [] })));
    expect({ service: c.service, sessions: r.length }).toEqual({ service: c.service, sessions: 1 });
  });

  test('without the policy, the bot whose TTS vendor refused stays up, and the test says so', () => {
    expect(mutants.get('unbroken')!.map((s) => s.problems)).toEqual([[]]);
    const r = mutants.get('no unusable policy')!;
    expect(r).toHaveLength(1);
    expect(r[0].problems.join('\n')).toMatch(/the session was still up [\d.]+ s after RimeTTSService refused the credentials/);
  });
});
