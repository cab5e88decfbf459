/**
 * Attacks on the input and output of `pipecat cloud secrets` and `auth login` (issue 23), through
 * the built binary against the emulator (also the binary):
 *
 * - secret text where a key belongs (an unquoted PEM whose last base64 line ends in `=`, a token on
 *   a line of its own, a token as an argument without `KEY=`, base64 padding, an over-long key):
 *   exit 2, the message says where and how long, nothing is sent;
 * - a hostile server echoing each value back (verbatim, prefix, suffix, fragment, JSON-escaped,
 *   URL-encoded, base64; the emulator's `echo` fault) for values from an argument, a file, stdin
 *   and registry credentials, with `--json` and `--verbose` too;
 * - a redirect (reported as one, exit 1) and a 401 on a write (exit 4);
 * - input without end (`/dev/zero` on stdin for every reader, `--file /dev/zero`), a 100 MB value,
 *   values past the platform's body limit (one 413 stops the larger ones), a 30 MB error body:
 *   each ends with its exit code under {@link RSS_LIMIT_KB} of peak RSS (`/usr/bin/time -f %M`).
 *
 * Every planted value is then looked for in every captured stdout and stderr and in every file the
 * runs wrote, as any {@link FRAGMENT}-character fragment of the value and of its JSON and URL
 * encodings, and any {@link B64_FRAGMENT}-character fragment of its base64 encodings: 0 found. The scan is shown to work on a mutant binary whose redaction skips the
 * base64 encodings: it finds the echoed value there.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, ROOT } from '../helpers/cli.js';
import { skipLine } from '../helpers/shared.js';
import { clearFaults, clearRecordedRequests, injectFaults, recordedRequests, type FaultSpec } from '../../cli/emulator/faults.js';
import { startEmulatorProcess, type EmulatorHandle } from '../cloud/secrets-harness.js';

/** Fragment length of the leak scan (values, their JSON and URL forms). */
const FRAGMENT = 4;
/** Fragment length of the scan for base64 forms and for large values' edges. */
const B64_FRAGMENT = 8;
/** Peak RSS allowed for any hostile input, in KiB (300 MB). */
const RSS_LIMIT_KB = 300 * 1000;
const TIME = '/usr/bin/time';
const HAVE_TIME = existsSync(TIME) && spawnSync(TIME, ['-f', '%M', 'true']).status === 0;
if (!HAVE_TIME) skipLine('peak RSS of hostile secrets input', `${TIME} (GNU time) not found`);

/**
 * Letters that are no hex digit and rare in our English output. Without x, h, t, H and T: every
 * run prints 4-letter strings of those (an error body's `xxxx` padding, `http`, `HTTP_500`, the
 * tables' `LENGTH`), and a planted value holding one by chance was reported as a leak (about one
 * full run in fifty).
 */
const ALPHABET = 'gjkmnpqrsvwzGJKMNPQRSVWXZ';
/**
 * Planted values. A value of megabytes holds nearly every 4-character string of its alphabet, so it
 * is scanned (and redacted, `generators/app/output/redact.ts`) by its first and last {@link EDGE} characters.
 */
const planted: { label: string; value: string; large?: boolean }[] = [];
const EDGE = 256;

/** A new planted value: random letters, digits and, with `special`, characters every encoding changes. */
function plant(label: string, length = 32, special = false): string {
  let v = '';
  for (let i = 0; i < length; i++) v += ALPHABET[randomInt(ALPHABET.length)];
  if (special) v = v.slice(0, 10) + '"\\ é+/&=' + v.slice(10) + '%\n' + v.slice(0, 3);
  planted.push({ label, value: v });
  return v;
}

/** Registers a value made elsewhere (base64 lines of a PEM, large values: by their edges). */
function plantValue(label: string, value: string): string {
  if (value.length > 64 * 1024) {
    planted.push({ label: `${label} (first ${EDGE})`, value: value.slice(0, EDGE), large: true });
    planted.push({ label: `${label} (last ${EDGE})`, value: value.slice(-EDGE), large: true });
  } else planted.push({ label, value });
  return value;
}

/**
 * The forms of a value the scan looks for, with the fragment length of each: the value, JSON-escaped
 * and URL-encoded at {@link FRAGMENT} characters; base64 and base64url from each of 3 byte offsets at
 * {@link B64_FRAGMENT} (base64 is spread evenly over 64 characters, so 4 of them occur by chance in
 * any output: a fingerprint's hex digits, a word). Large values (by their edges) at B64_FRAGMENT.
 */
function scanForms(p: { value: string; large?: boolean }): [string, number][] {
  const bytes = Buffer.from(p.value, 'utf8');
  const b64 = [0, 1, 2].flatMap((o) => {
    const s = bytes.subarray(o).toString('base64').replace(/=+$/, '');
    return [s, s.replace(/\+/g, '-').replace(/\//g, '_')];
  });
  const plain = p.large ? B64_FRAGMENT : FRAGMENT;
  return [
    [p.value, plain],
    [JSON.stringify(p.value).slice(1, -1), plain],
    [encodeURIComponent(p.value), plain],
    ...b64.map((f): [string, number] => [f, B64_FRAGMENT]),
  ];
}

/** Labels of planted values with a fragment in `text` (never the values themselves). */
function leaksIn(text: string): string[] {
  const found: string[] = [];
  for (const p of planted) {
    const hit = scanForms(p).some(([f, n]) => {
      for (let i = 0; i + n <= f.length; i++) if (text.includes(f.slice(i, i + n))) return true;
      return false;
    });
    if (hit) found.push(p.label);
  }
  return found;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Peak RSS in KiB (undefined without GNU time). */
  rssKb?: number;
  what: string;
}

let work: string; // inputs written by the test
let home: string; // HOME and cwd of the runs: only the binary writes here
let emu: EmulatorHandle;
const runs: Run[] = [];

function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '',
    HOME: home,
    PIPECAT_CONFIG_PATH: join(home, 'pipecatcloud.toml'),
    PIPECAT_API_HOST: emu.url,
    PIPECAT_TOKEN: emu.token,
    PIPECAT_ORG: emu.org,
    PIPECAT_RETRY_BASE_MS: '5',
    PIPECAT_MAX_ATTEMPTS: '2',
    NO_COLOR: '1',
    ...extra,
  };
}

/** Runs the binary (under GNU time when present) with `stdin` piped in, and records the run for the leak scan. */
async function cli(
  what: string,
  args: string[],
  opts: { stdin?: string; env?: Record<string, string | undefined>; bin?: string } = {},
): Promise<Run> {
  const e = env();
  for (const [k, v] of Object.entries(opts.env ?? {})) {
    if (v === undefined) delete e[k];
    else e[k] = v;
  }
  const node = [process.execPath, opts.bin ?? BIN, ...args];
  const cmd = HAVE_TIME ? [TIME, '-f', 'PEAK_RSS_KB=%M', ...node] : node;
  const run = await new Promise<Run>((resolve, reject) => {
    const child = spawn(cmd[0], cmd.slice(1), { cwd: home, env: e, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d.length > 1e6 ? d.slice(0, 1e6) : d));
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d.length > 1e6 ? d.slice(0, 1e6) : d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      const m = /^PEAK_RSS_KB=(\d+)\n?/m.exec(stderr);
      resolve({
        code,
        stdout,
        stderr: stderr.replace(/^PEAK_RSS_KB=\d+\n?/m, '').replace(/^Command exited with non-zero status \d+\n?/m, ''),
        rssKb: m ? Number(m[1]) : undefined,
        what,
      });
    });
    child.stdin!.on('error', () => undefined);
    child.stdin!.end(opts.stdin ?? '');
  });
  runs.push(run);
  return run;
}

/** Like {@link cli} with stdin from a file, through `sh -c 'exec ... < file'` (fd 0 is the file). */
async function cliFromFile(what: string, args: string[], file: string): Promise<Run> {
  const q = (a: string) => `'${a.replace(/'/g, `'\\''`)}'`;
  const inner = [...(HAVE_TIME ? [TIME, '-f', 'PEAK_RSS_KB=%M'] : []), process.execPath, BIN, ...args].map(q).join(' ');
  const run = await new Promise<Run>((resolve, reject) => {
    const child = spawn('sh', ['-c', `exec ${inner} < ${q(file)}`], { cwd: home, env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      const m = /^PEAK_RSS_KB=(\d+)\n?/m.exec(stderr);
      resolve({
        code,
        stdout,
        stderr: stderr.replace(/^PEAK_RSS_KB=\d+\n?/m, '').replace(/^Command exited with non-zero status \d+\n?/m, ''),
        rssKb: m ? Number(m[1]) : undefined,
        what,
      });
    });
  });
  runs.push(run);
  return run;
}

function expectCode(r: Run, code: number): void {
  if (r.code !== code) throw new Error(`${r.what}: expected exit ${code}, got ${r.code}\n--- stdout\n${r.stdout}\n--- stderr\n${r.stderr}`);
}

function expectRss(r: Run): void {
  if (r.rssKb === undefined) return;
  if (r.rssKb >= RSS_LIMIT_KB) throw new Error(`${r.what}: peak RSS ${r.rssKb} KiB, over ${RSS_LIMIT_KB}`);
}

async function puts(): Promise<number> {
  return (await recordedRequests(emu.url)).filter((r) => r.method === 'PUT').length;
}

async function fault(spec: FaultSpec | FaultSpec[]): Promise<void> {
  await clearFaults(emu.url);
  await injectFaults(emu.url, spec);
}

/** Every file below `dir` (the runs' HOME), as text. */
function filesBelow(dir: string): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = statSync(p);
    if (st.isDirectory()) out.push(...filesBelow(p));
    else if (st.isFile()) out.push({ path: p, text: readFileSync(p).toString('utf8') });
  }
  return out;
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'pipecat-attacks-in-'));
  home = mkdtempSync(join(tmpdir(), 'pipecat-attacks-home-'));
  emu = await startEmulatorProcess(mkdtempSync(join(tmpdir(), 'pipecat-attacks-emu-')), []);
});

afterAll(async () => {
  await emu?.close();
  for (const d of [work, home]) if (d) rmSync(d, { recursive: true, force: true });
});

describe('secret text where a key belongs: exit 2, said by place and length, nothing sent', () => {
  test('PEM lines, a token on its own line, tokens as arguments', async () => {
    await clearRecordedRequests(emu.url);
    // An unquoted PEM whose last base64 line ends in "=" (with + and /), and one ending in "=="
    // with letters and digits only.
    const b64 = (n: number) => randomBytes(n).toString('base64');
    const body = [b64(48), b64(48)].map((l, i) => plantValue(`PEM line ${i + 1}`, l));
    let last = b64(31);
    while (!/[+/]/.test(last)) last = b64(31);
    last = plantValue('PEM last line', last.replace(/=+$/, '')) + '=';
    writeFileSync(
      join(work, 'pem.env'),
      ['A=1', '-----BEGIN PRIVATE KEY-----', ...body, last, '-----END PRIVATE KEY-----', 'B=2', ''].join('\n'),
    );
    let r = await cli('unquoted PEM', ['cloud', 'secrets', 'set', 'attack-set', '--file', join(work, 'pem.env'), '--skip']);
    expectCode(r, 2);
    expect(r.stderr).toMatch(/pem\.env:5: this looks like a secret value, not a key \(\d+ characters before "="/);

    const padded = plant('padded PEM line', 40).replace(/[a-z]/g, (c) => (randomInt(2) ? c : String(randomInt(10))));
    writeFileSync(join(work, 'padded.env'), `-----BEGIN CERTIFICATE-----\n${padded}==\n-----END CERTIFICATE-----\n`);
    r = await cli('PEM line ending ==', ['cloud', 'secrets', 'set', 'attack-set', '--file', join(work, 'padded.env'), '--skip']);
    expectCode(r, 2);
    expect(r.stderr).toContain(`padded.env:2: this looks like a secret value, not a key (${padded.length} characters before "="`);

    const alone = plant('token on its own line', 40);
    writeFileSync(join(work, 'alone.env'), `OPENAI_API_KEY=\n${alone}\n`);
    r = await cli('token on its own line', ['cloud', 'secrets', 'set', 'attack-set', '--file', join(work, 'alone.env'), '--skip']);
    expectCode(r, 2);
    expect(r.stderr).toContain(`alone.env:2: not a KEY=value entry (${alone.length} characters, not shown)`);

    const bare = plant('token argument without KEY=', 40);
    r = await cli('token as an argument', ['cloud', 'secrets', 'set', 'attack-set', 'A=1', bare, '--skip']);
    expectCode(r, 2);
    expect(r.stderr).toContain(`argument 2 is not KEY=value (${bare.length} characters, not shown;`);

    const b64Token = plantValue(
      'base64 token argument',
      Buffer.from(plant('token under base64', 24)).toString('base64').replace(/=+$/, ''),
    );
    const long = plant('long token with =', 70);
    const mixed = plantValue('mixed-case token argument', 'Qh7' + plant('mixed-case core', 30) + '9z');
    r = await cli('tokens as arguments', [
      'cloud',
      'secrets',
      'set',
      'attack-set',
      `${b64Token}==`,
      `${long}=x`,
      `${mixed}=`,
      'B/x+y=z',
      '--skip',
    ]);
    expectCode(r, 2);
    expect(r.stderr).toMatch(
      /argument 1: this looks like a secret value, not a key \(\d+ characters before "=", it ends in base64 padding/,
    );
    expect(r.stderr).toMatch(/argument 2: this looks like a secret value, not a key \(70 characters before "=", longer than 64/);
    expect(r.stderr).toMatch(/argument 3: this looks like a secret value, not a key \(\d+ characters before "=", it reads as base64/);
    expect(r.stderr).toMatch(/argument 4: this looks like a secret value, not a key \(5 characters before "=", it holds \+ or \//);

    expect(await puts()).toBe(0);
  });
});

describe('a server echoing the values back: redacted in every encoding', () => {
  const encodings = ['verbatim', 'prefix', 'suffix', 'fragment', 'json', 'url', 'base64'] as const;

  test.each(encodings)('echo as %s, from an argument, a file and stdin', async (encoding) => {
    const a = plant(`argument value (${encoding})`, 40, true);
    const f = plant(`file value (${encoding})`, 40, true);
    const s = plant(`stdin value (${encoding})`, 40, true);
    writeFileSync(join(work, `echo-${encoding}.env`), `FROM_FILE=${JSON.stringify(f)}\n`);
    await fault({ kind: 'echo', method: 'PUT', count: 20, echo: [encoding] });
    const r = await cli(
      `echo ${encoding}`,
      [
        'cloud',
        'secrets',
        'set',
        `echo-${encoding}`,
        `FROM_ARG=${a}`,
        'FROM_STDIN=-',
        '--file',
        join(work, `echo-${encoding}.env`),
        '--skip',
        ...(encoding === 'json' ? ['--json'] : []),
        ...(encoding === 'url' ? ['--verbose'] : []),
      ],
      { stdin: s },
    );
    expectCode(r, 1);
    expect(r.stdout + r.stderr).toContain('Invalid secretValue');
    expect(r.stdout + r.stderr).toContain('[redacted]');
  });

  test('every encoding at once; registry credentials of image-pull-secret from stdin and an argument', async () => {
    const v = plant('value echoed in all encodings', 24, true);
    await fault({ kind: 'echo', method: 'PUT', count: 20 });
    let r = await cli('echo all', ['cloud', 'secrets', 'set', 'echo-all', `K=${v}`, '--skip']);
    expectCode(r, 1);
    const pw = plant('registry password (stdin)', 30);
    await fault({ kind: 'echo', method: 'PUT', count: 5, echo: ['verbatim', 'base64', 'json'] });
    r = await cli('image-pull-secret from stdin', ['cloud', 'secrets', 'image-pull-secret', 'pull-attack', 'ghcr.io', '--skip'], {
      stdin: `octocat:${pw}\n`,
    });
    expectCode(r, 1);
    expect(r.stderr).toContain('[redacted]');
    const pw2 = plant('registry password (argument)', 30);
    await fault({ kind: 'echo', method: 'PUT', count: 5, echo: ['suffix', 'url'] });
    r = await cli('image-pull-secret from an argument', [
      'cloud',
      'secrets',
      'image-pull-secret',
      'pull-attack',
      'ghcr.io',
      `octocat:${pw2}`,
      '--skip',
      '--json',
    ]);
    expectCode(r, 1);
    await clearFaults(emu.url);
  });

  test('auth login with a token the API refuses: exit 4, the token never shown', async () => {
    const token = 'pcc_pat_' + plant('login token', 32);
    const r = await cli('auth login refused', ['cloud', 'auth', 'login'], { stdin: token + '\n', env: { PIPECAT_TOKEN: undefined } });
    expectCode(r, 4);
    expect(existsSync(join(home, 'pipecatcloud.toml'))).toBe(false);
  });
});

describe('answers that are not what they seem', () => {
  test('a redirect is reported as one (exit 1); a 401 on a write exits 4', async () => {
    await fault({ kind: 'redirect', method: 'PUT', location: 'https://elsewhere.invalid/steal?x=1' });
    let r = await cli('redirect', ['cloud', 'secrets', 'set', 'redirected', `K=${plant('redirected value')}`, '--skip']);
    expectCode(r, 1);
    expect(r.stderr).toContain('307 REDIRECT: the API answered with a redirect to https://elsewhere.invalid/steal (not followed');
    expect(r.stderr).not.toContain('could not reach');

    await fault({ kind: 'error', status: 401, method: 'PUT' });
    r = await cli('401 on a write', [
      'cloud',
      'secrets',
      'set',
      'unauthorised',
      `K=${plant('value refused by 401')}`,
      'L=other',
      '--skip',
      '--concurrency',
      '1',
    ]);
    expectCode(r, 4);
    expect(r.stderr).toContain('rejected the credentials while writing to unauthorised');
    expect(r.stderr).toContain('not sent (1): K'); // the smallest value goes first
    await clearFaults(emu.url);
  });
});

describe('input without end, huge values, huge error bodies: exit codes and peak RSS', () => {
  test('stdin from /dev/zero for every reader, and --file /dev/zero: exit 2 naming the input', async () => {
    const cases: [string, string[], RegExp][] = [
      ['set --file -', ['cloud', 'secrets', 'set', 'zero-set', '--file', '-', '--skip'], /stdin \(--file -\) is larger than 64 MiB/],
      ['set KEY=-', ['cloud', 'secrets', 'set', 'zero-set', 'KEY=-', '--skip'], /stdin \(KEY=-\) is larger than 64 MiB/],
      ['auth login', ['cloud', 'auth', 'login'], /stdin \(the token for auth login\) is larger than 64 MiB/],
      [
        'image-pull-secret',
        ['cloud', 'secrets', 'image-pull-secret', 'zero-pull', 'ghcr.io', '--skip'],
        /stdin \(the registry credentials\) is larger than 64 MiB/,
      ],
    ];
    for (const [what, args, message] of cases) {
      const r = await cliFromFile(`/dev/zero to ${what}`, args, '/dev/zero');
      expectCode(r, 2);
      expectRss(r);
      expect(r.stderr).toMatch(message);
    }
    const r = await cli('--file /dev/zero', ['cloud', 'secrets', 'set', 'zero-set', '--file', '/dev/zero', '--skip']);
    expectCode(r, 2);
    // A device is refused by its kind before any byte is read (generators/app/files/regular-file.ts).
    expect(r.stderr).toContain('--file /dev/zero is a character device, not a regular file');
    expectRss(r);
  });

  test('a 100 MB value: exit 2 before any request', async () => {
    await clearRecordedRequests(emu.url);
    const big = join(work, 'big.env');
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    writeFileSync(big, 'BIG=');
    for (let i = 0; i < 100; i++) writeFileSync(big, chunk, { flag: 'a' });
    const r = await cli('100 MB value in --file', ['cloud', 'secrets', 'set', 'big-set', '--file', big, '--skip']);
    expectCode(r, 2);
    expect(r.stderr).toContain(`--file ${big} is larger than 64 MiB`);
    expectRss(r);
    const s = await cliFromFile('100 MB value on stdin', ['cloud', 'secrets', 'set', 'big-set', 'BIG=-', '--skip'], big);
    expectCode(s, 2);
    expectRss(s);
    expect(await puts()).toBe(0);
    rmSync(big);
  });

  test('values past the body limit: one 413, the as-large ones not sent, the small one written', async () => {
    await clearFaults(emu.url);
    await clearRecordedRequests(emu.url);
    const mk = (label: string, mb: number) => plantValue(label, randomBytes(mb * 750_000).toString('base64'));
    const v3 = mk('3 MB value', 3);
    const v2 = mk('2 MB value', 2);
    const v5 = mk('5 MB value', 5);
    writeFileSync(join(work, 'large.env'), `V3=${v3}\nV5=${v5}\n`);
    writeFileSync(join(work, 'v2.txt'), v2);
    const r = await cliFromFile(
      'values past the body limit',
      [
        'cloud',
        'secrets',
        'set',
        'large-set',
        '--file',
        join(work, 'large.env'),
        'V2=-',
        `SMALL=${plant('small value next to large ones')}`,
        '--skip',
        '--json',
      ],
      join(work, 'v2.txt'),
    );
    expectCode(r, 1);
    const doc = JSON.parse(r.stdout) as { keys: { key: string; status: string; httpStatus?: number }[] };
    const status = Object.fromEntries(doc.keys.map((k) => [k.key, [k.status, k.httpStatus]]));
    if (
      JSON.stringify(status) !==
      JSON.stringify({ V3: ['not-sent', null], V5: ['not-sent', null], V2: ['failed', 413], SMALL: ['written', null] })
    )
      process.stderr.write(`values past the body limit:\n${r.stdout}\n${r.stderr}\n`);
    expect(status).toEqual({
      V3: ['not-sent', undefined],
      V5: ['not-sent', undefined],
      V2: ['failed', 413],
      SMALL: ['written', undefined],
    });
    const put = (await recordedRequests(emu.url)).filter((x) => x.method === 'PUT').map((x) => x.outcome);
    expect(put).toEqual([202, 413]);
    expectRss(r);
  });

  test('a 30 MB error body for 3 keys: a few hundred characters, once', async () => {
    await fault({ kind: 'error', status: 500, bodyBytes: 30_000_000, method: 'PUT', count: 50 });
    const r = await cli('30 MB error body', ['cloud', 'secrets', 'set', 'body-set', 'A=aaaa', 'B=bbbb', 'C=cccc', '--skip']);
    expectCode(r, 1);
    expect(r.stdout.length + r.stderr.length).toBeLessThan(5_000);
    // The message is shown once; the other keys keep status and code and point at it.
    expect(r.stdout.match(/\(message as for [ABC]\)/g)).toHaveLength(2);
    expect(r.stderr).toMatch(/… \(cut; \d+\+ characters\)/);
    expectRss(r);
    await clearFaults(emu.url);
  });
});

describe('ordinary runs next to the attacks', () => {
  test('a set that succeeds and a login that saves the credentials file: output intact, values not in it', async () => {
    await clearFaults(emu.url);
    const a = plant('ordinary value A', 40, true);
    const b = plant('ordinary value B', 40);
    let r = await cli('ordinary set', ['cloud', 'secrets', 'set', 'ordinary-set', `ALPHA=${a}`, 'BETA=-', '--skip', '--wait'], {
      stdin: b,
    });
    expectCode(r, 0);
    expect(r.stderr).toMatch(/ALPHA +add +argument +\d+ +sha256:[0-9a-f]{8}/);
    expect(r.stderr).toContain('2 keys written to ordinary-set');
    r = await cli('ordinary list', ['cloud', 'secrets', 'list', 'ordinary-set', '--json']);
    expectCode(r, 0);
    expect(JSON.parse(r.stdout)).toMatchObject({ keys: ['ALPHA', 'BETA'] });
    r = await cli('ordinary login', ['cloud', 'auth', 'login'], { stdin: emu.token, env: { PIPECAT_TOKEN: undefined } });
    expectCode(r, 0);
    expect(existsSync(join(home, 'pipecatcloud.toml'))).toBe(true);
  });
});

describe('the leak scan', () => {
  test('finds 0 fragments of any planted value in every output and every written file', () => {
    expect(planted.length).toBeGreaterThan(30);
    const written = filesBelow(home);
    const found = [
      ...runs.flatMap((r) => leaksIn(r.stdout + '\n' + r.stderr).map((l) => `${l} in ${r.what}`)),
      ...written.flatMap((f) => leaksIn(f.text).map((l) => `${l} in ${f.path}`)),
    ];
    expect(found).toEqual([]);
    const peak = Math.max(...runs.map((r) => r.rssKb ?? 0));
    process.stderr.write(
      `secrets-attacks: ${runs.length} runs, ${written.length} written files, ${planted.length} planted values: 0 leaks; peak RSS ${peak} KiB\n` +
        runs
          .filter((r) => /dev\/zero|100 MB|body limit|30 MB/.test(r.what))
          .map((r) => `  peak RSS ${r.rssKb ?? '?'} KiB: ${r.what}\n`)
          .join(''),
    );
  });

  test('finds the echo when the redaction of base64 is removed (a mutant of the binary)', async () => {
    // A copy of dist/ inside the package (so the chunks find package.json and node_modules) whose
    // redaction skips the base64 encodings of values.
    const mutantRoot = mkdtempSync(join(ROOT, '.mutant-'));
    try {
      cpSync(join(ROOT, 'dist'), join(mutantRoot, 'dist'), { recursive: true });
      let patched = 0;
      const patch = (dir: string) => {
        for (const name of readdirSync(dir)) {
          const p = join(dir, name);
          if (statSync(p).isDirectory()) patch(p);
          else if (p.endsWith('.js')) {
            const text = readFileSync(p, 'utf8');
            if (text.includes('this.index(base64Forms(value)')) {
              writeFileSync(p, text.split('this.index(base64Forms(value)').join('this.index([]'));
              patched++;
            }
          }
        }
      };
      patch(join(mutantRoot, 'dist', 'cli'));
      expect(patched).toBeGreaterThan(0);
      const v = plant('value for the mutant', 30);
      await fault({ kind: 'echo', method: 'PUT', count: 5, echo: ['base64'] });
      const r = await cli('mutant', ['cloud', 'secrets', 'set', 'mutant-set', `K=${v}`, '--skip'], {
        bin: join(mutantRoot, 'dist', 'cli', 'main.js'),
      });
      runs.pop(); // the mutant's output is not part of the clean scan
      expectCode(r, 1);
      expect(leaksIn(r.stdout + r.stderr)).toContain('value for the mutant');
    } finally {
      rmSync(mutantRoot, { recursive: true, force: true });
      await clearFaults(emu.url);
    }
  });
});
