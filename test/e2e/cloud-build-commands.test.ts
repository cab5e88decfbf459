/**
 * `pipecat cloud build list|status|logs` through the binary against the emulator, with a
 * successful and a failed Cloud Build made through the client (upload, create): the official
 * filters (`--status/-s`, `--region/-r`, `--limit/-n` and their bounds), "showing N of M", the
 * fields of one build, its log (oldest first), a build that does not exist (exit 1), an ID the
 * platform refuses (exit 2); each in `--output json` (one document) and `--output plain`
 * (tab-separated, no escape byte), without a terminal.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CloudClient } from '../../cli/cloud-api/client.js';
import type { Build } from '../../cli/cloud-api/deploy-types.js';
import { uploadContext } from '../../cli/cloud-api/upload.js';
import { packContext } from '../../cli/deploy/context.js';
import { startEmulator, type RunningEmulator } from '../../cli/emulator/server.js';
import { cleanEnv, cleanup, runCli, tempDir } from '../cloud/helpers.js';

const ORG = 'acme';
let dir: string;
let emu: RunningEmulator;
let env: NodeJS.ProcessEnv;
let ok: Build;
let failed: Build;

/** Upload a folder (with or without a Dockerfile) and build it in `region`. */
async function build(c: CloudClient, name: string, withDockerfile: boolean, region: string): Promise<Build> {
  const folder = join(dir, name);
  await mkdir(folder);
  await writeFile(join(folder, 'bot.py'), `print("${name}")\n`);
  if (withDockerfile) await writeFile(join(folder, 'Dockerfile'), 'FROM python:3.12\n');
  const target = await c.requestUploadUrl(ORG, region);
  await uploadContext(target, (await packContext(folder)).tarball);
  return (await c.createBuild(ORG, { uploadId: target.uploadId, region, dockerfilePath: 'Dockerfile' })).build;
}

beforeAll(async () => {
  dir = await tempDir('pipecat-build-cmds-');
  emu = await startEmulator({ org: ORG, buildMs: 0 });
  const c = new CloudClient({ token: emu.token, baseUrl: emu.url, retryBaseMs: 5 });
  failed = await build(c, 'broken', false, 'us-west');
  await new Promise((r) => setTimeout(r, 5)); // a later creation time: the list is newest first
  ok = await build(c, 'good', true, 'eu-central');
  env = cleanEnv(dir, { PIPECAT_API_HOST: emu.url, PIPECAT_TOKEN: emu.token, PIPECAT_ORG: ORG });
});
afterAll(async () => {
  await emu.close();
  await cleanup(dir);
});

const cli = (...args: string[]) => runCli(['cloud', 'build', ...args], { env });

describe('build list', () => {
  test('newest first; filters and limit as the official flags; json and plain', async () => {
    const [rich, plain, json, failedOnly, inEu, one] = await Promise.all([
      cli('list'),
      cli('list', '--output', 'plain'),
      cli('list', '--output', 'json'),
      cli('list', '-s', 'failed', '--json'),
      cli('list', '--region', 'eu-central', '--json'),
      cli('list', '-n', '1'),
    ]);
    expect(rich.code).toBe(0);
    expect(rich.stdout.split('\n')[0]).toMatch(/^build id\s+status\s+region\s+duration\s+created$/);
    expect(rich.stdout.indexOf(ok.id)).toBeLessThan(rich.stdout.indexOf(failed.id));
    expect(rich.stderr).toContain('showing 2 builds');
    const rows = plain.stdout.trim().split('\n');
    expect(rows[0]).toBe('build id\tstatus\tregion\tduration\tcreated');
    expect(rows[1]).toMatch(new RegExp(`^${ok.id}\tsuccess\teu-central\t\\d+s\t\\d{4}-`));
    expect(rows[2]).toMatch(new RegExp(`^${failed.id}\tfailed\tus-west\t`));
    expect(plain.stdout).not.toContain('\x1b');
    const d = JSON.parse(json.stdout);
    expect(d).toMatchObject({ ok: true, organization: ORG, total: 2 });
    expect(d.builds.map((b: Build) => b.id)).toEqual([ok.id, failed.id]);
    expect(JSON.parse(failedOnly.stdout).builds.map((b: Build) => b.id)).toEqual([failed.id]);
    expect(JSON.parse(inEu.stdout).builds.map((b: Build) => b.id)).toEqual([ok.id]);
    expect(one.stdout).not.toContain(failed.id);
    expect(one.stderr).toContain('showing 1 of 2 builds');
  });

  test('bad flags and an unknown region exit 2; no builds is not an error', async () => {
    const [zero, many, status, region, none] = await Promise.all([
      cli('list', '-n', '0'),
      cli('list', '--limit', '101'),
      cli('list', '--status', 'done'),
      cli('list', '-r', 'mars'),
      cli('list', '-s', 'timeout'),
    ]);
    expect([zero.code, many.code, status.code, region.code]).toEqual([2, 2, 2, 2]);
    expect(many.stderr).toContain('--limit must be a whole number from 1 to 100');
    expect(region.stderr).toContain('--region mars is not a region of acme');
    expect(none.code).toBe(0);
    expect(none.stdout).toBe('');
    expect(none.stderr).toContain('no builds in acme (status timeout)');
  });
});

describe('build status and logs', () => {
  test('status: the fields of one build, plain pairs, one json document, the next step on stderr', async () => {
    const [rich, plain, json, bad] = await Promise.all([
      cli('status', failed.id),
      cli('status', ok.id, '--output', 'plain'),
      cli('status', ok.id, '--output', 'json'),
      cli('status', failed.id, '--json'),
    ]);
    expect(rich.code).toBe(0);
    expect(rich.stdout).toMatch(/^build id:\s+\S+\nstatus:\s+failed\nregion:\s+us-west\n/);
    expect(rich.stdout).toMatch(/error:\s+Docker build failed: Dockerfile 'Dockerfile' not found/);
    expect(rich.stderr).toContain(`full log: pipecat cloud build logs ${failed.id}`);
    expect(plain.stdout).toContain('status\tsuccess\n');
    expect(plain.stdout).toMatch(/\nimage\tregistry\.emulator\.local\/\S+\n/);
    expect(plain.stdout).not.toContain('\x1b');
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: true, organization: ORG, build: { id: ok.id, status: 'success' } });
    expect(JSON.parse(bad.stdout).build.errorMessage).toContain('not found in the build context');
  });

  test('logs: oldest first, one json document; a missing build exits 1, an ID the platform refuses 2', async () => {
    const missing = '123e4567-e89b-12d3-a456-426614174000';
    const [text, json, limited, gone, refused, goneJson] = await Promise.all([
      cli('logs', failed.id),
      cli('logs', failed.id, '--output', 'json'),
      cli('logs', failed.id, '-n', '1'),
      cli('logs', missing),
      cli('status', 'not-a-uuid'),
      cli('status', missing, '--output', 'json'),
    ]);
    expect(text.code).toBe(0);
    const lines = text.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^\[build \w+\] context:/);
    expect(lines[lines.length - 1]).toContain('ERROR: failed to solve');
    const d = JSON.parse(json.stdout);
    expect(d).toMatchObject({ ok: true, organization: ORG, build: failed.id });
    expect(d.logs.map((l: { message: string }) => l.message)).toEqual(lines);
    expect(limited.stdout.trim().split('\n')).toEqual([lines[lines.length - 1]]);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toContain(`build ${missing} not found in acme`);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('build-id not-a-uuid: the platform refused it');
    expect(goneJson.code).toBe(1);
    expect(JSON.parse(goneJson.stdout)).toMatchObject({ ok: false, error: { exitCode: 1 } });
  });
});
