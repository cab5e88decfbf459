/**
 * A bot written against older pipecat names runs once `doctor` has had its say: generate (web,
 * SmallWebRTC, Deepgram → Grok → Cartesia), rewrite bot.py to the old names
 * (`test/helpers/old-names.ts`: moved modules, a renamed function, a deprecated class, parameter
 * and event), `pipecat doctor --fix --yes` rewrites the moves and the rename, the test replaces the
 * rest as `doctor` says (scripted) and runs `--fix` again for the extras the moved import changed,
 * `doctor` is then clean, and the project completes its scripted
 * sessions on pipecat 1.8.0-dev with the vendor stand-ins, with no deprecated use left for the
 * runtime tier's own reading (`deprecations: true`) either.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir, removeDir, runCli } from '../helpers/cli.js';
import { OLD_NAMES_ARGS, OLD_SUBJECTS, oldNamesBot, oldNamesPyproject, replaceTheRest } from '../helpers/old-names.js';
import { projectSpec, runSpec, runtimeMissing } from './harness.js';

const missing = runtimeMissing();
if (missing) process.stderr.write(`SKIPPED runtime: old names: ${missing}\n`);

let tmp: string;
beforeAll(() => {
  tmp = makeTempDir('pipecat-rt-old-names-');
});
afterAll(() => removeDir(tmp));

/** `doctor --json`'s exit code and findings (check and subject). */
function doctor(dir: string, args: string[] = []): { code: number; findings: string[] } {
  const r = runCli(['doctor', '--json', ...args], { cwd: dir });
  const doc = JSON.parse(r.stdout) as { findings: { check: string; message: string }[] };
  return { code: r.code, findings: doc.findings.map((f) => `${f.check}: ${f.message.split(' (')[0]}`) };
}

(missing ? describe.skip : describe)('a bot on older pipecat names runs on pipecat 1.8.0-dev once doctor is satisfied', () => {
  test('doctor --fix, the rest replaced as doctor says: doctor clean, every session completes', async () => {
    const init = runCli(['init', '-n', 'old', ...OLD_NAMES_ARGS, '-o', tmp]);
    expect(init.code).toBe(0);
    const dir = join(tmp, 'old');
    const bot = join(dir, 'server', 'bot.py');
    writeFileSync(bot, oldNamesBot(readFileSync(bot, 'utf8')));
    const pyproject = join(dir, 'server', 'pyproject.toml');
    writeFileSync(pyproject, oldNamesPyproject(readFileSync(pyproject, 'utf8')));

    const listed = doctor(dir);
    expect(listed.code).toBe(1);
    // PipelineTask, imported from the moved module, is named once the import is moved (below).
    for (const s of Object.values(OLD_SUBJECTS))
      if (s !== OLD_SUBJECTS.pipelineTask) expect(listed.findings).toContain(`deprecated: ${s.subject}`);

    doctor(dir, ['--fix', '--yes']);
    const rest = doctor(dir);
    const left = Object.values(OLD_SUBJECTS).filter((s) => !s.fixable);
    expect([...new Set(rest.findings.filter((f) => f.startsWith('deprecated: ')))].sort()).toEqual(
      left.map((s) => `deprecated: ${s.subject}`).sort(),
    );

    // The rest as doctor says, then --fix again for the extras the moved grok import changed.
    writeFileSync(bot, replaceTheRest(readFileSync(bot, 'utf8')));
    doctor(dir, ['--fix', '--yes']);
    expect(doctor(dir)).toEqual({ code: 0, findings: [] });

    const results = await runSpec({ ...projectSpec(dir), deprecations: true });
    const failing = results.filter((r) => !r.ok).map((r) => `${r.session}: ${r.problems.join(' | ')}`);
    expect({ sessions: results.map((r) => r.session).sort(), failing }).toEqual({
      sessions: ['deprecations', 'smallwebrtc/all', 'smallwebrtc/required'],
      failing: [],
    });
  }, 300_000);
});
