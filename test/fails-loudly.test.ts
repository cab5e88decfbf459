/**
 * A bot that fails loudly (issue 22, point 3), through the real binary and the files it writes:
 *
 * - every generated worker ends the session when a service becomes unusable
 *   (`ProcessorUnusablePolicy.END`) and names the service and its variables in one log line, from
 *   the catalogue, in each of the worker's forms (web rates, phone rates, phone beside web,
 *   realtime);
 * - a local-model service gets its weights at image build time (the Dockerfile constructs it with
 *   the bot's own expression), a longer setup timeout, a profile with room for it, and its cost in
 *   the README; other bots get none of that;
 * - Daily's dial-in events are registered only on a Daily transport when a phone media stream can
 *   reach the bot too;
 * - Twilio + Daily SIP dial-in plays the caller a ringback tone, as pipecat's template does.
 *
 * The bots' behaviour when a vendor refuses is proven in the runtime tier
 * (test/runtime/unusable.test.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findService, SERVICES_BY_ROLE } from '../generators/app/catalogue/catalogue.js';
import { localModelStep } from '../generators/app/render/context.js';
import { makeTempDir, mapLimit, removeDir, runCliAsync } from './helpers/cli.js';
import { pipecatSrc } from './helpers/shared.js';

const CASCADE = ['-m', 'cascade', '--stt', 'deepgram_stt', '--llm', 'openai_llm', '--tts', 'cartesia_tts'];

/** Projects by name: `pipecat init` arguments and the services whose names the bot must carry. */
const PROJECTS = {
  web: { args: ['-b', 'web', '-t', 'smallwebrtc', ...CASCADE], services: ['deepgram_stt', 'openai_llm', 'cartesia_tts'] },
  webRates: {
    args: ['-b', 'web', '-t', 'smallwebrtc', '-m', 'cascade', '--stt', 'assemblyai_stt', '--llm', 'groq_llm', '--tts', 'lmnt_tts'],
    services: ['assemblyai_stt', 'groq_llm', 'lmnt_tts'],
  },
  phone: { args: ['-b', 'telephony', '-t', 'twilio', ...CASCADE], services: ['deepgram_stt', 'openai_llm', 'cartesia_tts'] },
  phoneAndWeb: {
    args: ['-b', 'telephony', '-t', 'twilio', '-t', 'smallwebrtc', ...CASCADE],
    services: ['deepgram_stt', 'openai_llm', 'cartesia_tts'],
  },
  realtimeAvatar: {
    args: ['-b', 'web', '-t', 'smallwebrtc', '-m', 'realtime', '--realtime', 'xai_realtime', '--video', 'simli_video'],
    services: ['xai_realtime', 'simli_video'],
  },
  streamAndDialin: { args: ['-b', 'telephony', '-t', 'twilio', '-t', 'daily_pstn_dialin', ...CASCADE], services: [] },
  dialinOnly: { args: ['-b', 'telephony', '-t', 'daily_pstn_dialin', ...CASCADE], services: [] },
  sipDialin: { args: ['-b', 'telephony', '-t', 'twilio_daily_sip', '--twilio-daily-sip-mode', 'dial-in', ...CASCADE], services: [] },
  local: {
    args: ['-b', 'web', '-t', 'smallwebrtc', '-m', 'cascade', '--stt', 'whisper_stt', '--llm', 'openai_llm', '--tts', 'piper_tts'],
    services: ['whisper_stt', 'openai_llm', 'piper_tts'],
  },
} as const;
type Name = keyof typeof PROJECTS;

let out: string;
const read = (name: Name, file: string) => readFileSync(join(out, name, file), 'utf8');

beforeAll(async () => {
  out = makeTempDir('pipecat-loud-');
  await mapLimit(Object.entries(PROJECTS), 3, async ([name, p]) => {
    const r = await runCliAsync(['init', '-n', name, ...p.args, '-o', out]);
    if (r.code !== 0) throw new Error(`init ${name} failed: ${r.stderr}`);
  });
}, 240_000);

afterAll(() => {
  if (out) removeDir(out);
});

/** Whether python3 parses `code` (a syntax error in generated Python fails here). */
function parses(code: string): string {
  const r = spawnSync('python3', ['-c', 'import ast, sys; ast.parse(sys.stdin.read())'], { input: code, encoding: 'utf8' });
  return r.status === 0 ? 'ok' : r.stderr;
}

describe('a service that can no longer do its job ends the session, naming its variables', () => {
  test.each(Object.keys(PROJECTS) as Name[])('%s: every worker sets ProcessorUnusablePolicy.END and reports once', (name) => {
    const bot = read(name, 'server/bot.py');
    expect(bot.match(/PipelineWorker\(/g)).toHaveLength(1);
    expect(bot).toContain('processor_unusable_policy=ProcessorUnusablePolicy.END,');
    expect(bot).toContain('from pipecat.pipeline.worker import PipelineParams, PipelineWorker, ProcessorUnusablePolicy');
    expect(bot).toContain('@worker.event_handler("on_pipeline_error")');
    expect(bot).toMatch(/logger\.error\(f"\{name\} can no longer do its job \(\{frame\.error\}\): check \{check\}"\)/);
    expect(parses(bot)).toBe('ok');
  });

  test.each((Object.keys(PROJECTS) as Name[]).filter((n) => PROJECTS[n].services.length))(
    '%s: the mapping names each service and its variables, from the catalogue',
    (name) => {
      const bot = read(name, 'server/bot.py');
      for (const id of PROJECTS[name].services) {
        const def = findService(id)!;
        const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        const env = def.env.filter((v) => !v.commented);
        const required = env.filter((v) => v.required).map((v) => `"${v.name}"`);
        const optional = env.filter((v) => !v.required).map((v) => `"${v.name}": os.getenv("${v.name}")`);
        const line = new RegExp(
          [
            `^ +\\w+: \\(`,
            ` +"${escape(def.label)}[^"]*",`,
            ` +\\[${escape(required.join(', '))}\\],`,
            ` +\\{${escape(optional.join(', '))}\\},`,
            ` +\\),$`,
          ].join('\n'),
          'm',
        );
        expect({ id, found: line.test(bot) }).toEqual({ id, found: true });
      }
    },
  );

  test('the names carry the role, and a realtime service is `llm`', () => {
    expect(read('web', 'server/bot.py')).toMatch(/^ +tts: \(\n +"Cartesia TTS",\n +\["CARTESIA_API_KEY"\],\n/m);
    expect(read('realtimeAvatar', 'server/bot.py')).toMatch(/^ +llm: \(\n +"Grok Realtime",\n +\["XAI_API_KEY"\],\n/m);
    expect(read('realtimeAvatar', 'server/bot.py')).toMatch(
      /^ +video: \(\n +"Simli avatar",\n +\["SIMLI_API_KEY", "SIMLI_VIDEO_FACE_ID"\],\n/m,
    );
  });
});

const ALL = Object.values(SERVICES_BY_ROLE).flat();
const LOCAL = ALL.filter((s) => s.localModel).map((s) => [s.id, s] as const);

describe('the catalogue: local models', () => {
  test('every service whose model is downloaded on first use has a localModel, and only those', () => {
    expect(ALL.filter((s) => /downloaded on first use/.test(s.note ?? '')).map((s) => s.id)).toEqual(LOCAL.map(([id]) => id));
  });

  test.each(LOCAL)('%s: its construction runs at build time, chosenBy are variables it reads', (_id, s) => {
    expect(() => localModelStep(s, s.localModel!)).not.toThrow();
    for (const name of s.localModel!.chosenBy) expect(s.env.map((v) => v.name)).toContain(name);
  });

  (pipecatSrc() ? test.each(LOCAL) : test.skip.each(LOCAL))('%s: the cited pipecat file names the function that downloads', (_id, s) => {
    const m = /^(pipecat\/[\w/]+\.py) (\w+):/.exec(s.localModel!.source);
    expect(m).not.toBeNull();
    expect(readFileSync(join(pipecatSrc()!, m![1]), 'utf8')).toContain(`def ${m![2]}`);
  });
});

describe('local models: weights in the image, a setup timeout, a profile, a cost', () => {
  test('the Dockerfile constructs each local service as bot.py does, with its choosing variables as build arguments', () => {
    const dockerfile = read('local', 'server/Dockerfile');
    const bot = read('local', 'server/bot.py');
    const fetches = [...dockerfile.matchAll(/^RUN \.venv\/bin\/python -c '([^']+)'$/gm)].map((m) => m[1]);
    expect(fetches).toHaveLength(2);
    for (const [fetch, cls, arg] of [
      [fetches[0], 'WhisperSTTService', 'WHISPER_STT_MODEL'],
      [fetches[1], 'PiperTTSService', 'PIPER_TTS_VOICE_ID'],
    ]) {
      const construct = fetch.slice(fetch.indexOf(`${cls}(`));
      // The same expression as in bot.py, whitespace aside.
      expect(bot.replace(/\s+/g, '').replace(/,\)/g, ')')).toContain(construct.replace(/\s+/g, ''));
      expect(parses(fetch)).toBe('ok');
      expect(dockerfile).toContain(`ARG ${arg}\nRUN .venv/bin/python -c '${fetch}'`);
    }
    // After the dependencies are installed, never in a cache mount (the weights must stay in the image).
    expect(dockerfile.indexOf('uv sync')).toBeLessThan(dockerfile.indexOf('.venv/bin/python'));
  });

  test('the worker allows 60 s to set up, pcc-deploy.toml asks for agent-3x, the README says the cost', () => {
    expect(read('local', 'server/bot.py')).toContain('setup_timeout_secs=60,');
    expect(read('local', 'server/pcc-deploy.toml')).toMatch(/^agent_profile = "agent-3x"$/m);
    const readme = read('local', 'README.md');
    expect(readme).toContain('| Whisper (Local) | Systran/faster-distil-whisper-medium.en | about 790 MB | about 1.6 GB |');
    expect(readme).toContain('| Piper | en_US-ryan-high | about 115 MB | about 250 MB |');
    expect(readme).toContain('--build-arg WHISPER_STT_MODEL=');
  });

  test('a bot without local models has none of it', () => {
    expect(read('web', 'server/Dockerfile')).not.toContain('.venv/bin/python');
    expect(read('web', 'server/bot.py')).not.toContain('setup_timeout_secs');
    expect(read('web', 'server/pcc-deploy.toml')).toMatch(/^agent_profile = "agent-1x"$/m);
    expect(read('realtimeAvatar', 'server/pcc-deploy.toml')).toMatch(/^agent_profile = "agent-2x"$/m);
    expect(read('web', 'README.md')).not.toContain('Models that run in the agent');
  });
});

describe('dial-in', () => {
  test('beside a phone media stream, on_dialin_error is registered only on a Daily transport', () => {
    const bot = read('streamAndDialin', 'server/bot.py');
    expect(bot).toMatch(/ +if isinstance\(runner_args, DailyRunnerArguments\):\n.*\n +@transport\.event_handler\("on_dialin_error"\)/);
    expect(bot.match(/on_dialin_error/g)).toHaveLength(2); // the decorator and the function
  });

  test('with Daily PSTN dial-in alone, every session is a Daily one: registered unguarded', () => {
    const bot = read('dialinOnly', 'server/bot.py');
    expect(bot).toMatch(/^ {4}@transport\.event_handler\("on_dialin_error"\)/m);
    expect(bot).not.toContain('isinstance(runner_args, DailyRunnerArguments)');
  });

  test("Twilio + Daily SIP dial-in plays a ringback tone while the bot starts (pipecat's template)", () => {
    const server = read('sipDialin', 'server/server.py');
    expect(server).toContain('RINGBACK_URL = "https://therapeutic-crayon-2467.twil.io/assets/US_ringback_tone.mp3"');
    expect(server).toContain('twiml.play(url=RINGBACK_URL, loop=10)');
    expect(server).not.toContain('.pause(');
  });
});
