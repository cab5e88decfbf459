/**
 * `pipecat doctor`'s `deprecated` check on hand-built readings (no Python): the wording of a
 * finding (pipecat's message made plain), one finding per use, and the repairs of `move`/`rename`
 * uses: exactly the span rewritten, several on one line composing in either order, line breaks
 * (`\r\n` too) and every other line kept byte for byte, a line already repaired left alone.
 * The binary on a whole bot is test/e2e/doctor-deprecations.test.ts.
 */
import { describe, expect, test } from '@jest/globals';
import type { DeprecatedUse } from '../generators/app/code/types.js';
import { deprecationChecks, plainMessage } from '../cli/doctor/deprecations.js';
import type { Finding } from '../cli/doctor/types.js';

const MOVE: DeprecatedUse = {
  path: 'server/bot.py',
  line: 2,
  subject: 'pipecat.pipeline.task',
  kind: 'module',
  deprecatedIn: '1.3.0',
  removedIn: '2.0.0',
  relation: 'move',
  replacement: 'pipecat.pipeline.worker',
  message: 'Import from :mod:`pipecat.pipeline.worker` instead.\nConstructing :class:`PipelineTask`\u001b[31m is ``deprecated``.',
  fix: { relation: 'move', from: 'pipecat.pipeline.task', to: 'pipecat.pipeline.worker', column: 7 },
};

const RENAME: DeprecatedUse = {
  path: 'server/bot.py',
  line: 2,
  subject: 'flows_direct_function',
  kind: 'function',
  deprecatedIn: '1.5.0',
  removedIn: '2.0.0',
  relation: 'rename',
  replacement: 'flows_tool_options',
  message: '`flows_direct_function` is deprecated since 1.5.0. Use `flows_tool_options` instead.',
  fix: { relation: 'rename', from: 'flows_direct_function', to: 'flows_tool_options', column: 30 },
};

/** A line holding both spans: `import pipecat.pipeline.task, flows_direct_function` (columns 7 and 30). */
const TEXT = '# héllo\r\nimport pipecat.pipeline.task, flows_direct_function\r\nx = 1\n';
const AFTER = '# héllo\r\nimport pipecat.pipeline.worker, flows_tool_options\r\nx = 1\n';

/** Apply the findings' repairs in the given order. */
function applyAll(text: string, findings: readonly Finding[]): string {
  return findings.reduce((t, f) => (f.repair ? f.repair.apply(t) : t), text);
}

describe('the deprecated check', () => {
  test("a finding names the subject, kind, since, removed in, replacement and pipecat's message made plain", () => {
    const [f] = deprecationChecks({ reading: { deprecations: [MOVE] } });
    expect(f).toMatchObject({ check: 'deprecated', where: { path: 'server/bot.py', line: 2 } });
    expect(f!.message).toBe(
      'pipecat.pipeline.task (module) is deprecated since pipecat 1.3.0 and removed in 2.0.0; replacement: pipecat.pipeline.worker. ' +
        'pipecat: "Import from `pipecat.pipeline.worker` instead. Constructing `PipelineTask` [31m is `deprecated`."',
    );
    expect(f!.fix).toBe('import from `pipecat.pipeline.worker` instead of `pipecat.pipeline.task` (pipecat doctor --fix rewrites it)');
    expect(plainMessage('x'.repeat(400))).toHaveLength(300);
  });

  test('repairs on one line compose in the order given and in the reverse order; other bytes unchanged', () => {
    const findings = deprecationChecks({ reading: { deprecations: [MOVE, RENAME] } });
    // The rightmost span comes first, so applying in order keeps the other's column.
    expect(findings.map((f) => f.repair?.describe)).toEqual([
      'server/bot.py:2: flows_direct_function → flows_tool_options',
      'server/bot.py:2: pipecat.pipeline.task → pipecat.pipeline.worker',
    ]);
    expect(applyAll(TEXT, findings)).toBe(AFTER);
    expect(applyAll(TEXT, [...findings].reverse())).toBe(AFTER);
    // Applied again (the line repaired by hand meanwhile): nothing changes.
    expect(applyAll(AFTER, findings)).toBe(AFTER);
  });

  test('only move and rename carry a repair; one finding per use', () => {
    const param = (subject: string): DeprecatedUse => ({
      ...MOVE,
      subject,
      kind: 'parameter',
      relation: 'use_existing',
      replacement: 'text_aggregation_mode',
      fix: undefined,
    });
    const findings = deprecationChecks({
      reading: {
        deprecations: [
          { ...MOVE, fix: undefined },
          MOVE,
          param('CartesiaTTSService.aggregate_sentences'),
          param('TTSService.aggregate_sentences'),
        ],
      },
    });
    expect(findings.map((f) => `${f.message.split(' (')[0]} ${f.repair ? 'repair' : '-'}`)).toEqual([
      'pipecat.pipeline.task repair',
      'CartesiaTTSService.aggregate_sentences -',
    ]);
    expect(findings[1]!.fix).toBe('pass `text_aggregation_mode` instead of `aggregate_sentences` before pipecat 2.0.0');
  });
});
