/**
 * TTS output sample rates (`outputSampleRates`, see OutputSampleRates in catalogue/types.ts).
 *
 * Every TTS entry says at which rate(s) its vendor really delivers audio: rates are ascending
 * positive integers, a fixed-rate vendor has exactly one, an any-rate vendor uses ANY_SAMPLE_RATES,
 * and `source` cites a file of the imported pipecat package and a name the fact follows. When the
 * pipecat-ai source tree is present (found by scripts/shared-paths.ts: `PIPECAT_SRC`, else under
 * `PIPECAT_SHARED`) the cited file must exist and mention that name; otherwise those tests are skipped.
 */
import { describe, expect, test } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { LLM_SERVICES } from '../generators/app/catalogue/llm.js';
import { REALTIME_SERVICES } from '../generators/app/catalogue/realtime.js';
import { STT_SERVICES } from '../generators/app/catalogue/stt.js';
import { ANY_SAMPLE_RATES, TTS_SERVICES } from '../generators/app/catalogue/tts.js';
import type { ServiceDefinition } from '../generators/app/catalogue/types.js';
import { VIDEO_SERVICES } from '../generators/app/catalogue/video.js';
import { pipecatSrcCandidate, sharedAvailable } from './helpers/shared.js';

const PIPECAT_SRC = pipecatSrcCandidate();
const HAVE_SRC = sharedAvailable('catalogue-rates: the cited pipecat source files', 'pipecatSrc');

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

const STT: readonly ServiceDefinition[] = STT_SERVICES;

/**
 * The constant an STT class hands to its base class as `sample_rate` (`super().__init__(sample_rate=
 * MOONSHINE_SAMPLE_RATE, ...)`) and that constant's value in the same file, or undefined when the
 * class forwards its own `sample_rate` parameter (the pipeline's rate).
 */
function fixedInputRate(text: string): { name: string; rate: number } | undefined {
  const m = /super\(\)\.__init__\(\s*(?:[^)]*?,\s*)?sample_rate=([A-Z][A-Z0-9_]*)\b/s.exec(text);
  if (!m) return undefined;
  const value = new RegExp(`^${m[1]}\\s*=\\s*(\\d+)\\s*$`, 'm').exec(text);
  return { name: m[1], rate: value ? Number(value[1]) : NaN };
}

describe('STT input sample rates', () => {
  test('only STT entries have inputSampleRate; each cites a file of its pipecat package and a name', () => {
    expect([...TTS, ...OTHERS].filter((s) => s.role !== 'stt' && s.inputSampleRate).map((s) => s.id)).toEqual([]);
    for (const s of STT.filter((x) => x.inputSampleRate)) {
      const parsed = parseSource(s.inputSampleRate!.source);
      expect({ id: s.id, dir: parsed && dirname(parsed.file) }).toEqual({ id: s.id, dir: dirname(moduleFile(s)) });
      expect(Number.isInteger(s.inputSampleRate!.rate) && s.inputSampleRate!.rate > 0).toBe(true);
    }
  });

  test('the fixed-rate finder reads a constant handed to the base class and ignores a forwarded parameter', () => {
    expect(
      fixedInputRate('X_RATE = 16000\nclass S:\n    def __init__(self):\n        super().__init__(sample_rate=X_RATE, settings=s)\n'),
    ).toEqual({ name: 'X_RATE', rate: 16000 });
    expect(
      fixedInputRate(
        'class S:\n    def __init__(self, sample_rate=None):\n        super().__init__(\n            sample_rate=sample_rate,\n        )\n',
      ),
    ).toBeUndefined();
  });

  (HAVE_SRC ? test : test.skip)(
    `an STT entry has inputSampleRate exactly when its pipecat class fixes the input rate (source under ${PIPECAT_SRC})`,
    () => {
      const found: Record<string, number | undefined> = {};
      const declared: Record<string, number | undefined> = {};
      const problems: string[] = [];
      for (const s of STT) {
        const fixed = fixedInputRate(readFileSync(join(PIPECAT_SRC, moduleFile(s)), 'utf8'));
        found[s.id] = fixed?.rate;
        declared[s.id] = s.inputSampleRate?.rate;
        if (fixed && s.inputSampleRate && parseSource(s.inputSampleRate.source)?.name !== fixed.name) {
          problems.push(`${s.id}: source should cite ${fixed.name}`);
        }
      }
      expect(declared).toEqual(found);
      expect(problems).toEqual([]);
    },
  );
});
