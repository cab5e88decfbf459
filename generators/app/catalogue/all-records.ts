/**
 * Every deviation record of the catalogue, gathered from the `<kind>.records.ts` files beside its
 * entries: for the docs script (docs/deviations.md) and the tests. The binary never imports this
 * module or those files (test/bundle.test.ts fails when a record is in the bundle), so the
 * provenance of the catalogue costs `pipecat init` nothing to load.
 */
import { LLM_RECORDS } from './llm.records.js';
import { REALTIME_RECORDS } from './realtime.records.js';
import { STT_RECORDS } from './stt.records.js';
import { TRANSPORT_RECORDS } from './transports.records.js';
import { TTS_RECORDS } from './tts.records.js';
import type { DeviationRecord, ServiceRole } from './types.js';
import { VIDEO_RECORDS } from './video.records.js';

/** The service records of each role, by service id (the records files of `stt.ts`, `llm.ts`, …). */
export const SERVICE_RECORDS_BY_ROLE: Readonly<Record<ServiceRole, Readonly<Record<string, DeviationRecord>>>> = {
  stt: STT_RECORDS,
  llm: LLM_RECORDS,
  tts: TTS_RECORDS,
  realtime: REALTIME_RECORDS,
  video: VIDEO_RECORDS,
};

export { TRANSPORT_RECORDS };

/**
 * The record of a service.
 *
 * @param id the service's canonical id, e.g. `deepgram_stt`
 * @throws Error when the service has no record (test/records.test.ts keeps every entry's)
 */
export function serviceRecord(id: string): DeviationRecord {
  for (const records of Object.values(SERVICE_RECORDS_BY_ROLE)) if (Object.hasOwn(records, id)) return records[id];
  throw new Error(`the service ${id} has no record: add one to the records file beside its catalogue file`);
}

/**
 * The record of a transport.
 *
 * @param id the transport's canonical id, e.g. `daily`
 * @throws Error when the transport has no record in `transports.records.ts`
 */
export function transportRecord(id: string): DeviationRecord {
  if (Object.hasOwn(TRANSPORT_RECORDS, id)) return TRANSPORT_RECORDS[id];
  throw new Error(`the transport ${id} has no record: add one to transports.records.ts`);
}
