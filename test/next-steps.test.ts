/**
 * Next steps that run as printed (issue 26): every command of the block `pipecat init` prints is
 * one its generated README gives (the project's folder and the tool's name aside), call-server
 * projects start `server.py`, and the tool's name is one that starts this tool from where it runs.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TRANSPORTS } from '../generators/app/catalogue/catalogue.js';
import { CLIENT_KINDS } from '../generators/app/catalogue/client-kinds.js';
import { resolveConfig } from '../generators/app/config/resolve.js';
import { nextSteps } from '../generators/app/init/next-steps.js';
import { installDependencies } from '../generators/app/wizard/install.js';
import { BIN, CASCADE_ARGS, ROOT, childEnv, makeTempDir, removeDir, runCli } from './helpers/cli.js';

let tmp: string;
beforeAll(() => {
  tmp = makeTempDir('pipecat-next-steps-');
});
afterAll(() => removeDir(tmp));

/** The commands of a next-steps block, without comments, one per `&&` part. */
function commandsOf(stdout: string): string[] {
  const block = stdout.slice(stdout.indexOf('Next steps:'));
  return block
    .split('\n')
    .filter((l) => l.startsWith('  '))
    .flatMap((l) =>
      l
        .replace(/\s+#.*$/, '')
        .trim()
        .split(' && '),
    )
    .filter(Boolean);
}

/** The tool's name in the cloud steps (`pipecat`, `node /…/main.js`, `npx generator-pipecat`). */
function toolOf(stdout: string): string | undefined {
  return /^ {2}(.*) cloud auth login$/m.exec(stdout)?.[1];
}

/** One project per transport (each flow's README differs) and one per client kind. */
const CASES: { name: string; args: string[] }[] = [
  ...TRANSPORTS.map((t) => ({ name: `t-${t.id.replace(/_/g, '-')}`, args: ['-t', t.id, ...CASCADE_ARGS] })),
  ...CLIENT_KINDS.map((k) => ({
    name: `c-${k.template}`,
    args: [
      '-b',
      'web',
      '-t',
      'daily',
      '-t',
      'smallwebrtc',
      ...CASCADE_ARGS,
      '--client-framework',
      k.framework,
      '--client-server',
      k.server,
    ],
  })),
];

describe('next steps', () => {
  test.each(CASES)('$name: every command is one the generated README gives', ({ name, args }) => {
    const r = runCli(['init', '-n', name, ...args, '-o', 'out'], { cwd: tmp });
    expect({ code: r.code, stderr: r.code ? r.stderr : '' }).toEqual({ code: 0, stderr: '' });
    const readme = readFileSync(join(tmp, 'out', name, 'README.md'), 'utf8');
    const tool = toolOf(r.stdout);
    const missing = commandsOf(r.stdout)
      .map((c) => c.replace(new RegExp(`^cd out/${name}/`), 'cd '))
      .map((c) => (tool && c.startsWith(`${tool} `) ? `npx generator-pipecat ${c.slice(tool.length + 1)}` : c))
      .filter((c) => !readme.includes(c));
    expect(missing).toEqual([]);
    const callServer = TRANSPORTS.some((t) => args.includes(t.id) && t.flow === 'daily-server');
    expect(commandsOf(r.stdout).includes('uv run server.py')).toBe(callServer);
  });

  test('the tool is named as it runs: node and its path from a clone, `pipecat` when that is this tool on PATH', () => {
    const args = ['init', '-n', 'named', '-t', 'daily', ...CASCADE_ARGS];
    const plain = runCli([...args, '-o', 'plain'], { cwd: tmp, env: { PATH: '/usr/bin:/bin' } });
    expect(toolOf(plain.stdout)).toBe(`node ${BIN}`);
    // The printed command starts this tool, from the project's server folder.
    const run = spawnSync('sh', ['-c', `${toolOf(plain.stdout)} --version`], {
      cwd: join(tmp, 'plain', 'named', 'server'),
      env: childEnv({ PATH: `${process.execPath.replace(/\/[^/]+$/, '')}:/usr/bin:/bin` }),
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    // `npm link` puts a `pipecat` link to this executable on PATH.
    const bin = join(tmp, 'bin');
    mkdirSync(bin, { recursive: true });
    symlinkSync(BIN, join(bin, 'pipecat'));
    const linked = runCli([...args, '-o', 'linked'], { cwd: tmp, env: { PATH: `${bin}:/usr/bin:/bin` } });
    expect(toolOf(linked.stdout)).toBe('pipecat');
  });

  test("the README's first command writes the project beside the clone, and its next steps run from there", () => {
    const first = /```bash\n(.*)\n```/.exec(readFileSync(join(ROOT, 'README.md'), 'utf8'))![1];
    expect(first).toMatch(/^npm install && npm run build && node dist\/cli\/main\.js init /);
    const args = first.replace(/^npm install && npm run build && node dist\/cli\/main\.js /, '').split(' ');
    // A stand-in clone: its built dist/, in a folder of its own (the project goes to `..`).
    const clone = join(tmp, 'first', 'clone');
    mkdirSync(clone, { recursive: true });
    symlinkSync(join(ROOT, 'dist'), join(clone, 'dist'));
    const r = runCli(args, { cwd: clone, bin: join(clone, 'dist', 'cli', 'main.js'), env: { PATH: '/usr/bin:/bin' } });
    expect({ code: r.code, stderr: r.code ? r.stderr : '' }).toEqual({ code: 0, stderr: '' });
    expect(readdirSync(clone)).toEqual(['dist']); // nothing inside the repository
    const cd = /^ {2}cd (.*\/server)$/m.exec(r.stdout)![1];
    expect(existsSync(join(cd, 'bot.py'))).toBe(true);
    const run = spawnSync('sh', ['-c', `cd ${cd} && ${toolOf(r.stdout)} --version`], { env: childEnv(), encoding: 'utf8' });
    expect(run.status).toBe(0);
  });

  test('after the install offer, the steps leave out what it installed and keep what failed', async () => {
    const config = resolveConfig({
      flags: {
        project_name: 'installed',
        bot_type: 'web',
        transports: ['smallwebrtc'],
        client_framework: 'react',
        client_server: 'vite',
        mode: 'realtime',
        realtime_service: 'openai_realtime',
      },
    });
    const target = join(tmp, 'installed');
    mkdirSync(join(target, 'server'), { recursive: true });
    mkdirSync(join(target, 'client'), { recursive: true });
    writeFileSync(join(target, 'client', 'package.json'), '{}\n');
    // Stand-ins: `uv sync` succeeds, `npm install` fails (as with no registry).
    const bin = join(tmp, 'install-bin');
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(bin, 'uv'), '#!/bin/sh\nexit 0\n');
    writeFileSync(join(bin, 'npm'), '#!/bin/sh\nexit 1\n');
    chmodSync(join(bin, 'uv'), 0o755);
    chmodSync(join(bin, 'npm'), 0o755);
    const log: string[] = [];
    const installed = await installDependencies(target, (l) => log.push(l), { PATH: `${bin}:/usr/bin:/bin` });
    expect({ installed, log }).toEqual({
      installed: ['server'],
      log: [
        'Installing in server/: uv sync',
        'Installing in client/: npm install',
        '`npm install` failed (exit 1): run it again in client/',
      ],
    });
    const after = commandsOf(nextSteps(config, target, tmp, 'pipecat', installed));
    expect(after).not.toContain('uv sync');
    expect(after).toEqual(expect.arrayContaining(['npm install', 'npm run dev']));
    const both = commandsOf(nextSteps(config, target, tmp, 'pipecat', ['server', 'client']));
    expect(both.filter((c) => c === 'uv sync' || c === 'npm install')).toEqual([]);
    expect(both).toContain('npm run dev');
    expect(commandsOf(nextSteps(config, target, tmp, 'pipecat'))).toEqual(expect.arrayContaining(['uv sync', 'npm install']));
  });
});
