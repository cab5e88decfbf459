/**
 * The runtime tier's verdict rule (test/runtime/gaps.ts): a configuration is a known gap only when
 * it uses a listed id and every problem it shows matches that gap; anything else still fails.
 */
import { describe, expect, test } from '@jest/globals';
import { KNOWN_GAPS, outcome } from './runtime/gaps.js';

describe('runtime tier verdicts', () => {
  test('no problem is ok', () => {
    expect(outcome(['--stt', 'deepgram_stt'], [])).toBe('ok');
  });

  test("a gap's problem in a configuration using its id is a gap", () => {
    expect(outcome(['--realtime', 'ultravox_realtime'], ['the bot did not greet (no TTS audio reached the wire)'])).toBe('gap');
  });

  test('the same problem without the id fails', () => {
    expect(outcome(['--realtime', 'openai_realtime'], ['the bot did not greet (no TTS audio reached the wire)'])).toBe('fail');
  });

  test('another problem beside a gap fails', () => {
    expect(outcome(['--realtime', 'ultravox_realtime'], ['the bot did not greet', 'audio on the wire lasted 2.40 s but the TTS produced 0.80 s'])).toBe('fail');
  });

  test('every gap names its reason', () => {
    for (const g of KNOWN_GAPS) expect(g.reason.length).toBeGreaterThan(20);
  });
});
