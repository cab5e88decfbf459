/**
 * `ProjectConfig` is computed from the options table (issue 25), not written beside it: these
 * assertions are checked by `npm run typecheck` (tsc over test/), so a row whose `type`, `choices`
 * or `nullable` changes changes the configuration's type, and the test below keeps the README's
 * feature list tied to the rows.
 */
import { describe, expect, test } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FEATURE_OPTIONS, type ConfigKey, type ProjectConfig } from '../generators/app/config/options.js';
import { ROOT, makeTempDir, removeDir, runCli } from './helpers/cli.js';

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

describe("a feature's README bullet reads the context", () => {
  test('video output names the size bot.py publishes: an avatar with its own frame size gets that size', () => {
    const tmp = makeTempDir('pipecat-video-size-');
    try {
      const sizes: string[] = [];
      for (const [name, video] of [
        ['square', 'simli_video'],
        ['wide', 'tavus_video'],
      ]) {
        const r = runCli([
          'init',
          '-n',
          name,
          '-b',
          'web',
          '-t',
          'daily',
          '-m',
          'realtime',
          '--realtime',
          'openai_realtime',
          '--video',
          video,
          '-o',
          tmp,
        ]);
        expect(r.code).toBe(0);
        const bot = readFileSync(join(tmp, name, 'server', 'bot.py'), 'utf8');
        const [w, h] = [/video_out_width=(\d+)/.exec(bot)![1], /video_out_height=(\d+)/.exec(bot)![1]];
        sizes.push(`${w}×${h}`);
        expect(readFileSync(join(tmp, name, 'README.md'), 'utf8')).toContain(`publishes a ${w}×${h} bot video track`);
      }
      expect(sizes).toEqual(['512×512', '1280×720']);
    } finally {
      removeDir(tmp);
    }
  });
});
