/**
 * The deviation records live beside the entries they describe (`<kind>.records.ts` next to each
 * catalogue file, `config/feature-rows.records.ts`), keyed by entry id, and out of the binary:
 * every entry has exactly one record, every record names an entry, and no built file the package
 * runs (`dist/cli/main.js`, `dist/cli/chunks/`, `dist/generators/app/index.js`) holds one. Each
 * check is shown to find a planted problem before its verdict on the real files is trusted.
 */
import { describe, expect, test } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVICE_RECORDS_BY_ROLE, TRANSPORT_RECORDS } from '../generators/app/catalogue/all-records.js';
import { SERVICES_BY_ROLE, TRANSPORTS } from '../generators/app/catalogue/catalogue.js';
import type { DeviationRecord } from '../generators/app/catalogue/types.js';
import { FEATURE_RECORDS } from '../generators/app/config/feature-rows.records.js';
import { CONFIG_OPTIONS } from '../generators/app/config/options.js';
import { ROOT } from './helpers/cli.js';

type Records = Readonly<Record<string, DeviationRecord>>;

/** One list of entries and the records file that describes them. */
interface Pairing {
  readonly what: string;
  readonly ids: readonly string[];
  readonly records: Records;
}

/** Every list of entries with its records: the five service roles, the transports, the feature rows. */
function pairings(): Pairing[] {
  return [
    ...Object.entries(SERVICES_BY_ROLE).map(([role, services]) => ({
      what: `${role} services`,
      ids: services.map((s) => s.id),
      records: SERVICE_RECORDS_BY_ROLE[role as keyof typeof SERVICE_RECORDS_BY_ROLE],
    })),
    { what: 'transports', ids: TRANSPORTS.map((t) => t.id), records: TRANSPORT_RECORDS },
    { what: 'feature rows', ids: CONFIG_OPTIONS.filter((o) => o.feature).map((o) => o.key), records: FEATURE_RECORDS },
  ];
}

/** An entry without a record, or a record without an entry, one line each. */
function pairingProblems(list: readonly Pairing[]): string[] {
  return list.flatMap(({ what, ids, records }) => [
    ...ids.filter((id) => !Object.hasOwn(records, id)).map((id) => `${what}: ${id} has no record`),
    ...Object.keys(records)
      .filter((id) => !ids.includes(id))
      .map((id) => `${what}: the record ${id} describes no entry`),
  ]);
}

/** The JavaScript files the package runs (package.json `files`): the executable, its chunks, the generator. */
function shippedFiles(): string[] {
  const chunks = join(ROOT, 'dist', 'cli', 'chunks');
  return [
    join(ROOT, 'dist', 'cli', 'main.js'),
    join(ROOT, 'dist', 'generators', 'app', 'index.js'),
    ...readdirSync(chunks)
      .filter((f) => f.endsWith('.js'))
      .map((f) => join(chunks, f)),
  ];
}

/**
 * What gives a record away in built code: the record's own field names as object keys, and a run
 * of plain words (no quote or backslash, so esbuild writes it as it is) from each reason and each
 * runtime place of every record.
 */
function recordMarkers(all: readonly Records[]): { keys: RegExp; texts: string[] } {
  const texts = new Set<string>();
  const plainRun = (s: string) => s.match(/[A-Za-z0-9 ,;()-]{40,}/)?.[0].slice(0, 60);
  for (const records of all)
    for (const r of Object.values(records))
      for (const s of [r.runtime.where, ...r.deviations.map((d) => d.why), ...(r.removed ?? []).map((d) => d.why)]) {
        const run = plainRun(s);
        if (run) texts.add(run);
      }
  return { keys: /\b(changes18|deviations|compared|follows)\s*:/, texts: [...texts] };
}

/**
 * Where a built file holds a record: the field name or the record's words found, one line each.
 * Whole-line comments are skipped (esbuild keeps those inside object literals; an entry's comment
 * may give the same reason as its record).
 */
function recordsIn(files: readonly { name: string; text: string }[], markers: ReturnType<typeof recordMarkers>): string[] {
  return files.flatMap(({ name, text: built }) => {
    const text = built.replace(/^[ \t]*\/\/.*$/gm, '');
    const key = markers.keys.exec(text)?.[0];
    const words = markers.texts.find((t) => text.includes(t));
    return [...(key ? [`${name}: field ${key}`] : []), ...(words ? [`${name}: "${words}"`] : [])];
  });
}

const allRecords = pairings().map((p) => p.records);

describe('deviation records beside the entries', () => {
  test('the check finds an entry without a record and a record without an entry', () => {
    const [first] = pairings();
    const { [first.ids[0]]: _dropped, ...rest } = first.records;
    const planted = { ...first, records: { ...rest, made_up_stt: first.records[first.ids[1]] } };
    expect(pairingProblems([planted])).toEqual([
      `${first.what}: ${first.ids[0]} has no record`,
      `${first.what}: the record made_up_stt describes no entry`,
    ]);
  });

  test('every service, transport and feature row has one record, and every record an entry', () => {
    expect(pairingProblems(pairings())).toEqual([]);
    expect(pairings().reduce((n, p) => n + p.ids.length, 0)).toBeGreaterThan(100);
  });
});

describe('the binary holds no record', () => {
  const markers = recordMarkers(allRecords);

  test('the check finds a record in a built file', () => {
    expect(markers.texts.length).toBeGreaterThan(80);
    const record = Object.values(TRANSPORT_RECORDS)[0];
    // As esbuild writes an object literal: unquoted keys, double-quoted strings.
    const built = `var x = { follows: ${JSON.stringify(record.follows)}, runtime: { where: ${JSON.stringify(record.runtime.where)} } };`;
    expect(recordsIn([{ name: 'planted.js', text: built }], markers)).toEqual([
      'planted.js: field follows:',
      `planted.js: "${markers.texts.find((t) => built.includes(t))}"`,
    ]);
    expect(recordsIn([{ name: 'keys-only.js', text: 'x = { changes18: [] }' }], markers)).toEqual(['keys-only.js: field changes18:']);
  });

  test('dist/cli/main.js, its chunks and the generator hold no record', () => {
    const files = shippedFiles().map((f) => ({ name: f.slice(ROOT.length + 1), text: readFileSync(f, 'utf8') }));
    expect(files.length).toBeGreaterThan(5);
    expect(recordsIn(files, markers)).toEqual([]);
  });
});
