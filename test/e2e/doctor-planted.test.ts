/**
 * `pipecat doctor` against planted problems, one test each, through the binary: a healthy generated
 * project (Daily + SmallWebRTC, Deepgram → OpenAI → ElevenLabs, a React client, Pipecat Cloud) is
 * copied, one problem is planted, and `doctor --json` must report it with the right check id and
 * place. For a fixable one, `doctor --fix --yes` must then leave a project `doctor` passes, with
 * every file it does not repair byte for byte as it was (all files hashed before and after).
 * `--cloud` runs against the emulator (in this process).
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { createHash } from 'node:crypto';
import { appendFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startEmulator } from '../../cli/emulator/server.js';
import { makeTempDir, readTree, removeDir, runCli, runCliAsync } from '../helpers/cli.js';

const BASE_ARGS =
  '-m cascade --stt deepgram_stt --llm openai_llm --tts elevenlabs_tts -b web -t daily -t smallwebrtc --client-framework react'.split(' ');
const out = makeTempDir('pipecat-doctor-planted-');
const base = join(out, 'base');

interface DoctorDoc {
  healthy: boolean;
  findings: { check: string; message: string; where: { path?: string; line?: number; set?: string }; fixable: boolean }[];
}

/** A planted problem: what to change, what doctor must say, what --fix rewrites. */
interface Planted {
  name: string;
  /** Changes the project at `dir`; returns the line the finding must name, when on a line. */
  plant: (dir: string) => number | void;
  check: string;
  /** Where, without the line (the line is what `plant` returns). */
  where: { path: string } | { set: string };
  /** Files --fix rewrites (project-relative); absent: not fixable. */
  fixes?: string[];
  /** Folder to run doctor in, relative to the project (default: the project). */
  cwd?: string;
  args?: string[];
  env?: Record<string, string>;
}

/** The project's files by path, each as a SHA-256. */
function hashes(dir: string): Record<string, string> {
  const tree = readTree(dir, 'base64');
  return Object.fromEntries(Object.entries(tree).map(([p, b]) => [p, createHash('sha256').update(b).digest('hex')]));
}

const edit = (file: string, change: (text: string) => string): void => writeFileSync(file, change(readFileSync(file, 'utf8')));
/** Append `text` to a file; returns the (1-based) line its first line lands on. */
function appendLines(file: string, text: string): number {
  const before = readFileSync(file, 'utf8');
  appendFileSync(file, text);
  return before.split('\n').length + (before.endsWith('\n') ? 0 : 1) + (text.startsWith('\n') ? 1 : 0);
}
/** Insert a line before the first line starting with `before`; returns its line number. */
function insertBefore(file: string, before: string, line: string): number {
  const lines = readFileSync(file, 'utf8').split('\n');
  const i = lines.findIndex((l) => l.startsWith(before));
  lines.splice(i, 0, line);
  writeFileSync(file, lines.join('\n'));
  return i + 1;
}
const lineOf = (file: string, start: string): number =>
  readFileSync(file, 'utf8')
    .split('\n')
    .findIndex((l) => l.startsWith(start)) + 1;

const S = (name: string) => `server/${name}`;

const CASES: Planted[] = [
  { name: 'a getenv added by hand, missing from .env.example', check: 'env-missing', where: { path: S('.env.example') }, fixes: [S('.env.example')],
    plant: (d) => void appendLines(join(d, S('bot.py')), '\nMY_SETTING = os.getenv("MY_SETTING")\n') },
  { name: 'a required key written commented', check: 'env-mark', where: { path: S('.env.example') }, fixes: [S('.env.example')],
    plant: (d) => { edit(join(d, S('.env.example')), (t) => t.replace('\nDEEPGRAM_API_KEY=', '\n# DEEPGRAM_API_KEY=')); return lineOf(join(d, S('.env.example')), '# DEEPGRAM_API_KEY='); } },
  { name: 'an optional key uncommented and marked (required)', check: 'env-mark', where: { path: S('.env.example') }, fixes: [S('.env.example')],
    plant: (d) => { edit(join(d, S('.env.example')), (t) => t.replace('e.g. nova-3 (empty: pipecat default) (optional)\n# DEEPGRAM_STT_MODEL=', 'e.g. nova-3 (empty: pipecat default) (required)\nDEEPGRAM_STT_MODEL=')); return lineOf(join(d, S('.env.example')), 'DEEPGRAM_STT_MODEL='); } },
  { name: 'the local-only Daily key commented out', check: 'env-mark', where: { path: S('.env.example') }, fixes: [S('.env.example')],
    plant: (d) => { edit(join(d, S('.env.example')), (t) => t.replace('\nDAILY_API_KEY=', '\n# DAILY_API_KEY=')); return lineOf(join(d, S('.env.example')), '# DAILY_API_KEY='); } },
  { name: 'a line nothing reads', check: 'env-unused', where: { path: S('.env.example') }, fixes: [S('.env.example')],
    plant: (d) => appendLines(join(d, S('.env.example')), '# An old vendor key (required)\nOLD_VENDOR_KEY=\n') + 1 },
  { name: 'no .env.example at all', check: 'env-missing', where: { path: S('.env.example') }, fixes: [S('.env.example')],
    plant: (d) => rmSync(join(d, S('.env.example'))) },
  { name: 'an import of an extra not declared (Cartesia in an ElevenLabs project)', check: 'extra-missing', where: { path: S('bot.py') }, fixes: [S('pyproject.toml')],
    plant: (d) => insertBefore(join(d, S('bot.py')), 'from pipecat.services.deepgram.stt', 'from pipecat.services.cartesia.tts import CartesiaTTSService') },
  { name: 'an extra nothing needs', check: 'extra-unused', where: { path: S('pyproject.toml') }, fixes: [S('pyproject.toml')],
    plant: (d) => { edit(join(d, S('pyproject.toml')), (t) => t.replace('pipecat-ai[daily,', 'pipecat-ai[anthropic,daily,')); return lineOf(join(d, S('pyproject.toml')), '    "pipecat-ai[anthropic'); } },
  { name: 'a third-party import nothing provides', check: 'module-unprovided', where: { path: S('bot.py') },
    plant: (d) => insertBefore(join(d, S('bot.py')), 'from dotenv import', 'import requests') },
  { name: 'a dependency nothing imports', check: 'dependency-unused', where: { path: S('pyproject.toml') },
    plant: (d) => { edit(join(d, S('pyproject.toml')), (t) => t.replace('    "pipecatcloud', '    "httpx>=0.27",\n    "pipecatcloud')); return lineOf(join(d, S('pyproject.toml')), '    "httpx'); } },
  { name: 'a .dockerignore that sends .env', check: 'dockerignore-env', where: { path: S('.dockerignore') }, fixes: [S('.dockerignore')],
    plant: (d) => edit(join(d, S('.dockerignore')), (t) => t.replace(/^\.env\n/m, '')) },
  { name: 'a bad agent name', check: 'agent-name', where: { path: S('pcc-deploy.toml') },
    plant: (d) => { edit(join(d, S('pcc-deploy.toml')), (t) => t.replace(/^agent_name = .*$/m, 'agent_name = "My_Bot"')); return lineOf(join(d, S('pcc-deploy.toml')), 'agent_name'); } },
  { name: 'an unknown key in pcc-deploy.toml', check: 'deploy-config', where: { path: S('pcc-deploy.toml') },
    plant: (d) => void appendLines(join(d, S('pcc-deploy.toml')), 'agent_nmae = "x"\n') },
  { name: 'no secret_set while the bot needs keys', check: 'secret-set-unnamed', where: { path: S('pcc-deploy.toml') },
    plant: (d) => edit(join(d, S('pcc-deploy.toml')), (t) => t.replace(/^secret_set = .*\n/m, '')) },
  { name: 'a build context outside the project', check: 'build-context-outside', where: { path: S('pcc-deploy.toml') },
    plant: (d) => appendLines(join(d, S('pcc-deploy.toml')), '\n[build]\ncontext_dir = ".."\n') + 1 },
  { name: 'the Dockerfile missing', check: 'dockerfile-missing', where: { path: S('Dockerfile') },
    plant: (d) => rmSync(join(d, S('Dockerfile'))) },
  { name: 'an empty required key in .env', check: 'env-empty', where: { path: S('.env') },
    plant: (d) => { writeFileSync(join(d, S('.env')), 'DAILY_API_KEY=k1\nDEEPGRAM_API_KEY=\nOPENAI_API_KEY=k3\nELEVENLABS_API_KEY=k4\nELEVENLABS_TTS_VOICE_ID=v\n'); return 2; } },
  { name: 'a required key missing from .env', check: 'env-empty', where: { path: S('.env') },
    plant: (d) => writeFileSync(join(d, S('.env')), 'DAILY_API_KEY=k1\nDEEPGRAM_API_KEY=k2\nELEVENLABS_API_KEY=k4\nELEVENLABS_TTS_VOICE_ID=v\n') },
  { name: 'conflict markers in bot.py', check: 'conflict-markers', where: { path: S('bot.py') },
    plant: (d) => { edit(join(d, S('bot.py')), (t) => t.replace('from loguru import logger\n', '<<<<<<< mine\nfrom loguru import logger as log\n=======\nfrom loguru import logger\n>>>>>>> theirs\n')); return lineOf(join(d, S('bot.py')), '<<<<<<<'); } },
  { name: 'a syntax error in bot.py', check: 'syntax-error', where: { path: S('bot.py') },
    plant: (d) => appendLines(join(d, S('bot.py')), 'def broken(:\n    pass\n') },
  { name: 'a client whose transport the server does not serve', check: 'client-transport', where: { path: 'client/package.json' },
    plant: (d) => { edit(join(d, 'client/package.json'), (t) => t.replace('    "@pipecat-ai/daily-transport"', '    "@pipecat-ai/websocket-transport": "1.6.0",\n    "@pipecat-ai/daily-transport"')); return lineOf(join(d, 'client/package.json'), '    "@pipecat-ai/websocket-transport"'); } },
  { name: 'run from the server/ folder', check: 'env-unused', where: { path: S('.env.example') }, fixes: [S('.env.example')], cwd: 'server',
    plant: (d) => appendLines(join(d, S('.env.example')), '# Left over (optional)\n# LEFT_OVER=\n') + 1 },
  { name: 'run from a folder deep inside', check: 'extra-unused', where: { path: S('pyproject.toml') }, fixes: [S('pyproject.toml')], cwd: 'client/src',
    plant: (d) => { edit(join(d, S('pyproject.toml')), (t) => t.replace('pipecat-ai[daily,', 'pipecat-ai[daily,groq,')); return lineOf(join(d, S('pyproject.toml')), '    "pipecat-ai[daily,groq'); } },
  { name: 'a pyproject.toml that is not TOML', check: 'pyproject-invalid', where: { path: S('pyproject.toml') },
    plant: (d) => appendLines(join(d, S('pyproject.toml')), '[tool.broken\n') },
]; // prettier-ignore

beforeAll(() => {
  const r = runCli(['init', '-n', 'base', ...BASE_ARGS, '-y', '-o', out]);
  if (r.code !== 0) throw new Error(`init failed: ${r.stderr}`);
  const d = runCli(['doctor', base, '--json']);
  if (d.code !== 0) throw new Error(`the base project is not healthy: ${d.stdout}${d.stderr}`);
}, 120_000);
afterAll(() => removeDir(out));

/** Copy the base project under a fresh name. */
function copy(name: string): string {
  const dir = join(out, name.replace(/[^a-z0-9]+/gi, '-').toLowerCase());
  cpSync(base, dir, { recursive: true });
  return dir;
}

function doctor(dir: string, args: string[], c: Pick<Planted, 'cwd' | 'env'> = {}): { code: number; doc?: DoctorDoc; stderr: string } {
  const r = runCli(['doctor', ...args, '--json'], { cwd: join(dir, c.cwd ?? ''), env: c.env });
  let doc: DoctorDoc | undefined;
  try {
    doc = JSON.parse(r.stdout) as DoctorDoc;
  } catch {
    doc = undefined;
  }
  return { code: r.code, doc, stderr: r.stderr };
}

describe('pipecat doctor finds each planted problem', () => {
  test.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const dir = copy(c.name);
    const line = c.plant(dir);
    const r = doctor(dir, c.args ?? [], c);
    expect(r.code).toBe(1);
    const where = line === undefined ? c.where : { ...c.where, line };
    const found = r.doc!.findings.find((f) => f.check === c.check && JSON.stringify(f.where) === JSON.stringify(where));
    expect({ found: !!found, findings: r.doc!.findings }).toEqual(expect.objectContaining({ found: true }));
    expect(found!.fixable).toBe(c.fixes !== undefined);
    if (!c.fixes) return;
    const before = hashes(dir);
    const fixed = runCli(['doctor', '--fix', '--yes'], { cwd: join(dir, c.cwd ?? '') });
    expect({ code: fixed.code, stderr: fixed.stderr }).toEqual({ code: 0, stderr: expect.any(String) });
    const again = doctor(dir, [], c);
    expect({ code: again.code, findings: again.doc?.findings }).toEqual({ code: 0, findings: [] });
    const after = hashes(dir);
    const changed = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((p) => before[p] !== after[p]).sort();
    expect(changed).toEqual([...c.fixes].sort());
  });

  test('a project we did not generate: a pyproject.toml with pipecat-ai and a bot.py', () => {
    const dir = join(out, 'plain');
    mkdirSync(join(dir, 'deep'), { recursive: true });
    writeFileSync(join(dir, 'pyproject.toml'), '[project]\nname = "plain"\ndependencies = ["pipecat-ai>=1.8.0"]\n');
    writeFileSync(join(dir, 'bot.py'), 'import os\n\nfrom pipecat.frames.frames import TextFrame\n\nKEY = os.environ["MY_KEY"]\n');
    const r = doctor(dir, [], { cwd: 'deep' });
    expect(r.code).toBe(1);
    expect(r.doc!.findings.map((f) => [f.check, f.where])).toEqual([['env-missing', { path: '.env.example' }]]);
    const before = hashes(dir);
    expect(runCli(['doctor', '--fix', '-y'], { cwd: dir }).code).toBe(0);
    expect(readFileSync(join(dir, '.env.example'), 'utf8')).toBe('# read by bot.py:5 (required)\nMY_KEY=\n');
    const after = hashes(dir);
    expect(Object.keys(after).filter((p) => before[p] !== after[p])).toEqual(['.env.example']);
  });

  test('--cloud: a key the deployed bot needs missing from the secret set (the emulator)', async () => {
    const emu = await startEmulator({ port: 0 });
    try {
      const home = makeTempDir('pipecat-doctor-home-');
      const env = { HOME: home, PIPECAT_API_HOST: emu.url, PIPECAT_TOKEN: emu.token, PIPECAT_ORG: emu.org };
      // Asynchronous runs: the emulator answers from this process's event loop.
      const set = await runCliAsync(
        ['cloud', 'secrets', 'set', 'base-secrets', 'DEEPGRAM_API_KEY=a', 'OPENAI_API_KEY=b', 'ELEVENLABS_API_KEY=c', '--yes'],
        { env },
      );
      expect({ code: set.code, stderr: set.stderr }).toEqual({ code: 0, stderr: expect.any(String) });
      const dir = copy('cloud');
      const cloud = async (args: string[]): Promise<DoctorDoc> => {
        const r = await runCliAsync(['doctor', ...args, '--json'], { cwd: dir, env });
        expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 1, stderr: expect.any(String) });
        return JSON.parse(r.stdout) as DoctorDoc;
      };
      const doc = await cloud(['--cloud']);
      expect(doc.findings.map((f) => [f.check, f.where])).toEqual([['secret-missing', { set: 'base-secrets' }]]);
      expect(doc.findings[0].message).toContain('ELEVENLABS_TTS_VOICE_ID');
      expect(JSON.stringify(doc)).not.toMatch(/DAILY_API_KEY/); // Pipecat Cloud supplies it
      expect((await cloud(['--cloud', 'nope-secrets'])).findings.map((f) => f.check)).toEqual(['secret-set-missing']);
      removeDir(home);
    } finally {
      await emu.close();
    }
  });
});
