/**
 * The runtime tier's verdict rule (test/runtime/gaps.ts): a configuration is a known gap only when
 * it uses a listed id and every problem it shows matches that gap; anything else still fails.
 */
import { describe, expect, test } from '@jest/globals';
import { KNOWN_GAPS, outcome, type KnownGap } from './runtime/gaps.js';
import { STARVED_FRAMES, starvedBy, type SessionResult } from './runtime/harness.js';

/** A gap of the kind the list holds, so the rule is tested whatever the list holds today. */
const GAPS: KnownGap[] = [{ id: 'ultravox_realtime', problem: /the bot did not greet/, reason: 'a fixture gap for the verdict rule' }];

describe('runtime tier verdicts', () => {
  test('no problem is ok', () => {
    expect(outcome(['--stt', 'deepgram_stt'], [])).toBe('ok');
  });

  test("a gap's problem in a configuration using its id is a gap", () => {
    expect(outcome(['--realtime', 'ultravox_realtime'], ['the bot did not greet (no TTS audio reached the wire)'], GAPS)).toBe('gap');
  });

  test('the same problem without the id fails', () => {
    expect(outcome(['--realtime', 'openai_realtime'], ['the bot did not greet (no TTS audio reached the wire)'], GAPS)).toBe('fail');
  });

  test('another problem beside a gap fails', () => {
    expect(
      outcome(
        ['--realtime', 'ultravox_realtime'],
        ['the bot did not greet', 'audio on the wire lasted 2.40 s but the TTS produced 0.80 s'],
        GAPS,
      ),
    ).toBe('fail');
  });

  test('a gap limited to a transport does not cover the same service elsewhere', () => {
    const narrow: KnownGap[] = [
      { id: 'ultravox_realtime', with: ['exotel'], problem: /did not greet/, reason: 'a fixture gap limited to one transport' },
    ];
    expect(outcome(['--realtime', 'ultravox_realtime', '-t', 'exotel'], ['the bot did not greet'], narrow)).toBe('gap');
    expect(outcome(['--realtime', 'ultravox_realtime', '-t', 'telnyx'], ['the bot did not greet'], narrow)).toBe('fail');
  });

  test('the barge-in gaps excuse unplayed words in the context of their TTS and nothing else', () => {
    const args = ['--tts', 'deepgram_tts'];
    const unplayed =
      "the context holds words of the interrupted answer that were never played (1.88 s reached the wire): 'them step by step.'";
    expect(outcome(args, [unplayed])).toBe('gap');
    expect(outcome(['--tts', 'deepgram_flux_tts'], [unplayed])).toBe('gap');
    expect(outcome(['--tts', 'lmnt_tts'], [unplayed])).toBe('fail');
    expect(outcome(args, ["the bot did not stop within 0.55 s of the user's speech: its answer went on for 2.00 s"])).toBe('fail');
    expect(outcome(args, ["the interrupted answer in the context is not what the bot began to say: 'I can'"])).toBe('fail');
  });

  test('every gap names its reason', () => {
    for (const g of KNOWN_GAPS) expect(g.reason.length).toBeGreaterThan(20);
  });
});

describe('runtime tier: starved sessions', () => {
  const failed = (frames: number | undefined): SessionResult => ({
    project: 'p',
    session: 'smallwebrtc/required',
    ok: false,
    problems: ['the bot did not greet'],
    ...(frames === undefined ? {} : { backlog: { frames, processor: 'LLMUserAggregator#0', thread_ms: 90 } }),
  });

  test('a failed session whose pipeline fell a second behind is run again, with the figures that say so', () => {
    expect(starvedBy([failed(STARVED_FRAMES)])).toBe(
      `smallwebrtc/required starved (${STARVED_FRAMES} frames waiting in LLMUserAggregator#0, thread round trip 90 ms)`,
    );
  });

  test('a failure with the pipeline keeping up is not excused as starvation', () => {
    expect(starvedBy([failed(STARVED_FRAMES - 1)])).toBeUndefined();
    expect(starvedBy([failed(undefined)])).toBeUndefined();
    expect(starvedBy([])).toBeUndefined();
  });
});
