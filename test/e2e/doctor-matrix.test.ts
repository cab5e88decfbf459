/**
 * `pipecat doctor` on every configuration the runtime tier generates (`runtimeMatrix()`,
 * test/helpers/matrix.ts): each project, generated through the binary, is healthy (exit 0, no
 * finding). Where the reader of the code and the generator disagree, it shows here.
 */
import { afterAll, describe, expect, test } from '@jest/globals';
import { makeTempDir, mapLimit, removeDir, runCliAsync } from '../helpers/cli.js';
import { runtimeMatrix } from '../helpers/matrix.js';

const SAMPLES = runtimeMatrix();
const out = makeTempDir('pipecat-doctor-matrix-');
afterAll(() => removeDir(out));

describe('pipecat doctor on every runtime-tier configuration', () => {
  test(`${SAMPLES.length} generated projects are healthy`, async () => {
    const results = await mapLimit(SAMPLES, 2, async (s) => {
      const made = await runCliAsync(['init', '-n', s.name, ...s.args, '-y', '-o', out]);
      if (made.code !== 0) return `${s.name}: init exit ${made.code}: ${made.stderr.slice(0, 400)}`;
      const r = await runCliAsync(['doctor', `${out}/${s.name}`, '--json']);
      if (r.code === 0) return undefined;
      let findings = r.stderr.slice(0, 400);
      try {
        const doc = JSON.parse(r.stdout) as { findings: { check: string; message: string }[] };
        findings = doc.findings.map((f) => `${f.check}: ${f.message}`).join('\n    ');
      } catch {
        // not JSON: the error's text is shown
      }
      return `${s.name} (${s.args.join(' ')}): exit ${r.code}\n    ${findings}`;
    });
    expect(results.filter((x) => x !== undefined)).toEqual([]);
  });
});
