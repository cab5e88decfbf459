/**
 * The runtime matrix plays barge-in (test/runtime/python/rt/scenarios/barge_in.py) for every
 * realtime service and every transport at least once (test/runtime/harness.ts `bargeInPicks`,
 * `SCENARIOS`): checked here on the matrix's `init` arguments, without running a session, so a
 * change to the matrix (test/helpers/matrix.ts `runtimeMatrix`) that leaves one out fails at once.
 */
import { describe, expect, test } from '@jest/globals';
import { SERVICES_BY_ROLE, TRANSPORTS } from '../generators/app/catalogue/catalogue.js';
import { runtimeMatrix, selectable } from './helpers/matrix.js';
import { bargeInPicks, configOfArgs, SCENARIOS, withScenarios, type RecordedConfig } from './runtime/harness.js';

const configs = runtimeMatrix().map((s) => configOfArgs(s.args));

describe('the runtime matrix plays barge-in for every realtime service and transport', () => {
  test('every selectable realtime service and every transport has a barge-in session', () => {
    const { covered } = bargeInPicks(configs);
    const streams = new Set(configs.filter((c) => c.mode === 'cascade').flatMap((c) => (c.transports.length === 2 ? c.transports : [])));
    const want = [...SERVICES_BY_ROLE.realtime.filter((s) => !s.deprecated).map((s) => s.id), ...TRANSPORTS.map((t) => t.id)];
    // Phone streams play it in the cascade row (a stream beside a web transport).
    expect(want.filter((id) => !covered.has(id) && !streams.has(id))).toEqual([]);
  });

  test('every selectable TTS vendor has a barge-in session (its phone-tts sample), whatever the vendor', () => {
    const row = SCENARIOS.filter((r) => r.scenario === 'barge-in');
    const played = configs.flatMap((c) => {
      const sessions = c.transports.map((t) => ({ transport: t, driver: t, call: 'phone' as const }));
      const recorded = { ...c, realtime_service: c.realtime_service ?? null, tts_service: c.tts_service ?? null } as RecordedConfig;
      return withScenarios(sessions, recorded, row).some((s) => s.scenario === 'barge-in') ? [String(c.tts_service)] : [];
    });
    expect(selectable('tts').filter((id) => !played.includes(id))).toEqual([]);
  });

  test('the picks are sessions of the matrix, one per new service or transport', () => {
    const sessions = configs.flatMap((c) =>
      withScenarios(
        c.transports.map((t) => ({ transport: t, driver: t, call: 'phone' as const })),
        { ...c, realtime_service: c.realtime_service ?? null, tts_service: c.tts_service ?? null } as RecordedConfig,
        SCENARIOS.filter((r) => r.scenario === 'barge-in'),
      ),
    );
    const bargeIns = sessions.filter((s) => s.scenario === 'barge-in');
    const { keys } = bargeInPicks(configs);
    expect(keys.size).toBeLessThanOrEqual(SERVICES_BY_ROLE.realtime.length + TRANSPORTS.length);
    expect(bargeIns.length).toBeGreaterThanOrEqual(keys.size);
  });
});
