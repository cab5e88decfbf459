/**
 * A deployable project (issue 22, "What it must show", the third point), through the real binary:
 * for 14 configurations spanning every transport kind (SmallWebRTC, Daily, WebSocket, each phone
 * provider's media stream, Daily PSTN dial-in and dial-out, Twilio + Daily SIP dial-in and dial-out, a
 * phone stream beside PSTN dial-in) and the Google services that take a service-account key, a
 * newcomer's steps: generate, `cp .env.example .env`, fill the keys the README lists (the Google
 * key JSON written by the README's rule, from a realistic service-account key with a real RSA private
 * key), then `pipecat cloud secrets set <set> --file .env -s` against the emulator. It must exit 0 and
 * store exactly the filled keys, the Google key byte for byte (read back from the emulator's data
 * file; values are compared, never printed). Also: no generated file names a `pcc` command, and the
 * eval starters name the judge pipecat 1.8 uses, and `.dockerignore` keeps the Dockerfile in the build
 * context. Each check is shown to fail on a broken input.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { makeTempDir, mapLimit, removeDir, runCliAsync } from '../helpers/cli.js';
import { cleanEnv, runCli as runCloud, spawnEmulator, type EmulatorProcess } from '../cloud/helpers.js';
import { pipecatSrc } from '../helpers/shared.js';

/** One configuration: a name and the `pipecat init` arguments after `-n`. */
interface Config {
  name: string;
  args: string[];
  /** Its services take a Google service-account key (GOOGLE_CREDENTIALS). */
  googleKey?: true;
}

const CASCADE = ['-m', 'cascade', '--stt', 'deepgram_stt', '--llm', 'openai_llm', '--tts', 'cartesia_tts'];
const CONFIGS: Config[] = [
  {
    name: 'web-small-google',
    args: [
      '-b',
      'web',
      '-t',
      'smallwebrtc',
      '-m',
      'cascade',
      '--stt',
      'google_stt',
      '--llm',
      'google_vertex_llm',
      '--tts',
      'google_tts',
      '--eval',
    ],
    googleKey: true,
  },
  {
    name: 'web-small-vertex-live',
    args: ['-b', 'web', '-t', 'smallwebrtc', '-m', 'realtime', '--realtime', 'gemini_vertex_live_realtime', '--eval'],
    googleKey: true,
  },
  { name: 'web-daily', args: ['-b', 'web', '-t', 'daily', ...CASCADE, '--recording'] },
  { name: 'web-websocket', args: ['-b', 'web', '-t', 'websocket', ...CASCADE, '--transcription'] },
  { name: 'web-all', args: ['-b', 'web', '-t', 'smallwebrtc', '-t', 'daily', '-t', 'websocket', ...CASCADE, '--enable-krisp'] },
  { name: 'twilio', args: ['-b', 'telephony', '-t', 'twilio', ...CASCADE, '--recording'] },
  { name: 'telnyx', args: ['-b', 'telephony', '-t', 'telnyx', ...CASCADE] },
  { name: 'plivo', args: ['-b', 'telephony', '-t', 'plivo', ...CASCADE] },
  { name: 'exotel', args: ['-b', 'telephony', '-t', 'exotel', ...CASCADE, '--eval'] },
  { name: 'pstn-dialin', args: ['-b', 'telephony', '-t', 'daily_pstn_dialin', ...CASCADE] },
  { name: 'pstn-dialout', args: ['-b', 'telephony', '-t', 'daily_pstn_dialout', ...CASCADE] },
  { name: 'sip-dialin', args: ['-b', 'telephony', '-t', 'twilio_daily_sip_dialin', ...CASCADE, '--enable-krisp'] },
  { name: 'sip-dialout', args: ['-b', 'telephony', '-t', 'twilio_daily_sip_dialout', ...CASCADE] },
  { name: 'twilio-pstn-dialin', args: ['-b', 'telephony', '-t', 'twilio', '-t', 'daily_pstn_dialin', ...CASCADE] },
];

/**
 * The judge pipecat's eval harness uses by default: `DEFAULT_OLLAMA_JUDGE_MODEL` in pipecat's
 * evals/services.py when the shared pipecat source is here, else the value issue 22 gives for 1.8.
 */
function pipecatJudge(): string {
  const src = pipecatSrc();
  if (src) {
    const m = /^DEFAULT_OLLAMA_JUDGE_MODEL = "([^"]+)"/m.exec(readFileSync(join(src, 'pipecat', 'evals', 'services.py'), 'utf8'));
    if (m) return m[1];
  }
  return 'gemma4:12b';
}

/**
 * A service-account key as Google issues it (the fields of a downloaded key file), with a fresh
 * 2048-bit RSA private key in PKCS#8 PEM: its newlines become `\n` escapes in the JSON.
 */
function serviceAccountKey(): Record<string, string> {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const email = 'voice-bot@deploy-test-4711.iam.gserviceaccount.com';
  return {
    type: 'service_account',
    project_id: 'deploy-test-4711',
    private_key_id: randomBytes(20).toString('hex'),
    private_key: privateKey,
    client_email: email,
    client_id: '104857600123456789012',
    auth_uri: 'https://accounts.google.com/o/oauth2/auth',
    token_uri: 'https://oauth2.googleapis.com/token',
    auth_provider_x509_cert_url: 'https://www.googleapis.com/oauth2/v1/certs',
    client_x509_cert_url: `https://www.googleapis.com/robot/v1/metadata/x509/${encodeURIComponent(email)}`,
    universe_domain: 'googleapis.com',
  };
}

/** Every file under `dir`, as project-relative paths (the `.pipecat/base/` copies included). */
function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((p) => statSync(join(dir, p)).isFile())
    .sort();
}

/** A `pcc` command: the word `pcc` not followed by `-` (the file name `pcc-deploy.toml`) or `_`. */
const PCC_COMMAND = /\bpcc\b(?!-)/;

/** Problems: each `file:line` of a project that names a `pcc` command. */
function pccCommands(dir: string): string[] {
  return files(dir).flatMap((f) =>
    readFileSync(join(dir, f), 'utf8')
      .split('\n')
      .flatMap((line, i) => (PCC_COMMAND.test(line) ? [`${f}:${i + 1}`] : [])),
  );
}

/** Problems: every `ollama pull` in the project's eval starters and README that names another judge. */
function judgeProblems(dir: string, judge: string): string[] {
  const texts = files(dir).filter((f) => /^(server\/evals\/[^/]+\.yaml|README\.md)$/.test(f));
  const problems: string[] = [];
  for (const f of texts) {
    for (const m of readFileSync(join(dir, f), 'utf8').matchAll(/ollama pull (\S+?)`/g)) {
      if (m[1] !== judge) problems.push(`${f}: ollama pull ${m[1]}`);
    }
  }
  return problems;
}

/** Whether the project has eval starters (`server/evals/`). */
function existsEvals(dir: string): boolean {
  return files(dir).some((f) => f.startsWith('server/evals/'));
}

/** The patterns of a `.dockerignore` (comments and blank lines left out). */
function dockerignorePatterns(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}

/** Problems: the files a build context needs (the Dockerfile, `.dockerignore`) that a pattern names. */
function excludedBuildFiles(patterns: readonly string[]): string[] {
  return patterns.filter((p) => ['Dockerfile', '.dockerignore', '*', '/Dockerfile', './Dockerfile'].includes(p));
}

/** The keys the README's "Keys to fill in `server/.env`" list names, in order. */
function readmeKeys(readme: string): string[] {
  const start = readme.indexOf('Keys to fill in `server/.env`:');
  if (start < 0) return [];
  const block = readme.slice(start).split('\n\n')[1] ?? '';
  return [...block.matchAll(/^- `([A-Z][A-Z0-9_]*)`/gm)].map((m) => m[1]);
}

/**
 * `.env` as a newcomer writes it: `.env.example` copied, then each key the README lists filled in
 * on its own line (`NAME=` becomes `NAME=value`); everything else stays as generated.
 */
function fillEnv(server: string, keys: readonly string[], values: Record<string, string>): string {
  copyFileSync(join(server, '.env.example'), join(server, '.env'));
  let env = readFileSync(join(server, '.env'), 'utf8');
  for (const k of keys) {
    const line = new RegExp(`^${k}=.*$`, 'm');
    if (!line.test(env)) throw new Error(`${k}: no \`${k}=\` line in .env.example`);
    env = env.replace(line, `${k}=${values[k] ?? `deploy-test-${k.toLowerCase().replace(/_/g, '-')}`}`);
  }
  writeFileSync(join(server, '.env'), env);
  return env;
}

/** What python-dotenv (the bot's `load_dotenv`) reads for `key`, compared in Python: equal, or why not. */
function pythonDotenvReads(envFile: string, key: string, expected: string): string {
  const script = `
import json, sys
from dotenv import dotenv_values
got = dotenv_values(sys.argv[1]).get(sys.argv[2])
want = open(sys.argv[3], encoding="utf-8").read()
if got != want:
    print("different")
else:
    key = json.loads(got)
    print("equal" if "\\n" in key["private_key"] and key["private_key"].startswith("-----BEGIN PRIVATE KEY-----\\n") else "no newlines")
`;
  const want = `${envFile}.want`;
  writeFileSync(want, expected);
  const r = spawnSync('python3', ['-c', script, envFile, key, want], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : 'python-dotenv unavailable';
}

const PY_DOTENV = spawnSync('python3', ['-c', 'import dotenv'], { encoding: 'utf8' }).status === 0;
if (!PY_DOTENV) console.log('deployable: python3 with python-dotenv missing: the bot-side read of GOOGLE_CREDENTIALS is not checked');

let out: string;
let home: string;
let dataFile: string;
let emulator: EmulatorProcess;
const KEY = serviceAccountKey();
/** The key as the README says to write it: `jq -c . key.json`, unquoted (never printed). */
const KEY_LINE = JSON.stringify(KEY);
const JUDGE = pipecatJudge();
const generated = new Map<string, { code: number; stderr: string }>();

/** `pipecat cloud secrets set` of the binary against the emulator, from `cwd`. */
function secretsSet(set: string, file: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return runCloud(['cloud', 'secrets', 'set', set, '--file', file, '-s'], {
    env: cleanEnv(home, { PIPECAT_API_HOST: emulator.url, PIPECAT_TOKEN: emulator.token, PIPECAT_ORG: emulator.org }),
    timeoutMs: 30_000,
  });
}

/** The values the emulator stored for a set (from its data file, written before it answers). */
function stored(set: string): Record<string, string> | undefined {
  const data = JSON.parse(readFileSync(dataFile, 'utf8')) as {
    orgs: Record<string, { sets: Record<string, { secrets: Record<string, string> }> }>;
  };
  return data.orgs[emulator.org]?.sets[set]?.secrets;
}

beforeAll(async () => {
  out = makeTempDir('pipecat-deployable-');
  home = makeTempDir('pipecat-deployable-home-');
  dataFile = join(home, 'emulator.json');
  emulator = await spawnEmulator(['--quiet', '--data', dataFile], cleanEnv(home));
  const results = await mapLimit(CONFIGS, 2, (c) => runCliAsync(['init', '-n', c.name, ...c.args, '-o', out]));
  CONFIGS.forEach((c, i) => generated.set(c.name, results[i]));
}, 600_000);

afterAll(async () => {
  await emulator?.stop();
  removeDir(out);
  removeDir(home);
});

describe('a newcomer deploys', () => {
  test('the configurations span every transport and a Google service-account key', () => {
    const transports = new Set(CONFIGS.flatMap((c) => c.args.filter((_, i) => c.args[i - 1] === '-t')));
    expect([...transports].sort()).toEqual(
      [
        'daily',
        'smallwebrtc',
        'websocket',
        'twilio',
        'telnyx',
        'plivo',
        'exotel',
        'daily_pstn_dialin',
        'daily_pstn_dialout',
        'twilio_daily_sip_dialin',
        'twilio_daily_sip_dialout',
      ].sort(),
    );
    expect(CONFIGS.length).toBeGreaterThanOrEqual(12);
    expect(KEY.private_key).toMatch(/^-----BEGIN PRIVATE KEY-----\n[\s\S]+\n-----END PRIVATE KEY-----\n$/);
    expect(KEY_LINE).toContain('\\n');
  });

  test.each(CONFIGS.map((c) => [c.name, c] as const))(
    '%s: .env filled as the README says goes through `pipecat cloud secrets set --file .env -s`, exactly the filled keys stored',
    async (name, c) => {
      const g = generated.get(name)!;
      expect({ args: c.args.join(' '), code: g.code, stderr: g.code === 0 ? '' : g.stderr }).toEqual({
        args: c.args.join(' '),
        code: 0,
        stderr: '',
      });
      const project = join(out, name);
      const server = join(project, 'server');
      const readme = readFileSync(join(project, 'README.md'), 'utf8');
      const keys = readmeKeys(readme);
      // The README lists exactly the variables .env.example marks (required).
      const example = readFileSync(join(server, '.env.example'), 'utf8');
      const marked = [...example.matchAll(/\(required\)\n([A-Z][A-Z0-9_]*)=/g)].map((m) => m[1]);
      expect(keys).toEqual(marked);
      const google = keys.includes('GOOGLE_CREDENTIALS');
      expect({ googleKey: google }).toEqual({ googleKey: Boolean(c.googleKey) });
      if (google) expect(readme).toContain('`jq -c . key.json`');
      fillEnv(server, keys, { GOOGLE_CREDENTIALS: KEY_LINE });

      const set = /^secret_set = "([^"]+)"$/m.exec(readFileSync(join(server, 'pcc-deploy.toml'), 'utf8'))?.[1];
      expect(set).toBeDefined();
      const r = await secretsSet(set!, join(server, '.env'));
      expect({ code: r.code, stderr: r.code === 0 ? '' : r.stderr }).toEqual({ code: 0, stderr: '' });

      const values = stored(set!) ?? {};
      // Exactly the filled keys, and the variables .env.example sets with a placeholder (none today).
      const uncommented = [...readFileSync(join(server, '.env'), 'utf8').matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
      expect(Object.keys(values).sort()).toEqual([...uncommented].sort());
      expect(Object.keys(values).sort()).toEqual([...keys].sort());
      if (google) {
        // Compared as booleans so a failure never prints the key.
        expect({ storedEqualsKeyJson: values.GOOGLE_CREDENTIALS === KEY_LINE }).toEqual({ storedEqualsKeyJson: true });
        expect({ parsesToTheKey: JSON.stringify(JSON.parse(values.GOOGLE_CREDENTIALS)) === JSON.stringify(KEY) }).toEqual({
          parsesToTheKey: true,
        });
        if (PY_DOTENV) expect(pythonDotenvReads(join(server, '.env'), 'GOOGLE_CREDENTIALS', KEY_LINE)).toBe('equal');
      }
    },
  );

  test.each(CONFIGS.map((c) => [c.name, c] as const))('%s: no generated file names a `pcc` command', (name) => {
    expect(pccCommands(join(out, name))).toEqual([]);
  });

  test.each(CONFIGS.map((c) => [c.name, c] as const))('%s: .dockerignore keeps .env out and the Dockerfile in', (name) => {
    const patterns = dockerignorePatterns(readFileSync(join(out, name, 'server', '.dockerignore'), 'utf8'));
    expect(patterns).toContain('.env');
    expect(excludedBuildFiles(patterns)).toEqual([]);
  });

  test.each(CONFIGS.filter((c) => c.args.includes('--eval')).map((c) => [c.name, c] as const))(
    "%s: the eval starters and README name pipecat 1.8's default judge",
    (name) => {
      const dir = join(out, name);
      expect(existsEvals(dir)).toBe(true);
      expect(readFileSync(join(dir, 'README.md'), 'utf8')).toContain(`ollama pull ${JUDGE}`);
      expect(judgeProblems(dir, JUDGE)).toEqual([]);
    },
  );
});

describe('each check fails on a broken input', () => {
  test('an optional variable put back uncommented and empty: secrets set refuses the .env (exit 2), nothing stored', async () => {
    const server = join(out, 'twilio', 'server');
    const broken = join(server, '.env.broken');
    const env = readFileSync(join(server, '.env'), 'utf8');
    const optional = /^# ([A-Z][A-Z0-9_]*)=$/m.exec(env);
    expect(optional).not.toBeNull();
    writeFileSync(broken, env.replace(optional![0], `${optional![1]}=`));
    const r = await secretsSet('broken-optional-secrets', broken);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/empty/);
    expect(stored('broken-optional-secrets')).toBeUndefined();
  });

  test('the key JSON in double quotes is refused (exit 2); a key holding `#` (outside the rule) is stored cut short', async () => {
    const server = join(out, 'web-small-google', 'server');
    const env = readFileSync(join(server, '.env'), 'utf8');
    expect(env).toContain(`GOOGLE_CREDENTIALS=${KEY_LINE}\n`);
    const quoted = join(server, '.env.quoted');
    writeFileSync(quoted, env.replace(`GOOGLE_CREDENTIALS=${KEY_LINE}`, `GOOGLE_CREDENTIALS="${KEY_LINE}"`));
    const q = await secretsSet('broken-quoted-secrets', quoted);
    expect(q.code).toBe(2);
    expect(stored('broken-quoted-secrets')).toBeUndefined();
    if (PY_DOTENV) expect(pythonDotenvReads(quoted, 'GOOGLE_CREDENTIALS', KEY_LINE)).toBe('different');
    // The equality check itself: a value the readers cut at `#` reaches the store changed.
    const hashed = JSON.stringify({ ...KEY, client_id: 'id#1' });
    const hash = join(server, '.env.hash');
    writeFileSync(hash, env.replace(`GOOGLE_CREDENTIALS=${KEY_LINE}`, `GOOGLE_CREDENTIALS=${hashed}`));
    const h = await secretsSet('broken-hash-secrets', hash);
    expect(h.code).toBe(0);
    expect({ storedEqualsKeyJson: stored('broken-hash-secrets')?.GOOGLE_CREDENTIALS === hashed }).toEqual({ storedEqualsKeyJson: false });
  });

  test('a `pcc deploy` line in a README is found, the pcc-deploy.toml name is not', () => {
    const dir = makeTempDir('pipecat-deployable-pcc-');
    try {
      writeFileSync(join(dir, 'README.md'), 'Edit pcc-deploy.toml, then:\n\n    uv run pcc deploy\n');
      writeFileSync(join(dir, 'ok.md'), 'see `pcc-deploy.toml`; tokens look like pcc_pat_...\n');
      expect(pccCommands(dir)).toEqual(['README.md:3']);
    } finally {
      removeDir(dir);
    }
  });

  test('a .dockerignore that lists the Dockerfile is found', () => {
    expect(excludedBuildFiles(dockerignorePatterns('# x\n.env\nDockerfile\n.dockerignore\n'))).toEqual(['Dockerfile', '.dockerignore']);
  });

  test('a starter naming the old judge (gemma2:9b) is found', () => {
    const dir = join(out, 'exotel');
    const starter = files(dir).find((f) => f.startsWith('server/evals/'))!;
    const copy = makeTempDir('pipecat-deployable-judge-');
    try {
      mkdirSync(join(copy, 'server', 'evals'), { recursive: true });
      writeFileSync(join(copy, starter), readFileSync(join(dir, starter), 'utf8').replaceAll(JUDGE, 'gemma2:9b'));
      expect(judgeProblems(copy, JUDGE)).toEqual([`${relative(copy, join(copy, starter))}: ollama pull gemma2:9b`]);
    } finally {
      removeDir(copy);
    }
  });
});
