/**
 * Every catalogue entry, through the real binary, passes check_server.py (located by
 * test/helpers/shared.ts) with no errors, no warnings and nothing unknown (issue 2, "What it must
 * show").
 *
 * The sample matrix is derived from the catalogue, one sample per entry rather than the cartesian
 * product: cascade project i uses the i-th STT, LLM and TTS (cycling the shorter lists), realtime
 * project j the j-th realtime service; transports (every resolved id, PSTN/SIP modes included),
 * video services and features are spread over those projects.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TRANSPORTS } from '../../generators/app/catalogue/catalogue.js';
import { FEATURES, sampleMatrix, selectable } from '../helpers/matrix.js';
import { checkServers, checkerAvailable, makeTempDir, mapLimit, removeDir, runCliAsync, type CheckSummary } from '../helpers/cli.js';

const SAMPLES = sampleMatrix();
let out: string;
let summaries: CheckSummary[] = [];
const generated = new Map<string, { code: number; stderr: string }>();
const available = checkerAvailable('generated-projects: check_server.py on every sample');

beforeAll(async () => {
  out = makeTempDir('pipecat-matrix-');
  const results = await mapLimit(SAMPLES, 2, (s) => runCliAsync(['init', '-n', s.name, ...s.args, '-o', out]));
  SAMPLES.forEach((s, i) => generated.set(s.name, results[i]));
  if (available) summaries = checkServers(SAMPLES.filter((s) => generated.get(s.name)?.code === 0).map((s) => join(out, s.name)));
}, 600_000);

afterAll(() => removeDir(out));

describe('catalogue sample matrix', () => {
  test('covers every selectable service, every transport and every feature', () => {
    const covered = new Set(SAMPLES.flatMap((s) => s.covers));
    for (const role of ['stt', 'llm', 'tts', 'realtime', 'video'] as const) {
      for (const id of selectable(role)) expect(covered).toContain(id);
    }
    for (const t of TRANSPORTS) expect(covered).toContain(t.id);
    for (const f of FEATURES) expect(covered).toContain(f);
  });

  test.each(SAMPLES.map((s) => [s.name, s] as const))('%s is generated', (_name, sample) => {
    const r = generated.get(sample.name)!;
    expect({ args: sample.args.join(' '), code: r.code, stderr: r.code === 0 ? '' : r.stderr }).toEqual({
      args: sample.args.join(' '),
      code: 0,
      stderr: '',
    });
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
