/**
 * The Cloud Build context (`cli/deploy/context.ts`): Docker's `.dockerignore` rules, the official
 * default exclusions without one, dotenv files never sent, the Dockerfile always sent, and the
 * same bytes for the same files whatever their mtimes, owners or umask.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { chmod, mkdir, utimes, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Parser } from 'tar';
import { packContext, selectContext } from '../cli/deploy/context.js';
import { readDeployConfig } from '../cli/deploy/config.js';
import { cleanup, tempDir } from './cloud/helpers.js';

let dir: string;
beforeEach(async () => {
  dir = await tempDir('pipecat-ctx-');
});
afterEach(async () => {
  await cleanup(dir);
});

/** Write files (path -> content) under `dir`. */
async function tree(files: Record<string, string>, root = dir): Promise<void> {
  for (const [p, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, p)), { recursive: true });
    await writeFile(join(root, p), text);
  }
}

/** Entries of a gzipped tar with their mode and mtime. */
async function entries(tarball: Buffer): Promise<{ path: string; mode: number; mtime: number; uid: number }[]> {
  const out: { path: string; mode: number; mtime: number; uid: number }[] = [];
  const p = new Parser({
    strict: true,
    onReadEntry: (e) => {
      out.push({ path: e.path, mode: e.mode ?? -1, mtime: e.mtime?.getTime() ?? -1, uid: e.uid ?? -1 });
      e.resume();
    },
  });
  const done = new Promise((r, j) => (p.on('end', r), p.on('error', j)));
  p.end(tarball);
  await done;
  return out;
}

describe('which files are sent', () => {
  test('.dockerignore by Docker rules: anchored patterns, **, exceptions, last match wins; Dockerfile and .dockerignore always sent', async () => {
    await tree({
      Dockerfile: 'FROM x\n',
      '.dockerignore': '# comment\nDockerfile\n.dockerignore\n*.md\n!KEEP.md\n**/*.tmp\ndocs/\n!docs/public/\nbuild/*\n',
      'a.md': '',
      'KEEP.md': '',
      'sub/b.md': '', // `*.md` is anchored at the root: sub/b.md stays
      'sub/c.tmp': '',
      'x.tmp': '',
      'docs/secret.txt': '',
      'docs/public/ok.txt': '',
      'build/out.bin': '',
      'bot.py': '',
    });
    const s = await selectContext(dir);
    expect(s.rules).toBe('dockerignore');
    expect(s.files).toEqual(['.dockerignore', 'Dockerfile', 'KEEP.md', 'bot.py', 'docs/public/ok.txt', 'sub/b.md']);
  });

  test('a dotenv file is never sent, whatever .dockerignore says; .env.example is', async () => {
    await tree({
      Dockerfile: '',
      '.dockerignore': '!.env\n',
      '.env': 'A=1',
      '.env.local': 'B=2',
      'sub/.env': 'C=3',
      '.env.example': 'A=',
      'bot.py': '',
    });
    const s = await selectContext(dir);
    expect(s.files).toEqual(['.dockerignore', '.env.example', 'Dockerfile', 'bot.py']);
    expect(s.withheld).toEqual(['.env', '.env.local', 'sub/.env']);
  });

  test('without .dockerignore: the official defaults at any depth, plus [build.exclude] patterns', async () => {
    await tree({
      Dockerfile: '',
      'bot.py': '',
      '.env': '',
      '.venv/lib/x.py': '',
      'node_modules/a/b.js': '',
      'pkg/__pycache__/m.pyc': '',
      'pkg/m.py': '',
      'pkg/run.log': '',
      '.git/HEAD': '',
      'pcc-deploy.toml': '',
      'data/big.bin': '',
    });
    const s = await selectContext(dir, { extraExcludes: ['data/'] });
    expect(s.rules).toBe('defaults');
    expect(s.files).toEqual(['Dockerfile', 'bot.py', 'pkg/m.py']);
  });
});

describe('the archive', () => {
  test('same files give the same bytes, whatever mtimes and group/other permissions; executables keep 0755', async () => {
    const files = { Dockerfile: 'FROM x\n', 'bot.py': 'print(1)\n', 'run.sh': '#!/bin/sh\n', 'pkg/m.py': 'x = 1\n' };
    await tree(files);
    await chmod(join(dir, 'run.sh'), 0o700);
    const a = await packContext(dir);
    const other = await tempDir('pipecat-ctx-b-');
    try {
      await tree(files, other);
      await chmod(join(other, 'run.sh'), 0o775);
      await chmod(join(other, 'bot.py'), 0o664);
      await utimes(join(other, 'bot.py'), new Date(2001, 1, 1), new Date(2001, 1, 1));
      const b = await packContext(other);
      expect(b.tarball.equals(a.tarball)).toBe(true);
      expect(b.contextHash).toBe(a.contextHash);
      expect(a.contextHash).toMatch(/^[0-9a-f]{16}$/);
    } finally {
      await cleanup(other);
    }
    const e = await entries(a.tarball);
    expect(e.map((x) => x.path)).toEqual(['Dockerfile', 'bot.py', 'pkg/m.py', 'run.sh']);
    expect(e.map((x) => x.mode.toString(8))).toEqual(['644', '644', '644', '755']);
    expect(new Set(e.map((x) => x.mtime))).toEqual(new Set([0]));
    expect(a.tarball.subarray(4, 8).readUInt32LE(0)).toBe(0); // gzip header mtime
  });

  test('an empty context is a usage error naming the folder, not a crash of the tar library', async () => {
    await expect(packContext(dir)).rejects.toMatchObject({ name: 'UserError', message: expect.stringContaining('has no files to send') });
    await writeFile(join(dir, '.env'), 'A=1\n');
    await expect(packContext(dir)).rejects.toMatchObject({ name: 'UserError' });
  });

  test('a changed file changes the hash', async () => {
    await tree({ Dockerfile: '', 'bot.py': 'a' });
    const a = await packContext(dir);
    await writeFile(join(dir, 'bot.py'), 'b');
    expect((await packContext(dir)).contextHash).not.toBe(a.contextHash);
  });
});

describe('pcc-deploy.toml', () => {
  test('every problem at once, naming file and key; deprecated scaling names accepted', async () => {
    const f = join(dir, 'pcc-deploy.toml');
    await writeFile(
      f,
      'agent_name = 3\nimage = "no-tag"\nbogus = 1\nmax_session_duration = 30\n[scaling]\nmin_instances = 2\nmax_agents = 1\n[krisp_viva]\naudio_filter = "x"\n',
    );
    await expect(readDeployConfig(f)).rejects.toMatchObject({
      exitCode: 2,
      problems: [
        `${f}: agent_name: must be a string`,
        `${f}: bogus: unexpected key (known: agent_name, image, build_id, image_credentials, secret_set, region, agent_profile, websocket_auth, enable_krisp, max_session_duration, scaling, krisp_viva, build, docker)`,
        `${f}: max_session_duration: must be a whole number between 60 and 14400`,
        `${f}: krisp_viva.audio_filter: must be one of tel, pro (got "x")`,
        `${f}: scaling.max_agents: must be >= min_agents (2)`,
        `${f}: image: must include a tag, e.g. my-image:latest`,
      ],
    });
  });

  test('[build] settings are read; a missing file is an empty config unless required', async () => {
    const f = join(dir, 'pcc-deploy.toml');
    await writeFile(
      f,
      'agent_name = "a"\n[build]\ncontext_dir = "ctx"\ndockerfile = "docker/Dockerfile"\n[build.exclude]\npatterns = ["data/"]\n',
    );
    expect((await readDeployConfig(f)).config.build).toEqual({
      context_dir: 'ctx',
      dockerfile: 'docker/Dockerfile',
      exclude_patterns: ['data/'],
    });
    expect((await readDeployConfig(join(dir, 'none.toml'))).found).toBe(false);
    await expect(readDeployConfig(join(dir, 'none.toml'), true)).rejects.toMatchObject({ exitCode: 2 });
  });
});
