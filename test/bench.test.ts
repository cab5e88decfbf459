/**
 * `npm run bench` keeps working: its quick mode (one run per row, 20 keys) runs the real built
 * binary, the wizard in tmux (when installed), `secrets set` and the baseline against the emulator,
 * and prints every row of issues 14 and 27's targets with a median, a ratio, the targets and a
 * verdict. Only the shape is asserted: a benchmark's numbers are not a test. The install rows need
 * the npm registry and minutes: this tier runs with `--no-install` and checks the skip line (the
 * install itself is tested in test/e2e/packed-package.test.ts).
 */
import { describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, childEnv } from './helpers/cli.js';

const BENCH = join(ROOT, 'dist', 'bench', 'run.js');

/** The cells of the row whose label starts with `label`, split on runs of 2+ spaces. */
function row(out: string, label: string): string[] {
  const line = out.split('\n').find((l) => l.startsWith(label));
  if (!line) throw new Error(`no row "${label}" in:\n${out}`);
  return line
    .slice(label.length)
    .trim()
    .split(/\s{2,}/);
}

describe('npm run bench (quick mode)', () => {
  test('prints every target row with a median, a ratio and a verdict', () => {
    const env = childEnv();
    const r = spawnSync(process.execPath, [BENCH, '--quick', '--no-install'], { cwd: ROOT, encoding: 'utf8', env, timeout: 120_000 });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const out = r.stdout;
    expect(out).toMatch(/^pipecat bench: node v\d+/);
    expect(out).toMatch(/^load average before: [\d.]+ [\d.]+ [\d.]+; after: /m);
    expect(row(out, 'bare node -e 0')).toEqual([expect.stringMatching(/^\d+ ms$/), '1.00×']);
    const verdict = /^(met \(stretch met\)|met \(stretch missed\)|MISSED)$/;
    for (const [label, required] of [
      ['pipecat --help', '≤ 1.3×'],
      ['pipecat --version', '≤ 1.5×'],
      ['pipecat init --list-options', '≤ 1.5×'],
    ]) {
      expect(row(out, label)).toEqual([
        expect.stringMatching(/^\d+ ms$/),
        expect.stringMatching(/^\d+\.\d\d×$/),
        required,
        '≤ 1.2×',
        expect.stringMatching(verdict),
      ]);
    }
    expect(row(out, 'pipecat init (full, cascade web)')).toEqual([
      expect.stringMatching(/^\d+ ms$/),
      expect.stringMatching(/×$/),
      '≤ 3×',
      '≤ 2.5×',
      expect.stringMatching(verdict),
    ]);
    expect(row(out, 'pipecat update (no change)')).toEqual([
      expect.stringMatching(/^\d+ ms$/),
      expect.stringMatching(/^\d+\.\d\d×$/),
      'no Yeoman; compare with an earlier run',
    ]);
    expect(row(out, '  doctor / full init')).toEqual([
      expect.stringMatching(/^\d+\.\d\d×$/),
      '≤ 1.5×',
      '≤ 1×',
      expect.stringMatching(verdict),
    ]);
    const wizard = row(out, 'wizard, first question in tmux');
    if (spawnSync('tmux', ['-V']).status === 0) {
      expect(wizard).toEqual([
        expect.stringMatching(/^\d+ ms$/),
        expect.stringMatching(/×$/),
        '≤ 9×',
        '≤ 3.5×',
        expect.stringMatching(verdict),
      ]);
    } else {
      expect(wizard.join(' ')).toMatch(/^skipped: tmux/);
    }
    expect(row(out, 'secrets set 20 keys, 20 ms latency')[0]).toMatch(/^\d+\.\d\d s$/);
    expect(row(out, '  baseline: 1 PUT per key, serially')[0]).toMatch(/^\d+\.\d\d s$/);
    expect(row(out, '  speed-up over the baseline')).toEqual([expect.stringMatching(/×$/), '≥ 6×', '≥ 8×', expect.stringMatching(verdict)]);
    expect(out).not.toContain('CPU, ours / baseline'); // retired: the wall time is what a user waits for
    expect(row(out, 'cold install of the packed package')).toEqual(['skipped: --no-install']);
  }, 150_000);

  test('refuses an unknown option', () => {
    const r = spawnSync(process.execPath, [BENCH, '--frobnicate'], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/unknown option --frobnicate/);
  });
});
