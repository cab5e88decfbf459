/**
 * The deviation records (issue 22 point 5; `DeviationRecord` in generators/app/catalogue/types.ts):
 * every service, transport and feature row has one, and every path it cites exists in pipecat-ai
 * 1.8.0-dev (`pipecatSrc()`'s parent folder): a `_configs.py#key` names a `SERVICE_CONFIGS` key, any
 * other `file#name` a name the file mentions. The checker is shown to fail on a bad path, a bad
 * registry key and a missing record before its verdict on the real catalogue is trusted.
 */
import { describe, expect, test } from '@jest/globals';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { ALL_SERVICES, TRANSPORTS } from '../generators/app/catalogue/catalogue.js';
import { BOT_RECORD, COMMON_CHANGES18, REGISTRY } from '../generators/app/catalogue/record.js';
import { SERVICE_RECORDS_BY_ROLE, TRANSPORT_RECORDS } from '../generators/app/catalogue/all-records.js';
import { FEATURE_RECORDS } from '../generators/app/config/feature-rows.records.js';
import type { DeviationRecord } from '../generators/app/catalogue/types.js';
import { CONFIG_OPTIONS } from '../generators/app/config/options.js';
import { pipecatSrc, sharedAvailable } from './helpers/shared.js';

/** One entry to check: what it is, and its record (undefined when missing). */
interface Entry {
  readonly name: string;
  readonly record: DeviationRecord | undefined;
}

/** What every bot shares, then every service, transport and feature row of the catalogue and the options table. */
function entries(): Entry[] {
  return [
    { name: 'every bot', record: BOT_RECORD },
    ...ALL_SERVICES.map((s) => ({ name: `service ${s.id}`, record: SERVICE_RECORDS_BY_ROLE[s.role][s.id] as DeviationRecord | undefined })),
    ...TRANSPORTS.map((t) => ({ name: `transport ${t.id}`, record: TRANSPORT_RECORDS[t.id] as DeviationRecord | undefined })),
    ...CONFIG_OPTIONS.filter((o) => o.feature).map((o) => ({
      name: `feature ${o.key}`,
      record: FEATURE_RECORDS[o.key] as DeviationRecord | undefined,
    })),
  ];
}

/** The 1.8 changes common to every bot, as an entry whose only citations are its fragments. */
function commonChanges(): Entry {
  return {
    name: 'COMMON_CHANGES18',
    record: { follows: [], compared: [], runtime: { layer: 'pipecat', where: '' }, deviations: [], changes18: COMMON_CHANGES18 },
  };
}

/** Problems of the records' shape: missing record, empty follows or compared, a deviation without a reason. */
function shapeProblems(list: readonly Entry[]): string[] {
  const problems: string[] = [];
  for (const { name, record } of list) {
    if (!record) {
      problems.push(`${name}: no record`);
      continue;
    }
    if (!record.follows.length) problems.push(`${name}: follows is empty`);
    if (!record.compared.length) problems.push(`${name}: compared is empty`);
    if (!record.runtime.where) problems.push(`${name}: runtime.where is empty`);
    for (const d of record.deviations) if (!d.what || !d.why) problems.push(`${name}: a deviation without what/why`);
  }
  return problems;
}

/**
 * Problems of the cited paths, resolved against the pipecat-ai-1.8.0-dev folder `root`.
 *
 * @returns one line per missing file, unknown registry key or name the file does not mention
 */
function citationProblems(list: readonly Entry[], root: string): string[] {
  const problems: string[] = [];
  const registry = readFileSync(join(root, REGISTRY), 'utf8');
  const texts = new Map<string, string>();
  const read = (path: string): string => {
    if (!texts.has(path)) texts.set(path, readFileSync(path, 'utf8'));
    return texts.get(path)!;
  };
  for (const { name, record } of list) {
    if (!record) continue;
    const cited = [...record.follows, ...(record.changes18 ?? []).map((c) => c.fragment)];
    for (const citation of cited) {
      const [path, anchor] = citation.split('#');
      const file = join(root, path);
      if (!existsSync(file) || !statSync(file).isFile()) {
        problems.push(`${name}: ${path} does not exist in pipecat-ai 1.8.0-dev`);
        continue;
      }
      if (anchor === undefined) continue;
      if (path === REGISTRY) {
        if (!registry.includes(`"${anchor}":`)) problems.push(`${name}: ${anchor} is not a key of SERVICE_CONFIGS`);
      } else if (!new RegExp(`\\b${anchor}\\b`).test(read(file))) {
        problems.push(`${name}: ${path} does not mention ${anchor}`);
      }
    }
  }
  return problems;
}

describe('deviation records', () => {
  test('every service, transport and feature row has a record with follows, compared and reasons', () => {
    const list = entries();
    expect(list.filter((e) => e.name.startsWith('feature ')).length).toBeGreaterThanOrEqual(7);
    expect(shapeProblems(list)).toEqual([]);
  });

  test('the shape check fails on a missing record and on a deviation without a reason', () => {
    const [first, second] = entries();
    const broken = [
      { name: first.name, record: undefined },
      { name: second.name, record: { ...second.record!, deviations: [{ what: 'x', why: '' }] } },
    ];
    expect(shapeProblems(broken)).toEqual([`${first.name}: no record`, `${second.name}: a deviation without what/why`]);
  });
});

const HAVE_SRC = sharedAvailable('deviation records vs pipecat-ai 1.8.0-dev', 'pipecatSrc');
(HAVE_SRC ? describe : describe.skip)('deviation records vs pipecat-ai 1.8.0-dev', () => {
  const root = dirname(pipecatSrc() ?? '.');

  test('every cited path exists, every registry key is in SERVICE_CONFIGS, every #name is in its file', () => {
    expect(citationProblems([...entries(), commonChanges()], root)).toEqual([]);
  });

  test('the citation check fails on a bad path, a bad registry key and a name the file lacks', () => {
    const [first] = entries();
    const record = (follows: string[]): Entry[] => [{ name: first.name, record: { ...first.record!, follows, changes18: [] } }];
    expect(citationProblems(record(['src/pipecat/services/nope/stt.py']), root)).toEqual([
      `${first.name}: src/pipecat/services/nope/stt.py does not exist in pipecat-ai 1.8.0-dev`,
    ]);
    expect(citationProblems(record([`${REGISTRY}#nope_stt`]), root)).toEqual([`${first.name}: nope_stt is not a key of SERVICE_CONFIGS`]);
    expect(citationProblems(record(['src/pipecat/services/deepgram/stt.py#NopeSTTService']), root)).toEqual([
      `${first.name}: src/pipecat/services/deepgram/stt.py does not mention NopeSTTService`,
    ]);
  });
});
