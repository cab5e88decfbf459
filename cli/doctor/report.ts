/**
 * How `pipecat doctor` words its findings: for people, one block per finding (where, what is wrong,
 * what to do) on stderr; for CI, one JSON document on stdout (`--json`). Text read from the
 * project's files reaches the terminal through the one sanitiser (`generators/app/output/terminal-safe.ts`).
 */
import pc from 'picocolors';
import { visibleControls, visibleField, visibleLines } from '../../generators/app/output/terminal-safe.js';
import type { Finding, FindingPlace } from './types.js';

/** Where a finding is, in words: `file:line`, the file, or `secret set NAME`. */
function placeText(where: FindingPlace): string {
  if ('set' in where) return `secret set ${visibleField(where.set)}`;
  return where.line === undefined ? visibleField(where.path) : `${visibleField(where.path)}:${where.line}`;
}

/** One finding as `--json` prints it. */
interface FindingDocument {
  check: string;
  message: string;
  where: FindingPlace;
  fix: string;
  fixable: boolean;
}

/** The document `--json` prints: the project root, whether it is healthy, each finding; `fixed` after `--fix`. */
interface DoctorDocument {
  project: string;
  healthy: boolean;
  findings: FindingDocument[];
  fixed?: string[];
}

/**
 * The `--json` document.
 *
 * @param root absolute project root
 * @param findings what the checks found
 * @param fixed the repairs `--fix` made, in words (only with `--fix`)
 */
export function doctorDocument(root: string, findings: readonly Finding[], fixed?: readonly string[]): DoctorDocument {
  return {
    project: root,
    healthy: findings.length === 0,
    findings: findings.map((f) => ({ check: f.check, message: f.message, where: f.where, fix: f.fix, fixable: f.repair !== undefined })),
    ...(fixed ? { fixed: [...fixed] } : {}),
  };
}

/**
 * The findings for people: one block each (place and check id, the problem, what to do), then a
 * summary line.
 *
 * @param root absolute project root
 * @param findings what the checks found
 */
export function humanReport(root: string, findings: readonly Finding[]): string {
  if (findings.length === 0) return visibleControls(`${pc.green('healthy')}: no findings in ${visibleField(root)}\n`);
  const blocks = findings.map(
    (f) =>
      `${pc.bold(placeText(f.where))}  ${pc.dim(f.check)}\n  ${visibleLines(f.message, '  ')}\n  ${pc.cyan('→')} ${visibleLines(f.fix, '    ')}\n`,
  );
  const fixable = findings.filter((f) => f.repair).length;
  const summary =
    `${findings.length} ${findings.length === 1 ? 'finding' : 'findings'} in ${visibleField(root)}` +
    (fixable ? `; ${fixable} can be repaired by pipecat doctor --fix` : '');
  return visibleControls(`${blocks.join('\n')}\n${summary}\n`);
}
