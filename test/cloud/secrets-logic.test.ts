/**
 * Pure logic behind `pipecat cloud secrets`: dotenv reading with `file:line` errors, KEY=value
 * arguments, merging and provenance, naming rules, fingerprints, registry rules, the bounded
 * writer, and the leak finder the end-to-end suites rely on.
 */
import { describe, expect, test } from '@jest/globals';
import { createHash } from 'node:crypto';
import { parseDotenv } from '../../cli/secrets/dotenv.js';
import { gatherSecrets, mergeSecrets, parsePairs, stripOneNewline, emptyValueProblems } from '../../cli/secrets/input.js';
import { closest, keyLooksLikeValue, keyProblem, lookupNameProblem, setNameProblem } from '../../cli/secrets/rules.js';
import { Redactor, tokenSecretPart } from '../../generators/app/output/redact.js';
import { readBounded, readFileBounded } from '../../cli/secrets/bounded-read.js';
import { fingerprint, redactValues, valueLength } from '../../cli/secrets/fingerprint.js';
import { checkRegion, resolveRegion, buildPlan } from '../../cli/secrets/plan.js';
import { hostProblem, parseCredentials, encodeCredentials, checkEncodedCredentials } from '../../cli/secrets/pull-secret.js';
import { writeKeys, reconcileWithServer } from '../../cli/secrets/writer.js';
import { waitForSet } from '../../cli/secrets/wait.js';
import { UserError } from '../../cli/errors.js';
import { findLeaks } from './secrets-harness.js';

function userError(fn: () => unknown): UserError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(UserError);
    return err as UserError;
  }
  throw new Error('expected a UserError');
}

describe('dotenv reading', () => {
  test('comments, blank lines, export, quotes, inline comments, multi-line values', () => {
    const text = [
      '# a comment',
      '',
      'export PLAIN=abc',
      "SINGLE='it has # and spaces'",
      'DOUBLE="line1\\nline2"',
      'INLINE=value # trailing comment',
      'MULTI="first',
      'second = still value',
      'third"',
      '  SPACED = padded  ',
      'EQUALS=a=b=c',
      'BACKTICK=`x "y" z`',
      'EMPTY=',
    ].join('\r\n');
    const { entries, duplicates } = parseDotenv(text, '.env');
    const byKey = Object.fromEntries(entries.map((e) => [e.key, e]));
    expect(byKey.PLAIN).toEqual({ key: 'PLAIN', value: 'abc', line: 3 });
    expect(byKey.SINGLE.value).toBe('it has # and spaces');
    expect(byKey.DOUBLE.value).toBe('line1\nline2');
    expect(byKey.INLINE.value).toBe('value');
    expect(byKey.MULTI).toEqual({ key: 'MULTI', value: 'first\nsecond = still value\nthird', line: 7 });
    expect(byKey.SPACED).toEqual({ key: 'SPACED', value: 'padded', line: 10 });
    expect(byKey.EQUALS.value).toBe('a=b=c');
    expect(byKey.BACKTICK.value).toBe('x "y" z');
    expect(byKey.EMPTY.value).toBe('');
    expect(entries.map((e) => e.key)).toEqual(['PLAIN', 'SINGLE', 'DOUBLE', 'INLINE', 'MULTI', 'SPACED', 'EQUALS', 'BACKTICK', 'EMPTY']);
    expect(duplicates).toEqual([]);
  });

  test('every invalid line is reported with file:line, without its text', () => {
    const text = ['OK=1', 'just-a-secret-text', 'BAD-KEY=x', '1NUM=2', 'Q="closed" junk', 'LAST=fine'].join('\n');
    const err = userError(() => parseDotenv(text, 'conf/.env'));
    expect(err.problems).toHaveLength(4);
    expect(err.problems[0]).toMatch(/^conf\/\.env:2: not a KEY=value entry \(18 characters, not shown\)$/);
    expect(err.problems[1]).toMatch(/^conf\/\.env:3: invalid key \(7 characters, not shown\)/);
    expect(err.problems[2]).toMatch(/^conf\/\.env:4: invalid key \(4 characters, not shown\)/);
    expect(err.problems[3]).toMatch(/^conf\/\.env:5: unexpected text after the closing "/);
    expect(err.message + err.problems.join('\n')).not.toContain('just-a-secret-text');
    expect(err.message + err.problems.join('\n')).not.toContain('junk');
  });

  test('an unterminated quote names the line where it opens', () => {
    const err = userError(() => parseDotenv('A=1\nB="never closed\nC=3\n', 'x.env'));
    expect(err.problems).toEqual(['x.env:2: the value opens with " but the quote is never closed']);
  });

  test('duplicates are reported; the last value wins at the first position', () => {
    const { entries, duplicates } = parseDotenv('A=1\nB=2\nA=3\n', '.env');
    expect(entries).toEqual([
      { key: 'A', value: '3', line: 3 },
      { key: 'B', value: '2', line: 2 },
    ]);
    expect(duplicates).toEqual([{ key: 'A', lines: [1, 3] }]);
  });
});

describe('KEY=value arguments and merging', () => {
  test('split on the first =; KEY=- means stdin; bad arguments are named by position', () => {
    expect(parsePairs(['A=x=y', 'B=', 'C=-', 'D= spaced '])).toEqual([
      { key: 'A', value: 'x=y', position: 1 },
      { key: 'B', value: '', position: 2 },
      { key: 'C', value: undefined, position: 3 },
      { key: 'D', value: ' spaced ', position: 4 },
    ]);
    const err = userError(() => parsePairs(['hunter2secret', 'my-key=v', 'OK=1']));
    expect(err.problems).toEqual([
      'argument 1 is not KEY=value (13 characters, not shown; use KEY=- to read the value from stdin)',
      expect.stringMatching(/^argument 2: invalid key \(6 characters, not shown\)/),
    ]);
    expect(err.problems.join('\n')).not.toContain('hunter2secret');
  });

  test('a command-line pair overrides the file and records what it replaced', () => {
    const merged = mergeSecrets(
      {
        entries: [
          { key: 'A', value: 'fa', line: 1 },
          { key: 'B', value: 'fb', line: 2 },
        ],
        duplicates: [],
      },
      '.env',
      [
        { key: 'B', value: 'cb', source: 'argument', position: 1 },
        { key: 'C', value: 'cc', source: 'argument', position: 2 },
        { key: 'C', value: 'cc2', source: 'argument', position: 3 },
      ],
    );
    expect(merged.secrets).toEqual([
      { key: 'A', value: 'fa', source: '.env:1' },
      { key: 'B', value: 'cb', source: 'argument', overrides: '.env:2' },
      { key: 'C', value: 'cc2', source: 'argument' },
    ]);
    expect(merged.duplicates).toEqual([{ key: 'C', where: 'arguments 2, 3 (the last one is used)' }]);
  });

  test('stdin is read once; two readers are refused; one trailing newline is dropped', async () => {
    let reads = 0;
    const sources = { stdinIsTTY: false, readStdin: async () => (reads++, 'v=1\r\n') };
    const got = await gatherSecrets(['K=-'], undefined, sources);
    expect(got.secrets).toEqual([{ key: 'K', value: 'v=1', source: 'argument (stdin)' }]);
    expect(reads).toBe(1);
    await expect(gatherSecrets(['K=-'], '-', sources)).rejects.toThrow(/only one input can read stdin.*--file - and K=-/);
    await expect(gatherSecrets([], undefined, sources)).rejects.toThrow(/no secrets given/);
    expect(stripOneNewline('a\n\n')).toBe('a\n');
    expect(emptyValueProblems([{ key: 'E', value: '', source: '.env:4' }])).toEqual([
      expect.stringMatching(/^E \(from \.env:4\) is empty/),
    ]);
  });
});

describe('rules, fingerprints, regions, plan', () => {
  test('set names and keys', () => {
    for (const ok of ['abc', 'my-agent-secrets', 'a1b', 'x'.repeat(63)]) expect(setNameProblem(ok)).toBeUndefined();
    for (const bad of ['ab', 'x'.repeat(64), 'My-set', '-abc', 'abc-', 'a_b', 'a.b.c', 'ab c']) {
      expect(setNameProblem(bad)).toMatch(/3-63 characters: lowercase letters, digits and hyphens/);
    }
    // Names and keys that are only looked up: anything the server may list, except what cannot be
    // one path segment.
    for (const listed of ['a.b.c', 'A', 'lower-key', 'x y', 'ü']) expect(lookupNameProblem(listed, 'key')).toBeUndefined();
    for (const bad of ['', '.', '..']) expect(lookupNameProblem(bad, 'key')).toMatch(/key/);
    expect(closest('lower_key', ['OTHER', 'lower-key'])).toBe('lower-key');
    expect(closest('api_key', ['API_KEY'])).toBe('API_KEY');
    expect(closest('zzz', ['API_KEY'])).toBeUndefined();
    expect(keyProblem('_OK_1')).toBeUndefined();
    expect(keyProblem('9A', 'argument 1')).toMatch(/^argument 1: invalid key \(2 characters, not shown\)/);
  });

  test('fingerprint is the first 8 hex digits of SHA-256; length counts characters; redaction', () => {
    const v = 'päss wörd';
    expect(fingerprint(v)).toBe('sha256:' + createHash('sha256').update(v).digest('hex').slice(0, 8));
    expect(valueLength(v)).toBe(9);
    expect(redactValues('bad value longsecret here, abc', ['longsecret', 'abc'])).toBe('bad value [redacted] here, abc');
  });

  test('redaction: prefix, suffix, fragment, JSON-escaped, URL-encoded and base64 echoes; big values by their edges', () => {
    const v = 'Qm"kz\\Wx é+/&pTr9';
    const r = new Redactor([v]);
    const echoes = [
      v,
      v.slice(0, 6),
      v.slice(-6),
      v.slice(5, 10),
      JSON.stringify({ v }),
      encodeURIComponent(v),
      encodeURIComponent(v).replace(/%20/g, '+'),
      Buffer.from(v).toString('base64'),
      Buffer.from(v.slice(4)).toString('base64'),
      Buffer.from(v).toString('base64url'),
    ];
    for (const e of echoes) {
      const out = r.redact(`server said <${e}> sorry`);
      expect(out).toContain('[redacted]');
      expect(out.startsWith('server said <')).toBe(true);
      expect(out.endsWith('> sorry')).toBe(true);
    }
    expect(r.redact('nothing of it here')).toBe('nothing of it here');
    expect(r.complete).toBe(true);
    const big = 'A'.repeat(10) + 'x'.repeat(200_000) + 'tailTAIL';
    const rb = new Redactor([big]);
    expect(rb.complete).toBe(false);
    expect(rb.redact('end: tailTAIL')).toBe('end: [redacted]');
    expect(tokenSecretPart('pcc_pat_emulator_abcDEF123')).toBe('abcDEF123');
    expect(tokenSecretPart('pcc_pat_XyZ123')).toBe('XyZ123');
    const rt = new Redactor();
    rt.add(['kQ7vT9wZ3mR8pLjH'], 8);
    expect(rt.redact('set kQ7v and T9wZ')).toBe('set kQ7v and T9wZ');
    expect(rt.redact('token=xkQ7vT9wZ3y')).toBe('token=x[redacted]y');
  });

  test('a key that looks like a value is refused by place and length, never shown', () => {
    const cases: [string, string | undefined, RegExp][] = [
      ['A'.repeat(65), 'x', /longer than 64/],
      ['ab+cd/ef', '', /\+ or \//],
      ['dGVzdA', '=', /base64 padding/],
      ['MIIBIjANBgkqhkiG9w0BAQEF', '', /reads as base64/],
    ];
    for (const [key, raw, why] of cases) {
      expect(keyLooksLikeValue(key, raw)).toMatch(why);
      const p = keyProblem(key, 'x.env:3', raw)!;
      expect(p).toContain(`x.env:3: this looks like a secret value, not a key (${key.length} characters`);
      expect(p).not.toContain(key.slice(0, 6));
    }
    for (const ok of ['OPENAI_API_KEY', 'DEBUG', 'a_b']) expect(keyLooksLikeValue(ok, '')).toBeUndefined();
    expect(setNameProblem('sk-Proj0123456789abcdefXYZ')).not.toContain('sk-Proj');
    expect(setNameProblem('Bad_Name')).toContain('"Bad_Name"');
  });

  test('the bounded reader stops past its limit and names the input', async () => {
    async function* chunks(n: number, size: number) {
      for (let i = 0; i < n; i++) yield Buffer.alloc(size, 0x61);
    }
    expect(await readBounded(chunks(3, 10), 'stdin (K=-)', 30)).toBe('a'.repeat(30));
    await expect(readBounded(chunks(4, 10), 'stdin (K=-)', 30)).rejects.toThrow(/^stdin \(K=-\) is larger than 30 bytes/);
    await expect(readFileBounded('/no/such/file', '--file /no/such/file')).rejects.toThrow(
      'cannot read --file /no/such/file: no such file',
    );
  });

  test('regions: unknown region lists the valid ones; region conflict; default', async () => {
    const regions = [
      { code: 'us-west', display_name: 'US West' },
      { code: 'eu-central', display_name: 'EU' },
    ];
    expect(() => checkRegion('us-west', regions)).not.toThrow();
    const err = userError(() => checkRegion('mars', regions));
    expect(err.problems[0]).toBe('valid regions: us-west (US West), eu-central (EU)');
    await expect(resolveRegion('eu-central', 'us-west', async () => 'us-west', 's1')).rejects.toThrow(
      /exists in region us-west, not eu-central/,
    );
    await expect(resolveRegion(undefined, 'eu-central', async () => 'us-west', 's1')).resolves.toEqual({
      region: 'eu-central',
      source: 'existing set',
    });
    await expect(resolveRegion(undefined, undefined, async () => 'us-west', 's1')).resolves.toEqual({
      region: 'us-west',
      source: 'organization default',
    });
    await expect(resolveRegion('us-west', 'us-west', async () => 'x', 's1')).resolves.toEqual({ region: 'us-west', source: 'option' });
    const plan = buildPlan({
      organization: 'o',
      set: 's1',
      region: { region: 'us-west', source: 'option' },
      existingKeys: new Set(['A']),
      secrets: [
        { key: 'A', value: 'one', source: 'argument' },
        { key: 'B', value: 'two', source: '.env:2' },
      ],
    });
    expect(plan.keys.map((k) => [k.key, k.action, k.length])).toEqual([
      ['A', 'overwrite', 3],
      ['B', 'add', 3],
    ]);
    expect(JSON.stringify(plan)).not.toMatch(/"one"|"two"/);
  });

  test('registry host and credentials', () => {
    for (const ok of [
      'ghcr.io',
      'https://ghcr.io',
      'https://index.docker.io/v1/',
      'localhost:5000',
      'registry.example.com:5000/path',
      '10.0.0.1:5000',
    ]) {
      expect(hostProblem(ok)).toBeUndefined();
    }
    for (const bad of ['', 'ftp://x.io', 'bob:pw@ghcr.io', 'has space.io', 'bad_host!.io', 'https://x.io?q=1'])
      expect(hostProblem(bad)).toBeDefined();
    expect(hostProblem('bob:pw@ghcr.io')).not.toContain('pw');
    expect(parseCredentials('u:p:q', 'x')).toEqual({ username: 'u', password: 'p:q' });
    expect(() => parseCredentials('nocolon', 'x')).toThrow(/must be username:password/);
    expect(() => parseCredentials(':p', 'x')).toThrow(/empty username/);
    expect(encodeCredentials({ username: 'u', password: 'p' })).toBe(Buffer.from('u:p').toString('base64'));
    expect(checkEncodedCredentials(Buffer.from('u:p').toString('base64'), 'x')).toBe('dTpw');
    expect(() => checkEncodedCredentials('not base64!', 'x')).toThrow(/not valid base64/);
    expect(() => checkEncodedCredentials(Buffer.from('nocolon').toString('base64'), 'x')).toThrow(/username:password/);
  });
});

describe('bounded writer', () => {
  test('never more than `concurrency` in flight; per-key results; first key alone', async () => {
    let inFlight = 0;
    let peak = 0;
    const order: string[] = [];
    const items = Array.from({ length: 40 }, (_, i) => ({ key: `K${i}` }));
    const results = await writeKeys({
      items,
      concurrency: 5,
      firstAlone: true,
      write: async (item) => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        order.push(item.key);
        if (item.key === 'K0') expect(inFlight).toBe(1);
        await new Promise((r) => setTimeout(r, 2));
        inFlight--;
        if (item.key === 'K7' || item.key === 'K13') throw new Error('boom');
      },
    });
    expect(peak).toBe(5);
    expect(order[0]).toBe('K0');
    expect(results.filter((r) => r.status === 'failed').map((r) => r.key)).toEqual(['K7', 'K13']);
    expect(results.filter((r) => r.status === 'written')).toHaveLength(38);
  });

  test('a fatal error stops sending; reconcile confirms new keys that landed', async () => {
    const items = Array.from({ length: 10 }, (_, i) => ({ key: `K${i}` }));
    const results = await writeKeys({
      items,
      concurrency: 1,
      write: async (item) => {
        if (item.key === 'K3') throw Object.assign(new Error('refused'), { fatal: true });
      },
      isFatal: (e) => !!(e as { fatal?: boolean }).fatal,
    });
    expect(results.map((r) => r.status)).toEqual(['written', 'written', 'written', 'failed', ...Array(6).fill('not-sent')]);
    reconcileWithServer(results, new Set(['K0', 'K1', 'K2', 'K3', 'K9']), new Set(['K9']));
    expect(results[3].status).toBe('written');
    expect(results[9].status).toBe('not-sent');
    const lost = [
      { key: 'N', status: 'failed' as const, error: 'reset', outcomeUnknown: true },
      { key: 'O', status: 'failed' as const, error: 'reset', outcomeUnknown: true },
    ];
    reconcileWithServer(lost, new Set(['O']), new Set(['O']));
    expect(lost[0]).toMatchObject({ status: 'failed', presentAfter: false, outcomeUnknown: undefined });
    expect(lost[1]).toMatchObject({ status: 'failed', presentAfter: true, outcomeUnknown: true });
  });

  test('wait polls until ready or failed, and times out', async () => {
    const statuses = ['pending', 'pending', 'ready'] as const;
    let i = 0;
    await expect(
      waitForSet(async () => ({ status: statuses[Math.min(i++, 2)] }), { timeoutMs: 5000, intervalMs: 1 }),
    ).resolves.toMatchObject({ status: 'ready' });
    await expect(waitForSet(async () => ({ status: 'failed', errorMessage: 'bad' }), { timeoutMs: 5000 })).resolves.toMatchObject({
      status: 'failed',
      errorMessage: 'bad',
    });
    await expect(waitForSet(async () => ({ status: 'pending' }), { timeoutMs: 30, intervalMs: 5 })).resolves.toMatchObject({
      status: 'timeout',
    });
  });
});

describe('leak finder used by every secrets suite', () => {
  test('finds whole values and pieces, reports labels only', () => {
    const secrets = [
      { value: 'zqGHTKmnpqrs', pieces: true, label: 'token' },
      { value: 'a b = c', pieces: false, label: 'spaced' },
    ];
    expect(findLeaks('nothing here', secrets, 'cmd')).toEqual([]);
    expect(findLeaks('value: zqGHTKmnpqrs', secrets, 'cmd')).toEqual([{ label: 'token', kind: 'whole', command: 'cmd' }]);
    expect(findLeaks('prefix zqGHTK...', secrets, 'cmd')).toEqual([{ label: 'token', kind: 'piece', command: 'cmd' }]);
    expect(findLeaks('x a b = c y', secrets, 'cmd')).toEqual([{ label: 'spaced', kind: 'whole', command: 'cmd' }]);
  });
});
