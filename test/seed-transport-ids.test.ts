// seed-ids:begin (this file keeps the seed's ids on purpose: /work/notes/rename-transports.sh skips it)
/**
 * The seed's transport ids (issue 26 item 1). Transport ids are the names pipecat's own scaffolder
 * uses (`daily`, `smallwebrtc`, `twilio`...); the ids this tool first shipped (`rtc_hosted`,
 * `rtc_small`, `telco_a`...) stay accepted as input everywhere (flags, `--config` files,
 * `.yo-rc.json`) and are never shown.
 *
 * A project recorded with them is brought to today's ids by `pipecat update` (no options) and by
 * `yo pipecat` in the project (Enter through the wizard): `bot.py`, `pyproject.toml` and
 * `.env.example` stay byte-identical, `.yo-rc.json`, the base (`.pipecat/base`), README.md and
 * AGENTS.md get today's ids, and the user's edits are kept. Such a project is made as the seed's
 * binary made it: generated, then its ids written back to the seed's in the only places that
 * binary wrote them ({@link toSeed}).
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import helpers from 'yeoman-test';
import PipecatGenerator from '../generators/app/index.js';
import { CASCADE_ARGS, ROOT, makeTempDir, readBytes, readTree, removeDir, runCli } from './helpers/cli.js';

/** Seed id → today's id, written out by hand (the spec of the migration, not a copy of the table). */
const SEED: Record<string, string> = {
  rtc_hosted: 'daily',
  rtc_small: 'smallwebrtc',
  telco_a: 'twilio',
  telco_b: 'telnyx',
  telco_c: 'plivo',
  telco_d: 'exotel',
  rtc_hosted_pstn_dialin: 'daily_pstn_dialin',
  rtc_hosted_pstn_dialout: 'daily_pstn_dialout',
  telco_a_rtc_hosted_sip_dialin: 'twilio_daily_sip_dialin',
  telco_a_rtc_hosted_sip_dialout: 'twilio_daily_sip_dialout',
};
/** The seed's family ids and the mode flag each needs. */
const SEED_FAMILIES: Record<string, { id: string; flag: string }> = {
  rtc_hosted_pstn: { id: 'daily_pstn', flag: '--daily-pstn-mode' },
  telco_a_rtc_hosted_sip: { id: 'twilio_daily_sip', flag: '--twilio-daily-sip-mode' },
};
/** Any seed id, whole (not part of a longer word). */
const ANY_SEED = /(?<![A-Za-z0-9_])(rtc_hosted|rtc_small|telco_[abcd])(?:_[a-z_]+)?(?![A-Za-z0-9_])/;

let tmp: string;
beforeAll(() => {
  tmp = makeTempDir('pipecat-seed-ids-');
});
afterAll(() => removeDir(tmp));

/** The `transports` of `init --dry-run` for these arguments (exit 0 expected). */
function dryRunTransports(args: string[]): unknown {
  const r = runCli(['init', '-n', 'x', ...args, ...CASCADE_ARGS, '--dry-run', '-o', join(tmp, 'dry')]);
  expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
  expect(r.stdout).not.toMatch(ANY_SEED);
  return (JSON.parse(r.stdout) as { transports: unknown }).transports;
}

describe('seed transport ids as input', () => {
  test.each(Object.entries(SEED))('-t %s resolves to %s (and the output never shows the seed id)', (seed, id) => {
    const botType = id === 'daily' || id === 'smallwebrtc' ? 'web' : 'telephony';
    expect(dryRunTransports(['-b', botType, '-t', seed])).toEqual([id]);
  });

  test.each(Object.entries(SEED_FAMILIES))('the family %s resolves with its mode', (seed, { id, flag }) => {
    expect(dryRunTransports(['-b', 'telephony', '-t', seed, flag, 'dial-out'])).toEqual([`${id}_dialout`]);
  });

  test.each([
    ['rtc_smal', 'smallwebrtc (SmallWebRTC'],
    ['telco_aa', 'twilio (Twilio'],
    ['rtc_hosted_pstm', 'daily_pstn?'],
  ])("a near miss of a seed id (%s) suggests today's id, never the seed id", (typo, suggested) => {
    const r = runCli(['init', '-n', 'x', '-b', 'telephony', '-t', typo, ...CASCADE_ARGS, '-o', join(tmp, 'typo')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`unknown transport "${typo}": did you mean ${suggested}`);
    expect(r.stderr.replace(`"${typo}"`, '')).not.toMatch(ANY_SEED);
  });

  test('a --config file with seed ids is accepted; --list-options shows only pipecat names', () => {
    const file = join(tmp, 'seed-config.json');
    writeFileSync(file, JSON.stringify({ transports: ['telco_b', 'rtc_small', 'rtc_hosted_pstn'], daily_pstn_mode: 'dial-in' }));
    expect(dryRunTransports(['--config', file])).toEqual(['telnyx', 'smallwebrtc', 'daily_pstn_dialin']);
    const list = runCli(['init', '--list-options']);
    expect(list.code).toBe(0);
    expect(list.stdout).not.toMatch(ANY_SEED);
    for (const id of Object.values(SEED)) expect(list.stdout).toContain(`"${id}"`);
  });
});

/**
 * Write a generated project's transport ids back to the seed's, where the seed's binary wrote
 * them: `.yo-rc.json`, and in README.md / AGENTS.md (live and base) the ``(`id`)`` of the
 * transport row and the `--add-transport` / `--remove-transport` examples. Compared with projects
 * of the seed's binary when written: the same bytes but for the spaces before one comment.
 */
function toSeed(dir: string): void {
  const back = Object.fromEntries(Object.entries(SEED).map(([s, id]) => [id, s]));
  const rc = join(dir, '.yo-rc.json');
  const doc = JSON.parse(readFileSync(rc, 'utf8')) as Record<string, { transports: string[] }>;
  doc['generator-pipecat'].transports = doc['generator-pipecat'].transports.map((t) => back[t] ?? t);
  writeFileSync(rc, JSON.stringify(doc, null, 2) + '\n');
  const ids = Object.keys(back).join('|');
  for (const file of ['README.md', 'AGENTS.md', '.pipecat/base/README.md', '.pipecat/base/AGENTS.md']) {
    const path = join(dir, file);
    const text = readFileSync(path, 'utf8')
      .replace(new RegExp('\\(`(' + ids + ')`\\)', 'g'), (_, id: string) => '(`' + back[id] + '`)')
      .replace(new RegExp('(--(?:add|remove)-transport )(' + ids + ')(?![A-Za-z0-9_])', 'g'), (_, f: string, id: string) => f + back[id]);
    writeFileSync(path, text);
  }
}

/** Projects covering every transport, as `init` arguments. */
const PROJECTS: Record<string, string[]> = {
  web: ['-b', 'web', '-t', 'smallwebrtc', '-t', 'daily', '--client-framework', 'react'],
  phone: ['-b', 'telephony', '-t', 'twilio', '-t', 'telnyx', '-t', 'plivo', '-t', 'exotel', '-t', 'daily_pstn_dialin'],
  sip: ['-b', 'telephony', '-t', 'twilio_daily_sip_dialin', '-t', 'smallwebrtc'],
  dialout: ['-b', 'telephony', '-t', 'daily_pstn_dialout'],
};

/** The files the migration must leave byte-identical. */
const UNTOUCHED = ['server/bot.py', 'server/pyproject.toml', 'server/.env.example'];

/**
 * A project of {@link PROJECTS} recorded with the seed's ids, with a user's edit in bot.py,
 * .env.example and the README.
 *
 * @returns the project folder and the bytes (base64) of the files that must not change
 */
function seedProject(name: string, where: string): { dir: string; kept: Record<string, string> } {
  const out = join(tmp, where);
  const r = runCli(['init', '-n', name, ...PROJECTS[name], ...CASCADE_ARGS, '-o', out]);
  expect({ code: r.code, stderr: r.code ? r.stderr : '' }).toEqual({ code: 0, stderr: '' });
  const dir = join(out, name);
  toSeed(dir);
  const rc = readFileSync(join(dir, '.yo-rc.json'), 'utf8');
  expect(rc).toMatch(ANY_SEED);
  expect(readFileSync(join(dir, '.pipecat/base/README.md'), 'utf8')).toMatch(ANY_SEED);
  writeFileSync(join(dir, 'server/bot.py'), readFileSync(join(dir, 'server/bot.py'), 'utf8') + '\n# my own note\n');
  writeFileSync(join(dir, 'server/.env.example'), readFileSync(join(dir, 'server/.env.example'), 'utf8') + 'MY_OWN=1\n');
  const readme = readFileSync(join(dir, 'README.md'), 'utf8').split('\n');
  readme.splice(2, 0, 'My own line in the README.');
  writeFileSync(join(dir, 'README.md'), readme.join('\n'));
  const bytes = readBytes(dir);
  return { dir, kept: Object.fromEntries(UNTOUCHED.map((f) => [f, bytes[f]])) };
}

/** After the migration: today's ids everywhere, the three files as they were, the user's edits kept. */
function expectMigrated(name: string, dir: string, kept: Record<string, string>): void {
  const bytes = readBytes(dir);
  for (const f of UNTOUCHED) expect({ f, bytes: bytes[f] }).toEqual({ f, bytes: kept[f] });
  const tree = readTree(dir);
  const seedLeft = Object.entries(tree)
    .filter(([, text]) => ANY_SEED.test(text))
    .map(([f, text]) => `${f}: ${ANY_SEED.exec(text)![0]}`);
  expect(seedLeft).toEqual([]);
  const recorded = (JSON.parse(tree['.yo-rc.json']) as Record<string, { transports: string[] }>)['generator-pipecat'].transports;
  expect(recorded).toEqual(PROJECTS[name].filter((a, i, all) => all[i - 1] === '-t'));
  expect(tree['README.md']).toContain('My own line in the README.');
  expect(tree['server/bot.py']).toContain('# my own note');
}

describe('a project recorded with seed ids', () => {
  test.each(Object.keys(PROJECTS))('%s: pipecat update (no options) brings it to pipecat names, keeping edits', (name) => {
    const { dir, kept } = seedProject(name, 'update');
    const r = runCli(['update'], { cwd: dir });
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    expect(r.stdout + r.stderr).not.toMatch(ANY_SEED);
    expectMigrated(name, dir, kept);
    // A second update has nothing left to do.
    const before = readBytes(dir);
    expect(runCli(['update'], { cwd: dir }).code).toBe(0);
    expect(readBytes(dir)).toEqual(before);
  });

  test('update --add-transport / --remove-transport take seed ids too', () => {
    const { dir } = seedProject('dialout', 'flags');
    const r = runCli(['update', '--add-transport', 'telco_c', '--remove-transport', 'rtc_hosted_pstn'], { cwd: dir });
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    const recorded = (JSON.parse(readFileSync(join(dir, '.yo-rc.json'), 'utf8')) as Record<string, { transports: string[] }>)[
      'generator-pipecat'
    ].transports;
    expect(recorded).toEqual(['plivo']);
  });

  test('yo pipecat in it (Enter through the wizard) does the same, with the pipecat names as defaults', async () => {
    const { dir, kept } = seedProject('web', 'yo');
    const asked: { name: string; default: unknown }[] = [];
    const ctx = helpers
      .run(PipecatGenerator as never, { namespace: 'pipecat:app', resolved: join(ROOT, 'generators', 'app', 'index.ts') })
      .cd(join(dir, 'server'))
      .withOptions({ skipInstall: true, terminal: true } as never)
      .withAnswers({}, {
        callback: (answer: unknown, { question }: { question: { name: string; default: unknown } }) => {
          asked.push({ name: question.name, default: question.default });
          return answer;
        },
      } as never);
    try {
      await ctx;
    } finally {
      process.chdir(ROOT);
    }
    expect(asked.find((q) => q.name === 'transports')?.default).toEqual(['daily', 'smallwebrtc']);
    expectMigrated('web', dir, kept);
  });
});
// seed-ids:end
