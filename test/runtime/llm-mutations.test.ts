/**
 * Proof that the runtime tier's LLM SDK stand-ins check a request as the vendor's API does, after
 * pipecat's own adapter has converted the context (test/runtime/python/standins/anthropic,
 * standins/google/genai, standins/aiobotocore): a generated phone bot per vendor completes its
 * session, and the same bot whose greeting carries a role no API knows fails with the vendor's 400
 * (pipecat's adapters pass an unknown role through; Anthropic and Bedrock's Converse accept only
 * `user`/`assistant`, Gemini `user`/`model`).
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { removeDir } from '../helpers/cli.js';
import { runMutants, type Mutation } from './mutants.js';
import { projectSpec, runtimeMissing, type SessionResult } from './harness.js';

const missing = runtimeMissing();
if (missing) process.stderr.write(`SKIPPED LLM mutations: ${missing}\n`);

const BASE = ['-b', 'telephony', '-t', 'twilio', '-m', 'cascade', '--stt', 'deepgram_stt', '--tts', 'openai_tts'];

/** The greeting's role replaced by one no LLM API knows. */
const UNKNOWN_ROLE = {
  file: 'server/bot.py',
  from: '{"role": "developer", "content": "Say hello',
  to: '{"role": "narrator", "content": "Say hello',
};

/** Per vendor: its `init` arguments and the mutations of its generated bot. */
const VENDORS: { llm: string; mutations: Mutation[] }[] = [
  {
    llm: 'anthropic_llm',
    mutations: [
      {
        name: 'Anthropic sent a role it does not know',
        ...UNKNOWN_ROLE,
        expect: /Error code: 400[^\n]*Input should be 'user' or 'assistant'/,
      },
    ],
  },
  {
    llm: 'google_gemini_llm',
    mutations: [
      {
        name: 'Gemini sent a role it does not know',
        ...UNKNOWN_ROLE,
        expect: /400 INVALID_ARGUMENT[^\n]*Please use a valid role: user, model\./,
      },
    ],
  },
  {
    llm: 'aws_bedrock_llm',
    mutations: [
      {
        name: 'Bedrock sent a role it does not know',
        ...UNKNOWN_ROLE,
        expect: /ValidationException[^\n]*(enum value set: \[user, assistant\]|start with a user message)/,
      },
    ],
  },
];

const outs: string[] = [];
const results = new Map<string, Map<string, SessionResult[]>>();

beforeAll(async () => {
  if (missing) return;
  for (const v of VENDORS) {
    const r = await runMutants('pipecat-llm-mutations-', [...BASE, '--llm', v.llm], v.mutations, (dir) => projectSpec(dir, ['required']));
    outs.push(r.out);
    results.set(v.llm, r.results);
  }
}, 600_000);

afterAll(() => {
  for (const out of outs) removeDir(out);
});

(missing ? describe.skip : describe)('LLM SDK stand-ins check requests as the vendor API does', () => {
  test.each(VENDORS.map((v) => [v.llm] as const))('the unbroken %s bot completes its session', (llm) => {
    const r = results.get(llm)!.get('unbroken')!;
    expect(r.map((s) => ({ session: s.session, problems: s.problems }))).toEqual([{ session: 'telco_a/required', problems: [] }]);
  });

  test.each(VENDORS.flatMap((v) => v.mutations.map((m) => [m.name, v.llm, m] as const)))('%s', (name, llm, m) => {
    const r = results.get(llm)!.get(name)!;
    expect(r).toHaveLength(1);
    expect(r[0].ok).toBe(false);
    expect(r[0].problems.join('\n')).toMatch(m.expect);
  });
});
