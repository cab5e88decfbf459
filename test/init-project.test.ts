/**
 * `pipecat init` writing projects (issue 2): the files of each kind of project, atomic writes
 * (SIGINT at several moments), lazy Yeoman, and check_server.py on what was written.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { ALL_SERVICES } from '../generators/app/catalogue/catalogue.js';
import {
  BIN,
  CASCADE_ARGS as CASCADE,
  ROOT,
  WEB_ARGS as WEB,
  checkServers,
  checkerAvailable,
  makeTempDir,
  readTree,
  removeDir,
  runCli,
  childEnv,
} from './helpers/cli.js';

/** Whether check_server.py can run here (else its test is skipped with one line on stderr). */
const CHECKS = checkerAvailable('init-project: check_server.py on the generated projects');

let tmp: string;
beforeAll(() => {
  tmp = makeTempDir('pipecat-init-project-');
});
afterAll(() => removeDir(tmp));

/** A fresh output folder under the suite's temp dir. */
function outDir(name: string): string {
  return join(tmp, name);
}

describe('lazy Yeoman', () => {
  test('--help and --list-options load no Yeoman code (it is imported lazily)', () => {
    // A copy of the built package with no node_modules (it bundles what it runs) and without the
    // chunks that hold Yeoman's environment and generator: an eager import would crash.
    const pkgDir = join(tmp, 'no-yeoman');
    cpSync(join(ROOT, 'dist'), join(pkgDir, 'dist'), { recursive: true });
    cpSync(join(ROOT, 'package.json'), join(pkgDir, 'package.json'));
    symlinkSync(join(ROOT, 'templates'), join(pkgDir, 'templates'));
    const chunks = join(pkgDir, 'dist', 'cli', 'chunks');
    const yeoman = readdirSync(chunks).filter((f) =>
      /\/\/ node_modules\/(yeoman-environment|yeoman-generator)\//.test(readFileSync(join(chunks, f), 'utf8')),
    );
    expect(yeoman.length).toBeGreaterThan(0);
    const bin = join(pkgDir, 'dist', 'cli', 'main.js');
    const spawn = (args: string[]) => runCli(args, { bin, cwd: tmp });
    const gen = () => spawn(['init', '-n', 'x', ...WEB, '-o', join(tmp, 'no-yeoman-out')]);
    // With every chunk, the copy writes a project without any node_modules.
    expect(gen().code).toBe(0);
    removeDir(join(tmp, 'no-yeoman-out'));
    for (const f of yeoman) rmSync(join(chunks, f));
    expect(spawn(['--help']).code).toBe(0);
    expect(spawn(['init', '--help']).code).toBe(0);
    const list = spawn(['init', '--list-options']);
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout)).toHaveProperty('stt');
    // And generating really needs them: the same copy now fails to write a project.
    expect(gen().code).not.toBe(0);
    expect(existsSync(join(tmp, 'no-yeoman-out', 'x'))).toBe(false);
  });
});

describe('the generated project', () => {
  test('web bot with cloud deployment: files, next steps, no staging left behind', () => {
    const out = outDir('gen-web');
    const r = runCli(['init', '-n', 'webbot', ...WEB, '-o', out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Next steps');
    expect(r.stdout).toContain('cp .env.example .env');
    expect(readdirSync(out)).toEqual(['webbot']);
    // `.pipecat/` holds the base `pipecat update` merges against (a copy of each file, and a note).
    const files = Object.keys(readTree(join(out, 'webbot'))).filter((f) => f !== '.yo-rc.json' && !f.startsWith('.pipecat/'));
    expect(files.sort()).toEqual(
      [
        '.gitignore',
        'AGENTS.md',
        'CLAUDE.md',
        'README.md',
        'server/.dockerignore',
        'server/.env.example',
        'server/Dockerfile',
        'server/bot.py',
        'server/pcc-deploy.toml',
        'server/pyproject.toml',
      ].sort(),
    );
    const pcc = readFileSync(join(out, 'webbot', 'server', 'pcc-deploy.toml'), 'utf8');
    expect(pcc).toContain('agent_name = "webbot"');
    expect(pcc).toContain('secret_set = "webbot-secrets"');
    expect(pcc).not.toContain('krisp');
    const env = readFileSync(join(out, 'webbot', 'server', '.env.example'), 'utf8');
    for (const v of ['DEEPGRAM_API_KEY=', 'OPENAI_API_KEY=', 'CARTESIA_API_KEY=']) expect(env).toContain(v);
    // The base holds each file as generated; the `create` lines name the project's files, and one
    // line stands for the whole base.
    const tree = readTree(join(out, 'webbot'));
    for (const f of files) expect({ f, base: tree[`.pipecat/base/${f}`] }).toEqual({ f, base: tree[f] });
    const created = r.stderr.split('\n').filter((l) => /^\s+create /.test(l));
    expect(created.map((l) => l.trim().replace(/^create /, ''))).toEqual([
      ...files.map(() => expect.not.stringMatching(/^\.pipecat/)),
      expect.any(String), // .yo-rc.json
      '.pipecat/base/ (a copy of each file: what `pipecat update` merges your edits against)',
    ]);
  });

  test('local only: no Dockerfile or pcc-deploy.toml; call-server transports add server.py', () => {
    const out = outDir('gen-local');
    expect(runCli(['init', '-n', 'local', ...WEB, '--no-deploy-to-cloud', '-o', out]).code).toBe(0);
    const files = Object.keys(readTree(join(out, 'local')));
    expect(files).not.toContain('server/Dockerfile');
    expect(files).not.toContain('server/pcc-deploy.toml');
    expect(runCli(['init', '-n', 'dialout', '-b', 'telephony', '-t', 'daily_pstn_dialout', ...CASCADE, '-o', out]).code).toBe(0);
    const dial = Object.keys(readTree(join(out, 'dialout')));
    expect(dial).toEqual(expect.arrayContaining(['server/server.py', 'server/server_utils.py']));
  });

  test('pcc-deploy.toml has the shape pipecat 1.7.0 writes: no image (Cloud Build), profile by video, one warm agent', () => {
    const out = outDir('gen-pcc');
    expect(runCli(['init', '-n', 'audio', ...WEB, '-o', out]).code).toBe(0);
    expect(runCli(['init', '-n', 'video', ...WEB, '--video-input', '--enable-krisp', '-o', out]).code).toBe(0);
    const audio = parseToml(readFileSync(join(out, 'audio', 'server', 'pcc-deploy.toml'), 'utf8'));
    expect(audio).toEqual({ agent_name: 'audio', secret_set: 'audio-secrets', agent_profile: 'agent-1x', scaling: { min_agents: 1 } });
    const video = parseToml(readFileSync(join(out, 'video', 'server', 'pcc-deploy.toml'), 'utf8'));
    expect(video).toEqual({
      agent_name: 'video',
      secret_set: 'video-secrets',
      agent_profile: 'agent-2x',
      krisp_viva: { audio_filter: 'pro' },
      scaling: { min_agents: 1 },
    });
    // The README deploys with Cloud Build, and shows the self-pushed image with its pull secret.
    const readme = readFileSync(join(out, 'audio', 'README.md'), 'utf8');
    expect(readme).toContain('npx generator-pipecat cloud deploy --yes');
    expect(readme).toContain('npx generator-pipecat cloud secrets set audio-secrets --file .env --skip');
    expect(readme).toContain('npx generator-pipecat cloud agent status audio');
    expect(readme).toContain('docker push your-registry-user/audio:0.1.0');
    expect(readme).toContain('npx generator-pipecat cloud secrets image-pull-secret audio-pull');
    expect(readme).toContain('image_credentials = "audio-pull"');
  });

  test('krisp: pcc-deploy.toml asks for the filter and bot.py wires it outside local runs', () => {
    const out = outDir('gen-krisp');
    expect(runCli(['init', '-n', 'phone', '-b', 'telephony', '-t', 'twilio', ...CASCADE, '--enable-krisp', '-o', out]).code).toBe(0);
    const pcc = readFileSync(join(out, 'phone', 'server', 'pcc-deploy.toml'), 'utf8');
    expect(pcc).toMatch(/\[krisp_viva\]\s*\naudio_filter = "tel"/);
    const bot = readFileSync(join(out, 'phone', 'server', 'bot.py'), 'utf8');
    expect(bot).toContain('audio_in_filter=krisp_filter');
    expect(bot).toContain('audio_in_sample_rate=8000');
  });

  test("video output matches the avatar: Simli's square 512x512, the 16:9 avatars' 1280x720, 1024x576 for plain video out", () => {
    // pipecat resizes every output frame to video_out_width x video_out_height without keeping the
    // aspect ratio (BaseOutputTransport._draw_image), so Simli's square face needs a square output;
    // Tavus and HeyGen stream 720p, as pipecat's examples size their output.
    const sizes = (name: string, extra: string[]): string[] => {
      const out = outDir(`gen-video-${name}`);
      expect(runCli(['init', '-n', name, '-b', 'web', '-t', 'daily', '-t', 'smallwebrtc', ...CASCADE, ...extra, '-o', out]).code).toBe(0);
      const bot = readFileSync(join(out, name, 'server', 'bot.py'), 'utf8');
      return [...bot.matchAll(/video_out_(width|height)=(\d+)/g)].map((m) => `${m[1]}=${m[2]}`);
    };
    expect(sizes('simli', ['--video', 'simli_video'])).toEqual(['width=512', 'height=512', 'width=512', 'height=512']);
    expect(sizes('tavus', ['--video', 'tavus_video'])).toEqual(['width=1280', 'height=720', 'width=1280', 'height=720']);
    expect(sizes('plain', ['--video-output'])).toEqual(['width=1024', 'height=576', 'width=1024', 'height=576']);
  });

  test('services that need Python 3.12 (sagemaker, aws-nova-sonic extras) make pyproject.toml and the Dockerfile require it; others do not', () => {
    const out = outDir('gen-py312');
    const first = (role: string): string => ALL_SERVICES.find((s) => s.role === role && s.requiresPython === '3.12')!.id;
    const projects: [name: string, args: string[], py312: boolean][] = [
      ['sagemaker', ['-m', 'cascade', '--stt', first('stt'), '--llm', 'openai_llm', '--tts', first('tts')], true],
      ['novasonic', ['-m', 'realtime', '--realtime', first('realtime')], true],
      ['plain', CASCADE, false],
    ];
    for (const [name, services, py312] of projects) {
      expect({ name, code: runCli(['init', '-n', name, '-b', 'web', '-t', 'smallwebrtc', ...services, '-o', out]).code }).toEqual({
        name,
        code: 0,
      });
      const server = join(out, name, 'server');
      const pyproject = readFileSync(join(server, 'pyproject.toml'), 'utf8');
      const from = /^FROM (\S+)/m.exec(readFileSync(join(server, 'Dockerfile'), 'utf8'))?.[1];
      expect({ name, requires: /^requires-python = "([^"]+)"/m.exec(pyproject)?.[1], from }).toEqual({
        name,
        requires: py312 ? '>=3.12' : '>=3.11',
        from: py312 ? 'dailyco/pipecat-base:latest-py3.12' : 'dailyco/pipecat-base:latest',
      });
    }
  });

  test('an STT with a fixed input rate (Moonshine, 16 kHz) sets the pipeline input rate, on phone calls too', () => {
    const out = outDir('gen-inrate');
    const moon = CASCADE.map((a, i) => (CASCADE[i - 1] === '--stt' ? 'moonshine_stt' : a));
    expect(runCli(['init', '-n', 'phone', '-b', 'telephony', '-t', 'twilio', ...moon, '-o', out]).code).toBe(0);
    expect(readFileSync(join(out, 'phone', 'server', 'bot.py'), 'utf8')).toContain('audio_in_sample_rate=16000,');
    expect(runCli(['init', '-n', 'both', '-b', 'telephony', '-t', 'twilio', '-t', 'smallwebrtc', ...moon, '-o', out]).code).toBe(0);
    const both = readFileSync(join(out, 'both', 'server', 'bot.py'), 'utf8');
    expect(both).toContain('audio_in_sample_rate=16000,');
    expect(both).not.toContain('audio_in_sample_rate=8000');
    // The same phone bot with Deepgram keeps the call's 8 kHz.
    expect(runCli(['init', '-n', 'deepgram', '-b', 'telephony', '-t', 'twilio', ...CASCADE, '-o', out]).code).toBe(0);
    expect(readFileSync(join(out, 'deepgram', 'server', 'bot.py'), 'utf8')).toContain('audio_in_sample_rate=8000,');
  });

  test('an interrupted run leaves no partial project (SIGINT at several moments)', async () => {
    const { spawn } = await import('node:child_process');
    for (const delay of [100, 300, 1000]) {
      const out = outDir(`sigint-${delay}`);
      const env = childEnv();
      const child = spawn(process.execPath, [BIN, 'init', '-n', 'cut', ...WEB, '-o', out], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
        child.on('exit', (code, signal) => r({ code, signal })),
      );
      await new Promise((r) => setTimeout(r, delay));
      child.kill('SIGINT');
      const { code, signal } = await done;
      const whole = existsSync(join(out, 'cut', 'README.md')) && existsSync(join(out, 'cut', 'server', 'bot.py'));
      const entries = existsSync(out) ? readdirSync(out) : [];
      // Whatever the moment (before the binary's handlers, while staging, after the commit, in
      // Node's teardown after the exit event): nothing at all, or the whole project and no staging
      // folder; and what the binary says matches what is on disk.
      expect(entries.length === 0 || (whole && entries.join() === 'cut')).toBe(true);
      if (code === 0) expect(whole).toBe(true);
      else expect(code === 130 || signal === 'SIGINT').toBe(true);
      if (stderr.includes('nothing was written')) expect(entries).toEqual([]);
      if (stderr.includes('stopped after writing the project')) expect(whole).toBe(true);
    }
  });

  // The full per-entry matrix runs in the slow tier (test/e2e/generated-projects.test.ts).
  (CHECKS ? test : test.skip)('the projects above pass check_server.py with 0 errors, 0 warnings, 0 unknown', () => {
    const projects = [
      join(outDir('gen-web'), 'webbot'),
      join(outDir('gen-local'), 'local'),
      join(outDir('gen-local'), 'dialout'),
      join(outDir('gen-krisp'), 'phone'),
      join(outDir('gen-pcc'), 'audio'),
      join(outDir('gen-pcc'), 'video'),
    ];
    for (const summary of checkServers(projects)) {
      expect({ project: summary.project, findings: summary.findings }).toEqual({ project: summary.project, findings: [] });
    }
  });

  (CHECKS ? test : test.skip)('only the accepted checker finding is dropped: a pcc-deploy.toml without secret_set still warns', () => {
    const project = join(outDir('gen-pcc'), 'audio');
    const pcc = join(project, 'server', 'pcc-deploy.toml');
    const original = readFileSync(pcc, 'utf8');
    try {
      writeFileSync(pcc, original.replace(/^secret_set = .*$/m, ''));
      const [summary] = checkServers([project]);
      expect(summary.warning).toBe(1);
      expect(summary.findings.map((f) => f.message)).toEqual([expect.stringContaining('no secret_set')]);
    } finally {
      writeFileSync(pcc, original);
    }
  });

  test('the binary file is the npm bin', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string> };
    // `generator-pipecat` (the package's own name) makes `npx generator-pipecat init ...` work.
    expect(pkg.bin).toEqual({ pipecat: 'dist/cli/main.js', pc: 'dist/cli/main.js', 'generator-pipecat': 'dist/cli/main.js' });
    expect(readFileSync(BIN, 'utf8').startsWith('#!/usr/bin/env node')).toBe(true);
  });
});
