/**
 * The one reader of a project's server code (generators/app/code/: `python/pipecat_reader.py` run
 * by `readServerCode`, and `codeFacts`):
 * - the reader on small sources, all read in one Python start: each form of an environment read
 *   and when it counts as required, conflict markers, a syntax error, `create_transport` keys,
 *   stdlib/local imports, deprecated uses with their move/rename fixes, a parameter found through
 *   the class ancestry;
 * - generated projects of varied configurations (built by the binary): what `codeFacts` says the
 *   code needs is exactly what `init` wrote into `.env.example` (the marks) and `pyproject.toml`
 *   (the pipecat-ai extras).
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findTransport } from '../generators/app/catalogue/catalogue.js';
import { codeFacts, minimalExtras } from '../generators/app/code/facts.js';
import { readServerCode } from '../generators/app/code/reader.js';
import type { CodeFacts, CodeReading, EnvNeed } from '../generators/app/code/types.js';
import { makeTempDir, mapLimit, removeDir, runCliAsync } from './helpers/cli.js';
import { pipecatSrc, sharedAvailable } from './helpers/shared.js';
import { pipecatData } from '../generators/app/code/reader.js';

const SOURCES: Record<string, string> = {
  'server/env.py': [
    'import os',
    'import os as o',
    'from os import getenv as ge, environ',
    'A = os.getenv("A")',
    'B = os.getenv("B", "x")',
    'C = os.environ.get("C")',
    'D = os.environ["D"]',
    'E = ge("E")',
    'F = environ["F"]',
    'G = environ.get("G", "g")',
    'H = required(os.getenv("H"), "H")',
    'I = o.getenv("I")',
    'os.environ["W"] = "written, not read"',
    'N = os.getenv(NAME)',
  ].join('\n'),
  'server/markers.py': ['x = 1', '<<<<<<< ours', 'y = 2', '=======', 'y = 3', '>>>>>>> theirs', ''].join('\n'),
  'server/broken.py': 'def f(:\n    pass\n',
  'server/helpers.py': 'VALUE = 1\n',
  'server/bot.py': [
    'import json',
    'import aiohttp',
    'from helpers import VALUE',
    'from .sibling import thing',
    'from pipecat.runner.utils import create_transport',
    'from pipecat.services.cartesia.tts import CartesiaTTSService',
    'PARAMS = {"twilio": lambda: None}',
    'async def bot(args):',
    '    params = {',
    '        "webrtc": lambda: TransportParams(audio_in_enabled=True, video_out_enabled=True),',
    '        "daily": lambda: DailyParams(),',
    '    }',
    '    await create_transport(args, params)',
    '    await create_transport(args, transport_params={"telnyx": lambda: None})',
    'async def other(args):',
    '    await create_transport(args, PARAMS)',
    'tts = CartesiaTTSService(api_key="k", aggregate_sentences=False)',
  ].join('\n'),
  'server/old.py': [
    'from pipecat.services.grok.llm import GrokLLMService',
    'import pipecat.pipeline.task as task_module',
    'from pipecat.flows.types import flows_direct_function',
    '',
    'handler = flows_direct_function(lambda: None)',
    'other = [flows_direct_function]',
  ].join('\n'),
};

let reading: CodeReading;
let root: string;

beforeAll(async () => {
  root = makeTempDir('pipecat-code-reader-');
  reading = await readServerCode({ root, files: SOURCES });
});

afterAll(() => removeDir(root));

/** The reads of one file as `NAME:required?`. */
function reads(path: string): string[] {
  return reading.env.filter((r) => r.path === path).map((r) => `${r.name}:${r.required}`);
}

describe('the reader on small sources', () => {
  test('every env form, required for environ[...] and required(...) only; writes and non-literal names are not reads', () => {
    expect(reads('server/env.py')).toEqual([
      'A:false',
      'B:false',
      'C:false',
      'D:true',
      'E:false',
      'F:true',
      'G:false',
      'H:true',
      'I:false',
    ]);
    expect(reading.env.find((r) => r.name === 'D')).toMatchObject({ path: 'server/env.py', line: 7 });
  });

  test('conflict markers are listed by line; a file that does not parse gives its error and nothing else', () => {
    const markers = reading.files.find((f) => f.path === 'server/markers.py');
    expect(markers?.markers).toEqual([2, 4, 6]);
    expect(markers?.error?.line).toBe(2);
    const broken = reading.files.find((f) => f.path === 'server/broken.py');
    expect(broken?.error).toEqual({ line: 1, message: expect.stringMatching(/syntax|parenthesis/i) });
    expect(reading.imports.some((i) => i.path === 'server/broken.py')).toBe(false);
    expect(reading.files.find((f) => f.path === 'server/helpers.py')).toEqual({ path: 'server/helpers.py' });
  });

  test('create_transport keys: a dict literal, a dict assigned in the function or the module, transport_params=', () => {
    expect(reading.transports.map((t) => `${t.key}@${t.line}${t.video ? '+video' : ''}`)).toEqual([
      'twilio@7',
      'webrtc@10+video',
      'daily@11',
      'telnyx@14',
    ]);
  });

  test('imports: stdlib, local (a sibling file, a relative import), third-party', () => {
    const imports = reading.imports.filter((i) => i.path === 'server/bot.py');
    expect(imports.map((i) => `${i.module}${i.stdlib ? ' stdlib' : ''}${i.local ? ' local' : ''}`).slice(0, 4)).toEqual([
      'json stdlib',
      'aiohttp',
      'helpers local',
      '.sibling local',
    ]);
    expect(imports[2].names).toEqual(['VALUE']);
  });

  test('a moved module and a renamed function carry their fix at the right column', () => {
    const old = reading.deprecations.filter((d) => d.path === 'server/old.py');
    const fixes = old.filter((d) => d.fix).map((d) => `${d.line}:${d.fix!.column} ${d.fix!.from} -> ${d.fix!.to}`);
    expect(fixes).toEqual([
      '1:5 pipecat.services.grok.llm -> pipecat.services.xai.llm',
      '2:7 pipecat.pipeline.task -> pipecat.pipeline.worker',
      '3:32 flows_direct_function -> flows_tool_options',
      '5:10 flows_direct_function -> flows_tool_options',
      '6:9 flows_direct_function -> flows_tool_options',
    ]);
    const lines = SOURCES['server/old.py'].split('\n');
    for (const d of old.filter((x) => x.fix)) {
      expect(lines[d.line - 1].slice(d.fix!.column, d.fix!.column + d.fix!.from.length)).toBe(d.fix!.from);
    }
    expect(old[0]).toMatchObject({ kind: 'module', relation: 'move', removedIn: '2.0.0', deprecatedIn: '0.0.108' });
  });

  test("a parameter pipecat deprecates on TTSService is found on CartesiaTTSService (the class's ancestry)", () => {
    const subjects = reading.deprecations.filter((d) => d.path === 'server/bot.py' && d.line === 17).map((d) => d.subject);
    expect(subjects).toContain('TTSService.aggregate_sentences');
    expect(subjects).toContain('CartesiaTTSService.aggregate_sentences');
  });
});

/** Generated configurations: the shapes `init` writes, as varied as its flags allow (its arguments, split at spaces). */
const CONFIGS: Record<string, string[]> = Object.fromEntries(
  Object.entries({
    'web-recording-no-deploy':
      '-b web -t smallwebrtc -m cascade --stt deepgram_stt --llm openai_llm --tts cartesia_tts --recording --transcription --no-deploy-to-cloud',
    'daily-realtime-video': '-b web -t daily -m realtime --realtime openai_realtime --video tavus_video',
    'webrtc-realtime-tavus': '-b web -t smallwebrtc -m realtime --realtime openai_realtime --video tavus_video',
    'azure-realtime': '-b web -t websocket -m realtime --realtime azure_realtime',
    'three-web-transports-camera':
      '-b web -t smallwebrtc -t daily -t websocket -m realtime --realtime gemini_live_realtime --video simli_video --video-input',
    'twilio-vertex': '-b telephony -t twilio -m cascade --stt google_stt --llm google_vertex_llm --tts elevenlabs_tts',
    'pstn-dial-in': '-b telephony -t daily_pstn --daily-pstn-mode dial-in -m realtime --realtime gemini_live_realtime',
    'pstn-dial-out':
      '-b telephony -t daily_pstn --daily-pstn-mode dial-out -m cascade --stt assemblyai_stt --llm anthropic_llm --tts rime_tts',
    'sip-dial-in':
      '-b telephony -t twilio_daily_sip --twilio-daily-sip-mode dial-in -m cascade --stt deepgram_stt --llm groq_llm --tts deepgram_tts',
    'sip-dial-out-aws': '-b telephony -t twilio_daily_sip --twilio-daily-sip-mode dial-out -m realtime --realtime aws_nova_realtime',
  }).map(([name, args]) => [name, args.split(' ')]),
);

/**
 * Where codeFacts and the generated pyproject knowingly disagree: extras the code's imports need
 * that the catalogue does not write, with the reason (reported, not hidden).
 */
const KNOWN_EXTRAS: Record<string, { codeOnly: string[]; why: string }> = {};

/**
 * The needs `.env.example` declares: an uncommented `NAME=` is required (local-only when a
 * transport's `cloudSupplies` names it); a commented `# NAME=` is optional when its description
 * ends `(optional)`, else set by the runner (`ENV`).
 */
function declaredNeeds(text: string, supplied: ReadonlySet<string>): Record<string, EnvNeed> {
  const lines = text.split('\n');
  const needs: Record<string, EnvNeed> = {};
  lines.forEach((line, i) => {
    const m = /^(# )?([A-Z][A-Z0-9_]*)=/.exec(line);
    if (!m) return;
    let mark: string | undefined;
    for (let j = i - 1; j >= 0 && lines[j].startsWith('#') && !/^# [A-Z][A-Z0-9_]*=/.test(lines[j]) && !mark; j--) {
      mark = /\((required|optional)\)$/.exec(lines[j])?.[1];
    }
    needs[m[2]] = m[1] ? (mark === 'optional' ? 'optional' : 'runner-set') : supplied.has(m[2]) ? 'local-only' : 'required';
  });
  return needs;
}

/** The extras of the `pipecat-ai[...]` requirement in `[project] dependencies`. */
function declaredExtras(pyproject: string): string[] {
  return (/"pipecat-ai\[([^\]]*)\]/.exec(pyproject)?.[1] ?? '').split(',').sort();
}

describe('codeFacts agrees with what init generates', () => {
  let out: string;
  const facts = new Map<string, { facts: CodeFacts; env: Record<string, EnvNeed>; extras: string[] }>();

  beforeAll(async () => {
    out = makeTempDir('pipecat-code-facts-');
    await mapLimit(Object.entries(CONFIGS), 2, async ([name, args]) => {
      const r = await runCliAsync(['init', '-n', name, ...args, '-o', out, '-y']);
      if (r.code !== 0) throw new Error(`init ${name} failed: ${r.stderr}`);
      const dir = join(out, name);
      const transports = (JSON.parse(readFileSync(join(dir, '.yo-rc.json'), 'utf8')) as { 'generator-pipecat': { transports: string[] } })[
        'generator-pipecat'
      ].transports;
      const supplied = new Set(transports.flatMap((t) => findTransport(t)?.cloudSupplies ?? []));
      facts.set(name, {
        facts: codeFacts(await readServerCode({ root: dir }), { transports }),
        env: declaredNeeds(readFileSync(join(dir, 'server', '.env.example'), 'utf8'), supplied),
        extras: declaredExtras(readFileSync(join(dir, 'server', 'pyproject.toml'), 'utf8')),
      });
    });
  }, 120_000);

  afterAll(() => removeDir(out));

  test.each(Object.keys(CONFIGS))("%s: the variables and their needs are .env.example's", (name) => {
    const f = facts.get(name)!;
    const got = Object.fromEntries(f.facts.env.map((v) => [v.name, v.need]));
    expect(got).toEqual(f.env);
  });

  test.each(Object.keys(CONFIGS))("%s: the extras install what pyproject's do (known disagreements aside)", (name) => {
    const f = facts.get(name)!;
    const data = pipecatData();
    const known = KNOWN_EXTRAS[name]?.codeOnly ?? [];
    expect(minimalExtras(f.facts.extras, data)).toEqual(minimalExtras([...f.extras, ...known], data));
  });

  test('every known disagreement is still there (remove it from KNOWN_EXTRAS once fixed)', () => {
    const data = pipecatData();
    const gone = Object.keys(KNOWN_EXTRAS).filter((name) => {
      const f = facts.get(name)!;
      return JSON.stringify(minimalExtras(f.facts.extras, data)) === JSON.stringify(minimalExtras(f.extras, data));
    });
    expect(gone).toEqual([]);
  });

  test('the services and transports detected are the ones generated', () => {
    expect(facts.get('twilio-vertex')!.facts.services).toEqual({
      stt: ['google_stt'],
      llm: ['google_vertex_llm'],
      tts: ['elevenlabs_tts'],
    });
    expect(facts.get('three-web-transports-camera')!.facts.transports).toEqual(['smallwebrtc', 'daily', 'websocket']);
    expect(facts.get('sip-dial-in')!.facts.transports).toEqual(['twilio_daily_sip_dialin']);
  });
});

const withSource = sharedAvailable('the shipped pipecat data vs the pipecat source', 'pipecatSrc');
(withSource ? describe : describe.skip)('the shipped pipecat data', () => {
  test("holds the source's deprecation registry and version (else: npm run data:pipecat)", () => {
    const root = join(pipecatSrc()!, '..');
    const registry = (
      JSON.parse(readFileSync(join(root, 'scripts', 'deprecations', 'deprecations.json'), 'utf8')) as {
        deprecations: Record<string, unknown>[];
      }
    ).deprecations;
    const data = pipecatData();
    expect(data.deprecations).toEqual(registry.map(({ location: _, ...rest }) => rest));
    expect(readFileSync(join(root, 'ABOUT.md'), 'utf8')).toContain(`# pipecat-ai ${data.pipecat.version} (git HEAD ${data.pipecat.commit}`);
  });
});

describe('codeFacts and names no dotenv file can hold', () => {
  test('a getenv of a name with a space or control characters is not a variable the project needs', async () => {
    const reading = await readServerCode({
      root: makeTempDir('pipecat-env-names-'),
      serverDir: '.',
      files: { 'bot.py': 'import os\nA = os.getenv("GOOD_KEY")\nB = os.getenv("BAD\\x1b[2J KEY")\n' },
    });
    expect(reading.env.map((r) => r.name)).toEqual(['GOOD_KEY', 'BAD\u001b[2J KEY']);
    expect(codeFacts(reading).env.map((v) => v.name)).toEqual(['GOOD_KEY']);
  });
});
