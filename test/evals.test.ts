/**
 * `pipecat init --eval` (pipecat 1.7's `--eval/--no-eval`, config key `enable_eval`, alias `eval`):
 * the option, the eval transport in bot.py, the starter scenarios read by pipecat's own scenario
 * loader (`pipecat.evals.scenario.EvalScenario.load`, what `pipecat eval run` calls), the `evals`
 * extra, and check_server.py on eval projects.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { CONFIG_OPTIONS } from '../generators/app/config/options.js';
import { PY_DIR } from './runtime/harness.js';
import { CASCADE_ARGS, ROOT, checkServers, checkerAvailable, makeTempDir, removeDir, runCli } from './helpers/cli.js';
import { pipecatSrc, sharedAvailable } from './helpers/shared.js';

const GENERATORS = join(ROOT, 'generators', 'app');
const CHECKS = checkerAvailable('evals: check_server.py on eval projects');
const LOADER = sharedAvailable("evals: starter scenarios through pipecat's scenario loader", 'pipecatSrc');

let tmp: string;
let cascade: string;
let realtime: string;
let plain: string;

/** Generate one project; fails the suite when `pipecat init` does not exit 0. */
function generate(name: string, args: string[]): string {
  const r = runCli(['init', '-n', name, ...args, '-o', tmp]);
  if (r.code !== 0) throw new Error(`pipecat init ${name} exited ${r.code}: ${r.stderr}`);
  return join(tmp, name);
}

beforeAll(() => {
  tmp = makeTempDir('pipecat-evals-');
  // A phone-only cascade bot (eval is the only RTVI session) and a web realtime bot.
  cascade = generate('eval-cascade', ['-b', 'telephony', '-t', 'twilio', ...CASCADE_ARGS, '--eval']);
  realtime = generate('eval-realtime', [
    '-b',
    'web',
    '-t',
    'smallwebrtc',
    '-m',
    'realtime',
    '--realtime',
    'openai_realtime',
    '--eval',
    '--no-deploy-to-cloud',
  ]);
  plain = generate('no-eval', ['-b', 'telephony', '-t', 'twilio', ...CASCADE_ARGS]);
});
afterAll(() => removeDir(tmp));

/** `pipecat init --dry-run` of a phone bot plus `extra`: exit code and, on success, the configuration. */
function dryRun(extra: string[]): { code: number; config?: Record<string, unknown>; stderr: string } {
  const r = runCli(['init', '--dry-run', '-n', 'x', '-b', 'telephony', '-t', 'twilio', ...CASCADE_ARGS, ...extra], { cwd: tmp });
  return { code: r.code, config: r.code === 0 ? JSON.parse(r.stdout) : undefined, stderr: r.stderr };
}

describe('the option', () => {
  test('off by default; --eval, the config keys enable_eval and eval, and --no-eval beating the file', () => {
    expect(dryRun([]).config?.enable_eval).toBe(false);
    expect(dryRun(['--eval']).config?.enable_eval).toBe(true);
    const file = join(tmp, 'eval.json');
    writeFileSync(file, JSON.stringify({ eval: true }));
    expect(dryRun(['-c', file]).config?.enable_eval).toBe(true);
    writeFileSync(file, JSON.stringify({ enable_eval: true }));
    expect(dryRun(['-c', file]).config?.enable_eval).toBe(true);
    expect(dryRun(['-c', file, '--no-eval']).config?.enable_eval).toBe(false);
  });

  test('a bad value names the flag or config key, exit 2', () => {
    const flag = dryRun(['--eval=maybe']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('--eval');
    const file = join(tmp, 'bad.json');
    writeFileSync(file, JSON.stringify({ eval: 'yes' }));
    const config = dryRun(['-c', file]);
    expect(config.code).toBe(2);
    expect(config.stderr).toContain('config key "enable_eval"');
  });
});

describe('a feature is data', () => {
  test("--eval's runner entry, import, dev extra and scenario templates come from its options row alone", () => {
    const eval_ = CONFIG_OPTIONS.find((o) => o.key === 'enable_eval')!.feature!.server!;
    expect([eval_.runnerEntry?.className, eval_.runnerEntry?.module, eval_.devExtras]).toEqual([
      'EvalTransportParams',
      'pipecat.evals.transport',
      ['evals'],
    ]);
    // No generator module but the options table names them (the templates switch on config.enable_eval);
    // the row's record beside it (its provenance, out of the binary) may cite them too.
    const spelled = [eval_.runnerEntry!.className, eval_.runnerEntry!.module, ...eval_.files!.flatMap((f) => f.files)];
    const rowFiles = [join('config', 'feature-rows.ts'), join('config', 'feature-rows.records.ts')];
    const sources = (readdirSync(GENERATORS, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts') && !rowFiles.includes(f));
    expect(sources.length).toBeGreaterThan(20);
    const found = sources.flatMap((f) =>
      spelled.filter((w) => readFileSync(join(GENERATORS, f), 'utf8').includes(w)).map((w) => `${f}: ${w}`),
    );
    expect(found).toEqual([]);
  });
});

describe('the generated project', () => {
  test('scenarios: text and audio for cascade, audio only for realtime, none without --eval', () => {
    expect(readdirSync(join(cascade, 'server', 'evals')).sort()).toEqual(['starter_audio.yaml', 'starter_text.yaml']);
    expect(readdirSync(join(realtime, 'server', 'evals'))).toEqual(['starter_audio.yaml']);
    expect(existsSync(join(plain, 'server', 'evals'))).toBe(false);
  });

  test('bot.py gives create_transport an "eval" entry; the evals extra sits in the dev group', () => {
    for (const project of [cascade, realtime]) {
      const bot = readFileSync(join(project, 'server', 'bot.py'), 'utf8');
      expect(bot).toContain('from pipecat.evals.transport import EvalTransportParams');
      expect(bot).toMatch(/"eval": lambda: EvalTransportParams\(\s*audio_in_enabled=True,\s*audio_out_enabled=True,/);
      const pyproject = parseToml(readFileSync(join(project, 'server', 'pyproject.toml'), 'utf8')) as {
        project: { dependencies: string[] };
        'dependency-groups': { dev: string[] };
      };
      expect(pyproject['dependency-groups'].dev).toContain('pipecat-ai[evals]>=1.8.0');
      expect(pyproject.project.dependencies.join(' ')).not.toContain('evals');
      expect(readFileSync(join(project, 'README.md'), 'utf8')).toContain('uv run pipecat eval run evals/starter_audio.yaml');
    }
    // AGENTS.md gives the coding agent the same loop: boot with -t eval, then each scenario the project has.
    const guide = (project: string): string[] =>
      /## Test it\n([\s\S]*?)\n## /
        .exec(readFileSync(join(project, 'AGENTS.md'), 'utf8'))![1]
        .split('\n')
        .filter((l) => l.startsWith('uv run '))
        .map((l) => l.replace(/\s+#.*$/, ''));
    expect(guide(cascade)).toEqual([
      'uv run bot.py -t eval',
      'uv run pipecat eval run evals/starter_text.yaml -v',
      'uv run pipecat eval run evals/starter_audio.yaml -v',
    ]);
    expect(guide(realtime)).toEqual(['uv run bot.py -t eval', 'uv run pipecat eval run evals/starter_audio.yaml -v']);
    expect(readFileSync(join(plain, 'AGENTS.md'), 'utf8')).toContain('`pipecat update --eval` adds starter scenarios');
    // The phone-only bot runs an eval session as an RTVI client: not a phone call.
    const bot = readFileSync(join(cascade, 'server', 'bot.py'), 'utf8');
    expect(bot).toContain('call = "web"\n    if isinstance(runner_args, WebSocketRunnerArguments):\n        call = "phone"');
    expect(readFileSync(join(plain, 'server', 'bot.py'), 'utf8')).not.toContain('EvalTransportParams');
  });

  (CHECKS ? test : test.skip)('check_server.py: no errors and no warnings', () => {
    for (const s of checkServers([cascade, realtime])) {
      expect({ project: s.project, findings: s.findings }).toEqual({ project: s.project, findings: [] });
    }
  });
});

/**
 * Load scenario files with pipecat's `EvalScenario.load` (from its source, with the runtime tier's
 * loguru stand-in) and resolve their speech and transcription services through pipecat's own
 * `EvalSpeech.from_config` / `EvalTranscriber.from_config` dispatch (the model-building functions
 * replaced, as they download models). One JSON line per file: what pipecat parsed, or its error.
 */
function loadScenarios(files: string[]): Record<string, unknown>[] {
  const code = `
import _autofake; _autofake.install()
import json, sys
import pipecat.evals.speech as speech
import pipecat.evals.transcribe as transcribe
from pipecat.evals.scenario import EvalScenario
from pipecat.services.moonshine.stt import Model

speech.kokoro_service = lambda cfg, rate: ("kokoro", cfg.get("voice"), rate)
transcribe.moonshine_service = lambda cfg: Model(cfg.get("model") or Model.SMALL_STREAMING)
for path in sys.argv[1:]:
    try:
        s = EvalScenario.load(path)
        out = {"name": s.name, "bot_audio": s.bot_audio,
               "turns": [{"user": t.user, "expect": [[e.event, e.eval] for e in t.expect]} for t in s.turns]}
        if s.user_audio is not None:
            out["speech"] = list(speech.EvalSpeech.from_config(s.user_audio, use_cache=False)._service)
        if s.transcriber is not None:
            out["transcription"] = str(transcribe.EvalTranscriber.from_config(s.transcriber)._service)
    except Exception as e:
        out = {"error": f"{type(e).__name__}: {e}"}
    print(json.dumps(out))
`;
  const r = spawnSync('python3', ['-c', code, ...files], {
    encoding: 'utf8',
    env: { ...process.env, PYTHONPATH: [join(PY_DIR, 'standins'), pipecatSrc()!].join(':') },
    timeout: 60_000,
  });
  if (r.status !== 0) throw new Error(`scenario loader failed: ${r.stderr}`);
  return r.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

(LOADER ? describe : describe.skip)("the starter scenarios, read by pipecat's scenario loader", () => {
  test('every scenario parses: a greeting turn, then a user turn, each judged on the response', () => {
    const files = [
      join(cascade, 'server/evals/starter_text.yaml'),
      join(cascade, 'server/evals/starter_audio.yaml'),
      join(realtime, 'server/evals/starter_audio.yaml'),
    ];
    const [text, audio, realtimeAudio] = loadScenarios(files);
    for (const s of [text, audio, realtimeAudio]) {
      expect(s.error).toBeUndefined();
      const turns = s.turns as { user: string | null; expect: [string, string][] }[];
      expect(turns).toHaveLength(2);
      expect(turns[0].user).toBeNull();
      expect(typeof turns[1].user).toBe('string');
      for (const t of turns) expect(t.expect).toHaveLength(1);
    }
    // Text mode: the loader turns `response` into the LLM's text; no speech either way.
    expect(text).toMatchObject({ name: 'starter_text', bot_audio: false });
    expect(text.speech).toBeUndefined();
    expect((text.turns as { expect: [string, string][] }[])[0].expect[0][0]).toBe('llm_response');
    for (const s of [audio, realtimeAudio]) {
      expect(s).toMatchObject({
        name: 'starter_audio',
        bot_audio: true,
        speech: ['kokoro', 'af_heart', 16000],
        transcription: 'small-streaming',
      });
      expect((s.turns as { expect: [string, string][] }[])[1].expect[0][0]).toBe('response');
    }
  });

  test("every `ollama pull` in the starters and README names pipecat's default judge (DEFAULT_OLLAMA_JUDGE_MODEL)", () => {
    const services = readFileSync(join(pipecatSrc()!, 'pipecat', 'evals', 'services.py'), 'utf8');
    const judge = /^DEFAULT_OLLAMA_JUDGE_MODEL = "([^"]+)"/m.exec(services)?.[1];
    expect(judge).toBeDefined();
    const files = [
      join(cascade, 'server/evals/starter_text.yaml'),
      join(cascade, 'server/evals/starter_audio.yaml'),
      join(cascade, 'README.md'),
      join(realtime, 'server/evals/starter_audio.yaml'),
      join(realtime, 'README.md'),
    ];
    for (const f of files) {
      const pulled = [...readFileSync(f, 'utf8').matchAll(/ollama pull (\S+?)`/g)].map((m) => m[1]);
      expect({ file: f, pulled }).toEqual({ file: f, pulled: [judge] });
    }
  });

  test('the loader rejects a broken scenario (the check can fail)', () => {
    const good = readFileSync(join(cascade, 'server/evals/starter_audio.yaml'), 'utf8');
    const noName = join(tmp, 'no-name.yaml');
    writeFileSync(noName, good.replace(/^name: .*$/m, ''));
    const badModality = join(tmp, 'bad-modality.yaml');
    writeFileSync(badModality, good.replace('modality: audio', 'modality: video'));
    const badModel = join(tmp, 'bad-model.yaml');
    writeFileSync(badModel, good.replace('model: small-streaming', 'model: huge'));
    const results = loadScenarios([noName, badModality, badModel]);
    expect(results[0].error).toMatch(/missing or invalid 'name:'/);
    expect(results[1].error).toMatch(/'user.modality:' must be 'audio' or 'text'/);
    expect(results[2].error).toMatch(/ValueError: 'huge' is not a valid Model/);
  });
});
