/**
 * An update follows the server code that stays: in a project on ElevenLabs whose TTS
 * construct the user edited, `pipecat update --tts cartesia_tts` settled as "yours" (the flag, or
 * part by part through the update's `choose` collaborator), or with markers resolved by hand either
 * way and a plain `pipecat update` after: `.env.example` declares the key the kept code reads,
 * `.yo-rc.json` names the service the code constructs, no `secrets unset` is advised for a key
 * still read, the deploy preflight requires the key (a set lacking it is refused, naming it; a
 * file still holding markers is refused, `file:line`), and check_server.py finds no variable read
 * without being declared. The user's own `os.getenv` and an import needing an extra survive an
 * unrelated update; a plain update of a fresh project changes nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startEmulator, type RunningEmulator } from '../../cli/emulator/server.js';
import { cleanEnv, runCli as runCloud } from '../cloud/helpers.js';
import { ROOT, checkServers, checkerAvailable, makeTempDir, readBytes, removeDir, runCli } from '../helpers/cli.js';

const CHECKS = checkerAvailable('update follows the code: check_server.py env check');
const INIT = ['-t', 'daily', '-m', 'cascade', '--stt', 'deepgram_stt', '--llm', 'openai_llm', '--tts', 'elevenlabs_tts', '-y'];
/** The user's hand edit inside the ElevenLabs construct. */
const VOICE = 'voice=required(os.getenv("ELEVENLABS_TTS_VOICE_ID"), "ELEVENLABS_TTS_VOICE_ID"),';
const MY_VOICE = `${VOICE}  # my voice`;
const SWITCH = ['update', '--tts', 'cartesia_tts'];
/** A secret set holding every key but the TTS's. */
const SET = 'no-tts-secrets';

let tmp: string;
let pristine: string;
let emu: RunningEmulator;
let cloudEnv: NodeJS.ProcessEnv;

beforeAll(async () => {
  tmp = makeTempDir('pipecat-follow-');
  expect(runCli(['init', '-n', 'p', ...INIT, '-o', join(tmp, 'pristine')]).code).toBe(0);
  pristine = join(tmp, 'pristine', 'p');
  emu = await startEmulator({ buildMs: 50, deployMs: 50 });
  cloudEnv = cleanEnv(tmp, { PIPECAT_API_HOST: emu.url, PIPECAT_TOKEN: emu.token, PIPECAT_ORG: emu.org, PIPECAT_POLL_MS: '50' });
  const dotenv = join(tmp, 'no-tts.env');
  writeFileSync(dotenv, 'DEEPGRAM_API_KEY=d2\nOPENAI_API_KEY=o3\n');
  expect((await runCloud(['cloud', 'secrets', 'set', SET, '--file', dotenv, '--skip'], { env: cloudEnv, cwd: tmp })).code).toBe(0);
}, 60_000);
afterAll(async () => {
  await emu?.close();
  removeDir(tmp);
});

/** A copy of the project; `edit` rewrites its bot.py (default: the hand edit in the ElevenLabs construct). */
function copy(name: string, edit: (text: string) => string = (t) => t.replace(VOICE, MY_VOICE)): string {
  const dir = join(tmp, name);
  cpSync(pristine, dir, { recursive: true });
  const p = join(dir, 'server', 'bot.py');
  const text = edit(readFileSync(p, 'utf8'));
  writeFileSync(p, text);
  return dir;
}

const read = (dir: string, path: string): string => readFileSync(join(dir, ...path.split('/')), 'utf8');
const tts = (dir: string): string =>
  (JSON.parse(read(dir, '.yo-rc.json')) as Record<string, { tts_service: string }>)['generator-pipecat'].tts_service;
/** Keys `.env.example` sets (uncommented). */
const setKeys = (dir: string): string[] => [...read(dir, 'server/.env.example').matchAll(/^([A-Z_][A-Z0-9_]*)=/gm)].map((m) => m[1]);

/** check_server.py's env findings: a variable read without being declared in .env.example. */
function undeclared(dir: string): string[] {
  return checkServers([dir])[0]
    .findings.filter((f) => f.check === 'env')
    .map((f) => `${f.severity}: ${f.message}`);
}

/** `pipecat cloud deploy` with the set lacking the TTS keys: the preflight's stderr and exit code. */
async function deploy(dir: string): Promise<{ code: number; stderr: string }> {
  const r = await runCloud(['cloud', 'deploy', '--yes', '--secrets', SET], { env: cloudEnv, cwd: join(dir, 'server'), timeoutMs: 60_000 });
  return { code: r.code ?? -1, stderr: r.stderr };
}

/** Everything that must agree with code that constructs `service` reading `key`. */
async function agrees(dir: string, stdout: string, service: string, key: string): Promise<void> {
  expect(setKeys(dir)).toContain(key);
  expect(tts(dir)).toBe(service);
  expect(stdout).not.toMatch(new RegExp(`secrets unset \\S+ ${key.split('_')[0]}_`));
  if (CHECKS) expect(undeclared(dir)).toEqual([]);
  const d = await deploy(dir);
  expect(d.stderr).toMatch(new RegExp(`lacks (?:a key|keys) the server code requires: [A-Z_, ]*${key}`));
  expect(d.code).toBe(2);
}

describe('pipecat update keeps the code and what it needs together', () => {
  test('--conflicts yours: the kept ElevenLabs code keeps elevenlabs_tts, its keys and the preflight on them', async () => {
    const dir = copy('yours');
    const r = runCli([...SWITCH, '--conflicts', 'yours'], { cwd: dir });
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    expect(r.stdout).toContain('server/bot.py still constructs ElevenLabs TTS: kept elevenlabs_tts\n');
    expect(read(dir, 'server/bot.py')).toContain(MY_VOICE);
    expect(read(dir, 'server/pyproject.toml')).toContain('"pipecat-ai[daily,deepgram,elevenlabs,openai,runner]>=');
    expect(read(dir, '.pipecat/base/server/bot.py')).toContain('ElevenLabsTTSService(');
    await agrees(dir, r.stdout, 'elevenlabs_tts', 'ELEVENLABS_API_KEY');
  });

  test('part by part (the update\'s choose collaborator): "yours" in the construct keeps elevenlabs_tts', async () => {
    const dir = copy('parts');
    const { runUpdate } = (await import(pathToFileURL(join(ROOT, 'dist/generators/app/update/update.js')).href)) as {
      runUpdate: (req: object) => Promise<{ config: { tts_service: string }; followed: string[] }>;
    };
    const { partCount } = (await import(pathToFileURL(join(ROOT, 'dist/generators/app/update/plan.js')).href)) as {
      partCount: (f: object) => number;
    };
    const asked: string[] = [];
    const out = await runUpdate({
      root: dir,
      flags: { tts_service: 'cartesia_tts' },
      choose: async (f: { path: string }) => {
        asked.push(f.path);
        return new Array(partCount(f)).fill('mine');
      },
    });
    expect(asked).toEqual(['server/bot.py']);
    expect(out.config.tts_service).toBe('elevenlabs_tts');
    expect(out.followed).toContain('server/bot.py still constructs ElevenLabs TTS: kept elevenlabs_tts');
    expect(read(dir, 'server/bot.py')).toContain(MY_VOICE);
    await agrees(dir, '', 'elevenlabs_tts', 'ELEVENLABS_API_KEY');
  });

  test('markers: the preflight refuses them (file:line); resolved either way, a plain update brings the files in line', async () => {
    const dir = copy('markers');
    const m = runCli([...SWITCH, '--conflicts', 'markers'], { cwd: dir });
    expect(m.code).toBe(5);
    expect(m.stdout).toContain('server/bot.py holds conflict markers: once resolved, the next `pipecat update`');
    expect(m.stdout).not.toMatch(/secrets unset/);
    const marked = read(dir, 'server/bot.py');
    const first = marked.split('\n').findIndex((l) => l.startsWith('<<<<<<<')) + 1;
    const refused = await deploy(dir);
    expect(refused.stderr).toContain(`server/bot.py:${first}: conflict markers (<<<<<<< … >>>>>>>) not resolved`);
    expect(refused.code).toBe(2);

    const resolve = (side: 1 | 2): string =>
      marked.replace(/<<<<<<< yours\n([^]*?)=======\n([^]*?)>>>>>>> pipecat update\n/g, (_m, mine: string, theirs: string) =>
        side === 1 ? mine : theirs,
      );
    const cases = [
      ['yours', resolve(1), 'elevenlabs_tts', 'ELEVENLABS_API_KEY', 'CARTESIA_API_KEY'],
      ['new', resolve(2), 'cartesia_tts', 'CARTESIA_API_KEY', 'ELEVENLABS_API_KEY'],
    ] as const;
    for (const [side, text, service, key, gone] of cases) {
      const d = join(tmp, `resolved-${side}`);
      cpSync(dir, d, { recursive: true });
      writeFileSync(join(d, 'server', 'bot.py'), text);
      const r = runCli(['update'], { cwd: d });
      expect({ side, code: r.code, stderr: r.stderr }).toEqual({ side, code: 0, stderr: '' });
      expect(setKeys(d)).not.toContain(gone);
      await agrees(d, r.stdout, service, key);
      // Settled: the next update has nothing to do.
      expect(runCli(['update'], { cwd: d }).stdout).toBe('p is up to date\n');
    }
  });

  test("the user's own os.getenv and an import needing an extra survive an unrelated update; a fresh project's update changes nothing", () => {
    const fresh = copy('fresh', (t) => t);
    const before = readBytes(fresh);
    expect(runCli(['update'], { cwd: fresh }).stdout).toBe('p is up to date\n');
    expect(readBytes(fresh)).toEqual(before);

    const dir = copy('own', (t) =>
      t
        .replace(
          'load_dotenv(override=True)\n',
          'load_dotenv(override=True)\n\nGREETING = os.getenv("MY_KEY", "hello")\nMIXER = SoundfileMixer\n',
        )
        .replace('import os\n', 'import os\n\nfrom pipecat.audio.mixers.soundfile_mixer import SoundfileMixer\n'),
    );
    const r = runCli(['update', '--recording'], { cwd: dir });
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    expect(read(dir, 'server/bot.py')).toContain('os.getenv("MY_KEY", "hello")');
    expect(read(dir, 'server/.env.example')).toMatch(/^# MY_KEY=$/m);
    expect(read(dir, 'server/bot.py')).toContain('from pipecat.audio.mixers.soundfile_mixer import SoundfileMixer\n');
    expect(read(dir, 'server/pyproject.toml')).toContain('"pipecat-ai[daily,deepgram,elevenlabs,openai,runner,soundfile]>=');
    expect(r.stdout).toContain('server/.env.example: added MY_KEY (as the code reads them)\n');
    // Nothing else followed: the generated keys and extras stay as init wrote them.
    expect(r.stdout).toContain('server/pyproject.toml: added soundfile (pipecat-ai extras, as the code imports them)\n');
    if (CHECKS) expect(undeclared(dir)).toEqual([]);
  });
});
