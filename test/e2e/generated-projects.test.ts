/**
 * Every catalogue entry, through the real binary, passes ../shared/tools/check_server.py with no
 * errors, no warnings and nothing unknown (issue 2, "What it must show").
 *
 * The sample matrix is derived from the catalogue, one sample per entry rather than the cartesian
 * product: cascade project i uses the i-th STT, LLM and TTS (cycling the shorter lists), realtime
 * project j the j-th realtime service; transports (every resolved id, PSTN/SIP modes included),
 * video services and features are spread over those projects.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVICES_BY_ROLE, TRANSPORTS } from '../../generators/app/catalogue/catalogue.js';
import { checkServers, checkerAvailable, makeTempDir, mapLimit, removeDir, runCliAsync, type CheckSummary } from '../helpers/cli.js';

const selectable = (role: keyof typeof SERVICES_BY_ROLE): string[] => SERVICES_BY_ROLE[role].filter((s) => !s.deprecated).map((s) => s.id);

interface Sample {
  name: string;
  args: string[];
  covers: string[];
}

/** One sample per catalogue entry and feature. */
function sampleMatrix(): Sample[] {
  const stt = selectable('stt');
  const llm = selectable('llm');
  const tts = selectable('tts');
  const realtime = selectable('realtime');
  const video = selectable('video');
  const telephony = TRANSPORTS.filter((t) => t.kind === 'telephony').map((t) => t.id);
  const features = ['--recording', '--transcription', '--observability', '--enable-noisecancel'];
  const samples: Sample[] = [];
  const cascadeCount = Math.max(stt.length, llm.length, tts.length);
  for (let i = 0; i < cascadeCount; i++) {
    const services = [stt[i % stt.length], llm[i % llm.length], tts[i % tts.length]];
    const args = ['-m', 'cascade', '--stt', services[0], '--llm', services[1], '--tts', services[2]];
    const covers = [...services];
    if (i < telephony.length) {
      // Telephony bots, one per transport; every other one adds a web transport for local testing.
      args.push('-b', 'telephony', '-t', telephony[i]);
      covers.push(telephony[i]);
      if (i % 2 === 1) args.push('-t', 'rtc_small');
    } else {
      const web = i % 3 === 0 ? ['rtc_hosted', 'rtc_small'] : i % 3 === 1 ? ['rtc_hosted'] : ['rtc_small'];
      args.push('-b', 'web', ...web.flatMap((t) => ['-t', t]));
      covers.push(...web);
      const v = i - telephony.length;
      if (v < video.length) {
        args.push('--video', video[v]);
        covers.push(video[v]);
      }
      if (i % 4 === 0) args.push('--video-input');
      if (i % 4 === 1) args.push('--video-output');
    }
    const f = features[i % features.length];
    args.push(f);
    covers.push(f);
    if (i % 5 === 0 && f !== '--enable-noisecancel') args.push('--no-deploy-to-cloud');
    samples.push({ name: `cascade-${i}`, args, covers });
  }
  realtime.forEach((id, j) => {
    const bot = j % 2 === 0 ? ['-b', 'web', '-t', 'rtc_small', '-t', 'rtc_hosted'] : ['-b', 'telephony', '-t', telephony[j % telephony.length]];
    samples.push({
      name: `realtime-${j}`,
      args: ['-m', 'realtime', '--realtime', id, ...bot, features[j % features.length], '--transcription'],
      covers: [id],
    });
  });
  samples.push({
    name: 'avatar-realtime',
    args: ['-m', 'realtime', '--realtime', realtime[0], '-b', 'web', '-t', 'rtc_small', '--video', video[0], '--video-input'],
    covers: [],
  });
  samples.push({
    name: 'everything-web',
    args: ['-m', 'cascade', '--stt', stt[0], '--llm', llm[0], '--tts', tts[0], '-b', 'web', '-t', 'rtc_hosted', '-t', 'rtc_small', ...features, '--video-input', '--video-output'],
    covers: [],
  });
  samples.push({
    name: 'everything-phone',
    args: ['-m', 'cascade', '--stt', stt[1], '--llm', llm[1], '--tts', tts[1], '-b', 'telephony', '-t', 'twilio', '-t', 'telnyx', '-t', 'plivo', '-t', 'exotel', '-t', 'daily_pstn_dialin', '-t', 'rtc_hosted', '-t', 'rtc_small', ...features],
    covers: [],
  });
  return samples;
}

const SAMPLES = sampleMatrix();
let out: string;
let summaries: CheckSummary[] = [];
const generated = new Map<string, { code: number; stderr: string }>();
const available = checkerAvailable();

beforeAll(async () => {
  out = makeTempDir('pipecat-matrix-');
  const results = await mapLimit(SAMPLES, 2, (s) => runCliAsync(['init', '-n', s.name, ...s.args, '-o', out]));
  SAMPLES.forEach((s, i) => generated.set(s.name, results[i]));
  if (available) {
    summaries = checkServers(SAMPLES.filter((s) => generated.get(s.name)?.code === 0).map((s) => join(out, s.name)));
  } else {
    process.stderr.write('generated-projects: python3 or ../shared/tools/check_server.py missing: static check SKIPPED\n');
  }
}, 600_000);

afterAll(() => removeDir(out));

describe('catalogue sample matrix', () => {
  test('covers every selectable service, every transport and every feature', () => {
    const covered = new Set(SAMPLES.flatMap((s) => s.covers));
    for (const role of ['stt', 'llm', 'tts', 'realtime', 'video'] as const) {
      for (const id of selectable(role)) expect(covered).toContain(id);
    }
    for (const t of TRANSPORTS) expect(covered).toContain(t.id);
    for (const f of ['--recording', '--transcription', '--observability', '--enable-noisecancel']) expect(covered).toContain(f);
  });

  test.each(SAMPLES.map((s) => [s.name, s] as const))('%s is generated', (_name, sample) => {
    const r = generated.get(sample.name)!;
    expect({ args: sample.args.join(' '), code: r.code, stderr: r.code === 0 ? '' : r.stderr }).toEqual({ args: sample.args.join(' '), code: 0, stderr: '' });
    expect(existsSync(join(out, sample.name, 'server', 'bot.py'))).toBe(true);
  });

  (available ? test.each(SAMPLES.map((s) => [s.name, s] as const)) : test.skip.each(SAMPLES.map((s) => [s.name, s] as const)))(
    '%s passes check_server.py with 0 errors, 0 warnings, 0 unknown',
    (_name, sample) => {
      const summary = summaries.find((x) => x.project === join(out, sample.name));
      expect(summary).toBeDefined();
      const findings = summary!.findings.map((f) => `${f.severity} ${f.check} ${f.file ?? ''}:${f.line ?? ''} ${f.message}`);
      expect({ args: sample.args.join(' '), findings }).toEqual({ args: sample.args.join(' '), findings: [] });
    },
  );

  test('.env.example lists every variable the server reads, each once, with a comment', () => {
    for (const s of SAMPLES) {
      const env = readFileSync(join(out, s.name, 'server', '.env.example'), 'utf8').split('\n');
      const names = env.map((l) => /^#?\s*([A-Z][A-Z0-9_]*)=/.exec(l)?.[1]).filter((n): n is string => !!n);
      expect(new Set(names).size).toBe(names.length);
      env.forEach((line, i) => {
        if (/^[A-Z][A-Z0-9_]*=/.test(line)) {
          expect(env[i - 1]).toMatch(/^# /);
          // Placeholders only: no value that looks like a real key.
          expect(line.split('=')[1]).not.toMatch(/^(sk-|pk_|pcc_)/);
        }
      });
    }
  });
});
