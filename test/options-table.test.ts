/**
 * `ProjectConfig` is computed from the options table (issue 25), not written beside it: these
 * assertions are checked by `npm run typecheck` (tsc over test/), so a row whose `type`, `choices`
 * or `nullable` changes changes the configuration's type, and the test below keeps the README's
 * feature list tied to the rows.
 */
import { describe, expect, test } from '@jest/globals';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { FEATURE_OPTIONS, type ConfigKey, type ProjectConfig } from '../generators/app/config/options.js';
import { ROOT } from './helpers/cli.js';

/** `true` exactly when A and B are the same type. */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

const typed: true[] = [
  true satisfies Same<ProjectConfig['bot_type'], 'web' | 'telephony'>,
  true satisfies Same<ProjectConfig['mode'], 'cascade' | 'realtime'>,
  true satisfies Same<ProjectConfig['daily_pstn_mode'], 'dial-in' | 'dial-out' | null>,
  true satisfies Same<ProjectConfig['project_name'], string>,
  true satisfies Same<ProjectConfig['transports'], string[]>,
  // Open data: a new catalogue entry is a new value, not a new type.
  true satisfies Same<ProjectConfig['stt_service'], string | null>,
  true satisfies Same<ProjectConfig['client_framework'], string | null>,
  true satisfies Same<ProjectConfig['enable_eval'], boolean>,
  true satisfies Same<Extract<ConfigKey, 'enable_eval' | 'nonexistent_key'>, 'enable_eval'>,
];

describe('the options table', () => {
  test('ProjectConfig is typed by the rows (checked by tsc)', () => {
    expect(typed.every(Boolean)).toBe(true);
  });

  test("every feature's README bullet partial exists and the bullets have distinct places", () => {
    const sections = FEATURE_OPTIONS.flatMap((o) => (o.feature.readme.section ? [o.feature.readme.section] : []));
    expect(sections.filter((s) => !existsSync(join(ROOT, 'templates', 'project', s.partial)))).toEqual([]);
    expect(new Set(sections.map((s) => s.order)).size).toBe(sections.length);
  });
});
