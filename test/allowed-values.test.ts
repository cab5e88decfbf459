/**
 * The joi-free check of a configuration (generators/app/config/allowed-values.ts): every
 * configuration it accepts, joi's schema accepts too (so skipping joi for it loses no message),
 * and the configurations users give pass it (so init and update skip joi).
 */
import { describe, expect, test } from '@jest/globals';
import { plainlyValid } from '../generators/app/config/allowed-values.js';
import { mergeLayers } from '../generators/app/config/resolve.js';
import { configSchema, MAX_NAME_LENGTH, PROJECT_NAME_PATTERN } from '../generators/app/config/schema.js';

const NAME = { maxLength: MAX_NAME_LENGTH, pattern: PROJECT_NAME_PATTERN };

/** A deterministic PRNG (mulberry32), so a failure is reproducible. */
function prng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A merged configuration as `pipecat init` gives it for a cascade web bot (defaults applied). */
function base(): Record<string, unknown> {
  const flags = {
    project_name: 'bot',
    bot_type: 'web',
    transports: ['smallwebrtc', 'daily'],
    mode: 'cascade',
    stt_service: 'deepgram_stt',
    llm_service: 'openai_llm',
    tts_service: 'cartesia_tts',
  };
  return { ...mergeLayers({ flags }).merged };
}

/** Values a key is set to: valid ids of every key, near misses, other types, edge names. */
const POOL: unknown[] = [
  ...['web', 'telephony', 'cascade', 'realtime', 'deepgram_stt', 'openai_llm', 'cartesia_tts', 'openai_realtime', 'tavus_video'],
  ...['daily', 'smallwebrtc', 'twilio', 'none', 'react', 'vite', 'dial-in', 'dial-out', 'DAILY', 'deepgram'],
  ...[
    '',
    ' ',
    'x',
    'bot',
    'my-bot.v2',
    '.',
    '..',
    '-x',
    '.x',
    'My Bot',
    'a/b',
    'a'.repeat(MAX_NAME_LENGTH),
    'a'.repeat(MAX_NAME_LENGTH + 1),
  ],
  ...[null, undefined, true, false, 0, 1, 'true', {}, [], ['daily'], ['daily', 'nope'], ['daily', 'daily'], [null], [1], ['smallwebrtc']],
  // eslint-disable-next-line no-sparse-arrays -- a hole must not pass as a transport
  [, 'daily'],
];

describe('plainlyValid', () => {
  test('accepts the configurations of a normal init', () => {
    expect(plainlyValid(base(), NAME)).toBe(true);
    expect(configSchema().validate(base()).error).toBeUndefined();
  });

  test('over random configurations: whatever it accepts, joi accepts', () => {
    const rand = prng(25);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
    const keys = Object.keys(base());
    const counts = { plain: 0, joiOnly: 0, invalid: 0 };
    const wrong: string[] = [];
    for (let i = 0; i < 4000; i++) {
      const c = base();
      for (let n = 1 + Math.floor(rand() * 3); n > 0; n--) {
        const what = rand();
        if (what < 0.1) delete c[pick(keys)];
        else if (what < 0.15) c[pick(['extra', 'projectName', '__proto__', 'constructor'])] = pick(POOL);
        else c[pick(keys)] = pick(POOL);
      }
      const plain = plainlyValid(c, NAME);
      const joiOk = configSchema().validate(c).error === undefined;
      if (plain && !joiOk) wrong.push(JSON.stringify(c));
      counts[plain ? 'plain' : joiOk ? 'joiOnly' : 'invalid'] += 1;
    }
    expect(wrong.slice(0, 3)).toEqual([]);
    // The fuzz reaches both sides: many accepted without joi, many refused by joi.
    expect(counts.plain).toBeGreaterThan(100);
    expect(counts.invalid).toBeGreaterThan(1000);
  });
});
