/**
 * Credentials file handling on real temp files: lookup order, atomic write, permissions, keeping
 * unknown keys and tables, malformed files.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { chmod, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import {
  credentialsPath,
  lookupCredentials,
  readCredentialsFile,
  resolveOrganization,
  updateCredentialsFile,
} from '../../cli/cloud-api/credentials.js';
import { UserError } from '../../cli/errors.js';
import { cleanup, tempDir } from './helpers.js';

let home: string;
beforeEach(async () => {
  home = await tempDir();
});
afterEach(async () => {
  await cleanup(home);
});

const defaultFile = () => join(home, '.config', 'pipecatcloud', 'pipecatcloud.toml');

describe('lookup order', () => {
  test('path: PIPECAT_CONFIG_PATH, else ~/.config/pipecatcloud/pipecatcloud.toml', () => {
    expect(credentialsPath({ HOME: home })).toBe(defaultFile());
    expect(credentialsPath({ HOME: home, PIPECAT_CONFIG_PATH: '/x/y.toml' })).toBe('/x/y.toml');
  });

  test('token: PIPECAT_TOKEN beats the file; org: PIPECAT_ORG beats the file', async () => {
    await mkdir(join(home, '.config', 'pipecatcloud'), { recursive: true });
    await writeFile(defaultFile(), 'token = "pcc_pat_file"\norg = "file-org"\n', { mode: 0o600 });
    expect(await lookupCredentials({ HOME: home })).toMatchObject({
      token: 'pcc_pat_file',
      tokenSource: 'file',
      org: 'file-org',
      orgSource: 'file',
    });
    expect(await lookupCredentials({ HOME: home, PIPECAT_TOKEN: 'pcc_pat_env' })).toMatchObject({
      token: 'pcc_pat_env',
      tokenSource: 'PIPECAT_TOKEN',
      org: 'file-org',
    });
    expect(await lookupCredentials({ HOME: home, PIPECAT_ORG: 'env-org' })).toMatchObject({
      token: 'pcc_pat_file',
      org: 'env-org',
      orgSource: 'PIPECAT_ORG',
    });
  });

  test('PIPECAT_CONFIG_PATH replaces the default file', async () => {
    const other = join(home, 'other.toml');
    await writeFile(other, 'token = "pcc_pat_other"\n', { mode: 0o600 });
    expect(await lookupCredentials({ HOME: home, PIPECAT_CONFIG_PATH: other })).toMatchObject({
      token: 'pcc_pat_other',
      path: other,
      fileExists: true,
    });
  });

  test('no file and no variable: no token', async () => {
    expect(await lookupCredentials({ HOME: home })).toMatchObject({
      token: undefined,
      tokenSource: 'none',
      fileExists: false,
      path: defaultFile(),
    });
  });

  test('organisation: flag > PIPECAT_ORG/file > first from the API (asked only when needed)', async () => {
    let calls = 0;
    const api = async () => {
      calls++;
      return [{ name: 'first' }, { name: 'second' }];
    };
    expect(await resolveOrganization('flag-org', { org: 'env-org', orgSource: 'PIPECAT_ORG' }, api)).toEqual({
      org: 'flag-org',
      source: 'flag',
    });
    expect(await resolveOrganization(undefined, { org: 'env-org', orgSource: 'PIPECAT_ORG' }, api)).toEqual({
      org: 'env-org',
      source: 'PIPECAT_ORG',
    });
    expect(calls).toBe(0);
    expect(await resolveOrganization(undefined, {}, api)).toEqual({ org: 'first', source: 'api' });
    expect(calls).toBe(1);
    await expect(resolveOrganization(undefined, {}, async () => [])).rejects.toThrow(/no Pipecat Cloud organisation/);
  });
});

describe('writing', () => {
  test('creates the directory 0700 and the file 0600, atomically (new inode, no temp file left)', async () => {
    const path = defaultFile();
    await updateCredentialsFile(path, (d) => ({ ...d, token: 'pcc_pat_1', org: 'acme' }));
    expect((await stat(join(home, '.config', 'pipecatcloud'))).mode & 0o777).toBe(0o700);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    const ino1 = (await stat(path)).ino;
    await updateCredentialsFile(path, (d) => ({ ...d, token: 'pcc_pat_2' }));
    expect((await stat(path)).ino).not.toBe(ino1); // replaced by rename, not rewritten in place
    expect(await readdir(join(home, '.config', 'pipecatcloud'))).toEqual(['pipecatcloud.toml']);
    expect(parse(await readFile(path, 'utf8'))).toEqual({ token: 'pcc_pat_2', org: 'acme' });
  });

  test('keeps every unknown key and table, removes keys set to undefined', async () => {
    const path = join(home, 'creds.toml');
    await writeFile(
      path,
      [
        'token = "old"',
        'org = "acme"',
        'refresh_token = "r"',
        'token_expires_at = 1893456000',
        'custom_flag = true',
        '',
        '[acme]',
        'default_secret_set = "acme-secrets"',
        'agents = ["a", "b"]',
        '',
        '[acme.nested]',
        'x = 1',
        '',
        '[other-org]',
        'y = "z"',
        '',
      ].join('\n'),
      { mode: 0o600 },
    );
    await updateCredentialsFile(path, (d) => ({ ...d, token: 'pcc_pat_new', refresh_token: undefined, token_expires_at: undefined }));
    expect(parse(await readFile(path, 'utf8'))).toEqual({
      token: 'pcc_pat_new',
      org: 'acme',
      custom_flag: true,
      acme: { default_secret_set: 'acme-secrets', agents: ['a', 'b'], nested: { x: 1 } },
      'other-org': { y: 'z' },
    });
  });

  test('a file readable by others is tightened to 0600 with a warning', async () => {
    const path = join(home, 'open.toml');
    await writeFile(path, 'token = "pcc_pat_x"\n');
    await chmod(path, 0o644);
    const warnings: string[] = [];
    const r = await lookupCredentials({ HOME: home, PIPECAT_CONFIG_PATH: path }, (l) => warnings.push(l));
    expect(r.token).toBe('pcc_pat_x');
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(path);
    expect(warnings[0]).toContain('0644');
    expect(warnings[0]).not.toContain('pcc_pat_x');
    // a 0600 file gives no warning
    await lookupCredentials({ HOME: home, PIPECAT_CONFIG_PATH: path }, (l) => warnings.push(l));
    expect(warnings).toHaveLength(1);
  });

  test('an existing file written with mode 0640 ends up 0600 after an update', async () => {
    const path = join(home, 'g.toml');
    await writeFile(path, 'org = "acme"\n');
    await chmod(path, 0o640);
    await updateCredentialsFile(path, (d) => ({ ...d, token: 't' }));
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });
});

describe('malformed file', () => {
  test('a clear UserError naming the file and line; the file is never overwritten', async () => {
    const path = join(home, 'bad.toml');
    const bad = 'token = "pcc_pat_x"\norg = \n[acme\n';
    await writeFile(path, bad, { mode: 0o600 });
    const e = await readCredentialsFile(path).then(
      () => undefined,
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(UserError);
    expect((e as Error).message).toContain(`${path}:2`);
    expect((e as Error).message).toMatch(/not valid TOML/);
    expect((e as Error).message).not.toContain('pcc_pat_x');
    await expect(updateCredentialsFile(path, (d) => ({ ...d, token: 'new' }))).rejects.toBeInstanceOf(UserError);
    expect(await readFile(path, 'utf8')).toBe(bad);
    await expect(lookupCredentials({ HOME: home, PIPECAT_CONFIG_PATH: path })).rejects.toBeInstanceOf(UserError);
  });
});
