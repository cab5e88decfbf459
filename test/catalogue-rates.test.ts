/**
 * TTS output sample rates (`outputSampleRates`, see OutputSampleRates in catalogue/types.ts).
 *
 * Every TTS entry says at which rate(s) its vendor really delivers audio: rates are ascending
 * positive integers, a fixed-rate vendor has exactly one, an any-rate vendor uses ANY_SAMPLE_RATES,
 * and `source` cites a file of the imported pipecat package and a name the fact follows. When the
 * pipecat-ai source tree is present ($PIPECAT_SRC, default ../shared/pipecat-ai-1.7.0/src from the
 * repo root) the cited file must exist and mention that name; otherwise that one test is skipped.
 */
import { describe, expect, test } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { LLM_SERVICES } from '../generators/app/catalogue/llm.js';
import { REALTIME_SERVICES } from '../generators/app/catalogue/realtime.js';
import { STT_SERVICES } from '../generators/app/catalogue/stt.js';
import { ANY_SAMPLE_RATES, TTS_SERVICES } from '../generators/app/catalogue/tts.js';
import type { ServiceDefinition } from '../generators/app/catalogue/types.js';
import { VIDEO_SERVICES } from '../generators/app/catalogue/video.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PIPECAT_SRC = process.env.PIPECAT_SRC ?? join(ROOT, '..', 'shared', 'pipecat-ai-1.7.0', 'src');
const HAVE_SRC = existsSync(join(PIPECAT_SRC, 'pipecat'));
if (!HAVE_SRC) {
  process.stderr.write(
    `catalogue-rates: pipecat source not found at ${join(PIPECAT_SRC, 'pipecat')} (set PIPECAT_SRC to pipecat-ai's src/); skipping the source-file check\n`,
  );
}

const TTS: readonly ServiceDefinition[] = TTS_SERVICES;
const TTS_ENTRIES = TTS.map((s) => [s.id, s] as const);
const OTHERS: readonly ServiceDefinition[] = [...STT_SERVICES, ...LLM_SERVICES, ...REALTIME_SERVICES, ...VIDEO_SERVICES];

/** `source` = `<file> <name>: <explanation>`; returns the file and the last dotted part of the name. */
function parseSource(source: string): { file: string; name: string } | undefined {
  const m = /^(pipecat\/[\w/]+\.py) ([\w.]+):? /.exec(source);
  if (!m) return undefined;
  return { file: m[1], name: m[2].split('.').pop()! };
}

/** pipecat file of an entry's first import (`pipecat.services.openai.tts` → `pipecat/services/openai/tts.py`). */
function moduleFile(s: ServiceDefinition): string {
  return `${s.imports[0].from.replaceAll('.', '/')}.py`;
}

describe('TTS output sample rates', () => {
  test('every TTS entry has outputSampleRates, and only TTS entries', () => {
    expect(TTS.filter((s) => !s.outputSampleRates).map((s) => s.id)).toEqual([]);
    expect(OTHERS.filter((s) => s.outputSampleRates).map((s) => s.id)).toEqual([]);
  });

  test('ANY_SAMPLE_RATES is ascending and includes the telephony and web rates', () => {
    expect([...ANY_SAMPLE_RATES]).toEqual([...ANY_SAMPLE_RATES].sort((a, b) => a - b));
    expect(ANY_SAMPLE_RATES).toEqual(expect.arrayContaining([8000, 16000, 24000]));
  });

  test.each(TTS_ENTRIES)('%s: rates are ascending positive integers; fixed means exactly one rate', (_id, s) => {
    const r = s.outputSampleRates!;
    expect(r.rates.length).toBeGreaterThan(0);
    for (const rate of r.rates) {
      expect(Number.isInteger(rate) && rate > 0).toBe(true);
    }
    for (let i = 1; i < r.rates.length; i++) {
      expect(r.rates[i]).toBeGreaterThan(r.rates[i - 1]);
    }
    if (r.fixed) expect(r.rates).toHaveLength(1);
  });

  test.each(TTS_ENTRIES)('%s: source cites a file of the imported pipecat package and a name', (_id, s) => {
    const parsed = parseSource(s.outputSampleRates!.source);
    expect(parsed).toBeDefined();
    expect(dirname(parsed!.file)).toBe(dirname(moduleFile(s)));
    expect(s.outputSampleRates!.source.length).toBeGreaterThan(parsed!.file.length + parsed!.name.length + 20);
  });

  (HAVE_SRC ? test : test.skip)(`every cited source file exists under ${PIPECAT_SRC} and mentions the cited name`, () => {
    const problems: string[] = [];
    for (const s of TTS) {
      const parsed = parseSource(s.outputSampleRates!.source);
      if (!parsed) {
        problems.push(`${s.id}: unparsable source`);
        continue;
      }
      const path = join(PIPECAT_SRC, parsed.file);
      if (!existsSync(path)) {
        problems.push(`${s.id}: ${parsed.file} does not exist`);
        continue;
      }
      if (!readFileSync(path, 'utf8').includes(parsed.name)) problems.push(`${s.id}: ${parsed.file} does not mention ${parsed.name}`);
    }
    expect(problems).toEqual([]);
  });
});
