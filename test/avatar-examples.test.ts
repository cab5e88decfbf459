/**
 * The avatar services follow pipecat's own avatar examples parameter by parameter, or say why not.
 *
 * Each video entry's record carries its example's parameters as data (`record.example`: the file
 * in pipecat-ai/pipecat, the commit, every transport param, PipelineParams, constructor argument
 * and publishing call). A web bot is generated with each avatar through the real binary, in
 * cascade and realtime mode, and its bot.py is read with Python's `ast` (test/helpers/avatar_params.py);
 * every parameter that differs from the example (an absent keyword counting as pipecat's default)
 * must be named by one of the record's deviations (`params`), and a deviation may name only a
 * parameter that differs.
 *
 * Given a pipecat repository (`PIPECAT_REPO`, test/helpers/shared.ts), the example files are read
 * again at its HEAD and must still hold the recorded parameters; given pipecat's src, the defaults
 * below must be pipecat's.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serviceRecord } from '../generators/app/catalogue/all-records.js';
import { SERVICES_BY_ROLE } from '../generators/app/catalogue/catalogue.js';
import type { ExampleParam, ServiceDefinition } from '../generators/app/catalogue/types.js';
import { CASCADE_ARGS, makeTempDir, mapLimit, removeDir, ROOT, runCliAsync } from './helpers/cli.js';
import { pipecatRepo, pipecatSrc, sharedAvailable } from './helpers/shared.js';

const READER = join(ROOT, 'test', 'helpers', 'avatar_params.py');

/** Scopes as the reader prints them: keyword -> value (`ast.unparse`). */
type Scopes = Record<ExampleParam['scope'], Record<string, string>>;

/**
 * pipecat 1.8's defaults of the keywords the examples and the generated bots set, so an absent
 * keyword compares as its default: `TransportParams` (transports/base_transport.py, also the base
 * of `DailyParams`) and `PipelineParams` (pipeline/worker.py). Checked against pipecat's src below.
 */
const DEFAULTS: Record<'transport' | 'pipeline', Record<string, string>> = {
  transport: {
    audio_in_enabled: 'False',
    audio_out_enabled: 'False',
    audio_out_auto_silence: 'True',
    audio_out_sample_rate: 'None',
    audio_out_10ms_chunks: '4',
    audio_out_end_silence_secs: '2',
    audio_in_sample_rate: 'None',
    audio_in_filter: 'None',
    video_in_enabled: 'False',
    video_out_enabled: 'False',
    video_out_is_live: 'False',
    video_out_width: '1024',
    video_out_height: '768',
    video_out_bitrate: 'None',
    video_out_framerate: '30',
  },
  pipeline: {
    audio_in_sample_rate: '16000',
    audio_out_sample_rate: '24000',
    enable_metrics: 'False',
    enable_usage_metrics: 'False',
  },
};

/** What an absent keyword of `scope` means. */
function defaultOf(scope: ExampleParam['scope'], name: string): string {
  if (scope === 'daily' || scope === 'webrtc') return DEFAULTS.transport[name] ?? '(absent)';
  if (scope === 'pipeline') return DEFAULTS.pipeline[name] ?? '(absent)';
  return '(absent)';
}

/** The reader's scopes of Python files, each with the constructor to read (one Python run). */
function readParams(files: readonly (readonly [file: string, cls: string])[]): Scopes[] {
  return JSON.parse(execFileSync('python3', [READER, ...files.flat()], { encoding: 'utf8' })) as Scopes[];
}

/** The pipecat class an entry constructs, e.g. `TavusVideoService`. */
function classOf(def: ServiceDefinition): string {
  return /^(\w+)\(/.exec(def.construct)![1];
}

/** The example's recorded parameters as scopes. */
function recorded(def: ServiceDefinition): Scopes {
  const out: Scopes = { daily: {}, webrtc: {}, pipeline: {}, service: {}, handler: {} };
  for (const p of serviceRecord(def.id).example!.params) out[p.scope][p.name] = p.value;
  return out;
}

/**
 * Every parameter of a generated bot that differs from the example and no deviation names, and
 * every deviation's parameter that does not differ, as lines naming the service and the parameter.
 *
 * @param def the avatar entry
 * @param ours the generated bot's scopes
 */
export function compareWithExample(def: ServiceDefinition, ours: Scopes): string[] {
  const theirs = recorded(def);
  const explained = new Set(serviceRecord(def.id).deviations.flatMap((d) => d.params ?? []));
  const differing = new Set<string>();
  const problems: string[] = [];
  for (const scope of Object.keys(theirs) as ExampleParam['scope'][]) {
    for (const name of new Set([...Object.keys(theirs[scope]), ...Object.keys(ours[scope])])) {
      const example = theirs[scope][name] ?? defaultOf(scope, name);
      const generated = ours[scope][name] ?? defaultOf(scope, name);
      if (example === generated) continue;
      const key = `${scope}.${name}`;
      differing.add(key);
      if (!explained.has(key)) problems.push(`${def.id} ${key}: example ${example}, generated ${generated}, and no deviation names it`);
    }
  }
  for (const key of explained)
    if (!differing.has(key)) problems.push(`${def.id} ${key}: a deviation names it but the generated bot sets it as the example does`);
  return problems;
}

const AVATARS = SERVICES_BY_ROLE.video;
const MODES = [
  { mode: 'cascade', args: CASCADE_ARGS },
  { mode: 'realtime', args: ['-m', 'realtime', '--realtime', 'openai_realtime'] },
];
const RUNS = AVATARS.flatMap((def) => MODES.map((m) => ({ def, ...m })));

describe('the avatars follow pipecat examples, or a deviation says why', () => {
  let out: string;
  const bots = new Map<string, string>();
  const read = new Map<string, Scopes>();

  beforeAll(async () => {
    out = makeTempDir('pipecat-avatar-examples-');
    await mapLimit(RUNS, 2, async (run) => {
      const dir = join(out, `${run.def.id}-${run.mode}`);
      const args = [
        'init',
        '-n',
        'av',
        ...run.args,
        ...'-b web -t daily -t smallwebrtc --video'.split(' '),
        run.def.id,
        '-o',
        dir,
        '--yes',
      ];
      const r = await runCliAsync(args);
      if (r.code !== 0) throw new Error(`init ${args.join(' ')} failed: ${r.stderr}`);
      bots.set(`${run.def.id} ${run.mode}`, join(dir, 'av', 'server', 'bot.py'));
    });
    const scopes = readParams(RUNS.map((r) => [bots.get(`${r.def.id} ${r.mode}`)!, classOf(r.def)] as const));
    RUNS.forEach((r, i) => read.set(`${r.def.id} ${r.mode}`, scopes[i]));
  }, 60_000);

  afterAll(() => {
    if (out) removeDir(out);
  });

  test('every avatar entry records the example it follows', () => {
    expect(AVATARS.filter((d) => !serviceRecord(d.id).example).map((d) => d.id)).toEqual([]);
  });

  test.each(RUNS.map((r) => [r.def.id, r.mode, r.def] as const))('%s (%s): the generated bot.py against the example', (id, mode, def) => {
    const ours = read.get(`${id} ${mode}`)!;
    expect(Object.keys(ours.daily).length).toBeGreaterThan(0);
    expect(Object.keys(ours.service).length).toBeGreaterThan(0);
    expect(compareWithExample(def, ours)).toEqual([]);
  });

  test('the comparison names a parameter that differs without a deviation', () => {
    const def = AVATARS.find((d) => d.id === 'tavus_video')!;
    const file = join(out, 'changed.py');
    writeFileSync(file, readFileSync(bots.get('tavus_video cascade')!, 'utf8').replace(/video_out_width=1280/g, 'video_out_width=1024'));
    expect(compareWithExample(def, readParams([[file, classOf(def)]])[0])).toEqual([
      'tavus_video daily.video_out_width: example 1280, generated 1024, and no deviation names it',
      'tavus_video webrtc.video_out_width: example 1280, generated 1024, and no deviation names it',
    ]);
  });
});

const SRC_WHAT = 'avatar examples: the defaults against pipecat src';
(sharedAvailable(SRC_WHAT, 'pipecatSrc') ? describe : describe.skip)(SRC_WHAT, () => {
  test("an absent keyword compares as pipecat's own default", () => {
    const real = JSON.parse(execFileSync('python3', [READER, '--defaults', pipecatSrc()!], { encoding: 'utf8' })) as typeof DEFAULTS;
    for (const scope of ['transport', 'pipeline'] as const)
      for (const [name, value] of Object.entries(DEFAULTS[scope]))
        expect(`${scope}.${name}=${real[scope][name]}`).toBe(`${scope}.${name}=${value}`);
  });
});

const REPO_WHAT = 'avatar examples: the recorded parameters against the pipecat repository';
(sharedAvailable(REPO_WHAT, 'pipecatRepo') ? describe : describe.skip)(REPO_WHAT, () => {
  test('every example still sets the parameters its record holds', () => {
    const dir = makeTempDir('pipecat-avatar-example-');
    try {
      const repo = pipecatRepo()!;
      const head = execFileSync('git', ['-C', repo, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
      const files = AVATARS.map((def) => {
        const file = join(dir, `${def.id}.py`);
        writeFileSync(file, execFileSync('git', ['-C', repo, 'show', `HEAD:${serviceRecord(def.id).example!.file}`], { encoding: 'utf8' }));
        return [file, classOf(def)] as const;
      });
      const now = readParams(files);
      const lines = (scopes: Scopes) =>
        Object.entries(scopes)
          .flatMap(([scope, kw]) => Object.entries(kw).map(([name, value]) => `${scope}.${name}=${value}`))
          .sort();
      // Failing here: pipecat's example at the repository's HEAD (`head`) no longer sets what the
      // record says it set at `commit`: compare again, then update the record and the generated bot.
      const view = (params: Scopes[]) =>
        AVATARS.map((def, i) => ({
          id: def.id,
          file: serviceRecord(def.id).example!.file,
          commit: serviceRecord(def.id).example!.commit,
          head,
          params: lines(params[i]),
        }));
      expect(view(now)).toEqual(view(AVATARS.map(recorded)));
    } finally {
      removeDir(dir);
    }
  });
});
