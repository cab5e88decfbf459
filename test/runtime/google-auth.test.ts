/**
 * Proof that the runtime tier's google-auth stand-in (test/runtime/python/standins/google/auth,
 * google/oauth2/service_account.py) gives a Google service credentials only from what the
 * environment holds, as google-auth does: a generated phone bot on `google_tts` completes its
 * session with every variable filled (the harness writes a realistic service-account key: an
 * openssl-generated RSA key in PEM, with its newlines, parsed as google-auth parses it), and fails
 * once the credential variable is gone from `.env.example` (so nothing sets it).
 *
 * The credential variable is `GOOGLE_APPLICATION_CREDENTIALS` (a key file's path, read by
 * Application Default Credentials) or, once the catalogue takes the key JSON itself,
 * `GOOGLE_CREDENTIALS`; without it pipecat's Google services raise "No valid credentials provided."
 * (ADC finds nothing) or the generated code names the missing variable.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { removeDir } from '../helpers/cli.js';
import { runMutants, type Mutation } from './mutants.js';
import { projectSpec, runtimeMissing, type SessionResult } from './harness.js';

const missing = runtimeMissing();
if (missing) process.stderr.write(`SKIPPED google-auth mutations: ${missing}\n`);

const ARGS = ['-b', 'telephony', '-t', 'twilio', '-m', 'cascade', '--stt', 'deepgram_stt', '--llm', 'openai_llm', '--tts', 'google_tts'];

const MUTATIONS: Mutation[] = [
  {
    name: 'the Google credential variable gone from .env.example',
    file: 'server/.env.example',
    from: /^GOOGLE_(APPLICATION_)?CREDENTIALS=/m,
    to: 'RT_UNUSED_GOOGLE_KEY=',
    expect: /No valid credentials provided\.|GOOGLE_CREDENTIALS/,
  },
];

let out: string;
let results = new Map<string, SessionResult[]>();

beforeAll(async () => {
  if (missing) return;
  ({ out, results } = await runMutants('pipecat-google-auth-', ARGS, MUTATIONS, (dir) => projectSpec(dir, ['all'])));
}, 600_000);

afterAll(() => {
  if (out) removeDir(out);
});

(missing ? describe.skip : describe)('Google credentials come only from the environment', () => {
  test('the unbroken bot, every variable filled, completes its session', () => {
    const r = results.get('unbroken')!;
    expect(r.map((s) => ({ session: s.session, problems: s.problems }))).toEqual([{ session: 'twilio/all', problems: [] }]);
  });

  test.each(MUTATIONS.map((m) => [m.name, m] as const))('%s', (name, m) => {
    const r = results.get(name)!;
    expect(r).toHaveLength(1);
    expect(r[0].ok).toBe(false);
    expect(r[0].problems.join('\n')).toMatch(m.expect);
  });
});
