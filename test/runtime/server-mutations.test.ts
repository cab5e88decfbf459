/**
 * Proof that the runtime tier runs the generated `server.py` (test/runtime/python/rt/server_call.py:
 * its handler called in a process of its own, on pipecat's `configure` against Daily's REST API in
 * standins/_vendors/daily_rest.py, its `/start` request taken by the runner stand-in): a dial-out and
 * a Twilio + Daily SIP dial-in project complete their sessions, and each broken server fails.
 *
 * - dial-out: `start_bot` dropped from `/dialout` -> no session is started;
 * - SIP dial-in: the room created without SIP (`enable_dialout` instead of `sip_caller_phone`) ->
 *   Daily returns no SIP endpoint and server.py answers 500, so the caller is never forwarded.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { removeDir } from '../helpers/cli.js';
import { runMutants, type Mutation } from './mutants.js';
import { projectSpec, runtimeMissing, type SessionResult } from './harness.js';

const missing = runtimeMissing();
if (missing) process.stderr.write(`SKIPPED server.py mutations: ${missing}\n`);

const SERVICES = ['-m', 'cascade', '--stt', 'deepgram_stt', '--llm', 'openai_llm', '--tts', 'openai_tts'];

/** Per flow: its `init` arguments and the mutations of its generated server. */
const FLOWS: { name: string; args: string[]; mutations: Mutation[] }[] = [
  {
    name: 'PSTN dial-out',
    args: ['-b', 'telephony', '-t', 'daily_pstn_dialout', ...SERVICES],
    mutations: [
      {
        name: 'dial-out: start_bot dropped from /dialout',
        file: 'server/server.py',
        from: '    await start_bot(agent_request, app.state.http)\n',
        to: '',
        expect: /server\.py started no bot session/,
      },
    ],
  },
  {
    name: 'Twilio + Daily SIP dial-in',
    args: ['-b', 'telephony', '-t', 'twilio_daily_sip_dialin', ...SERVICES],
    mutations: [
      {
        name: 'SIP dial-in: the room created without SIP',
        file: 'server/server_utils.py',
        from: 'configure(session, sip_caller_phone=caller_phone)',
        to: 'configure(session, enable_dialout=True)',
        expect: /server\.py answered HTTP 500: Daily returned no SIP endpoint/,
      },
    ],
  },
];

const outs: string[] = [];
const results = new Map<string, Map<string, SessionResult[]>>();

beforeAll(async () => {
  if (missing) return;
  for (const f of FLOWS) {
    const r = await runMutants('pipecat-server-mutations-', f.args, f.mutations, (dir) => projectSpec(dir, ['required']));
    outs.push(r.out);
    results.set(f.name, r.results);
  }
}, 600_000);

afterAll(() => {
  for (const out of outs) removeDir(out);
});

(missing ? describe.skip : describe)('the tier runs the generated server.py', () => {
  test.each(FLOWS.map((f) => [f.name] as const))('the unbroken %s project completes its sessions', (name) => {
    const r = results.get(name)!.get('unbroken')!;
    expect(r.length).toBeGreaterThan(0);
    expect(r.filter((s) => !s.ok).map((s) => ({ session: s.session, problems: s.problems }))).toEqual([]);
  });

  test.each(FLOWS.flatMap((f) => f.mutations.map((m) => [m.name, f.name, m] as const)))('%s', (name, flow, m) => {
    const r = results.get(flow)!.get(name)!;
    const problems = r.flatMap((s) => s.problems).join('\n');
    expect(r.some((s) => !s.ok)).toBe(true);
    expect(problems).toMatch(m.expect);
  });
});
