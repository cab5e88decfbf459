/**
 * The runtime matrix covers every pair the catalogue and the options table make: each transport in
 * each pipeline mode, and each yes/no feature on with each transport (and in each mode) wherever
 * the options table allows it. The required pairs are computed here from the rows themselves, not
 * from the generator's inputs (test/helpers/covering.ts), and the covered ones are read from the
 * configurations the product's own resolver makes of each sample's arguments.
 */
import { describe, expect, test } from '@jest/globals';
import { SERVICES_BY_ROLE, TRANSPORTS } from '../generators/app/catalogue/catalogue.js';
import type { TransportDefinition } from '../generators/app/catalogue/types.js';
import { FEATURE_OPTIONS, optionFor } from '../generators/app/config/options.js';
import { coveringInputs, coveringRows, type CoveringInputs } from './helpers/covering.js';
import { pairwiseSamples, resolvedArgs, runtimeMatrix } from './helpers/matrix.js';

/** A transport as the required pairs read it. */
type TransportRow = Pick<TransportDefinition, 'id' | 'kind'> & { params?: { video?: boolean } };
/** A feature row as the required pairs read it. */
interface FeatureRow {
  flag: string;
  feature: { askWhen?: string; server?: { runnerEntry?: unknown } };
}

/** What the pairs are made of: the catalogue's transports, the options table's features and modes. */
interface Tables {
  transports: readonly TransportRow[];
  features: readonly FeatureRow[];
  modes: readonly string[];
}

const TABLES: Tables = {
  transports: TRANSPORTS as readonly TransportDefinition[],
  features: FEATURE_OPTIONS,
  modes: optionFor('mode').choices ?? [],
};

/** Whether the options table lets feature `f` be on with transport `t` alone. */
function featureFits(f: FeatureRow, t: TransportRow): boolean {
  switch (f.feature.askWhen) {
    case 'web':
    case 'video-output':
      // Web bots only, and video rides only on transports whose params carry it.
      return t.kind === 'web' && t.params?.video === true;
    default:
      // Always, or (`cloud`) with deployment on, which any transport allows.
      return true;
  }
}

/** The pairs every runtime matrix must cover, each worded as its failure names it. */
function requiredPairs(tables: Tables): string[] {
  const out: string[] = [];
  for (const t of tables.transports) for (const m of tables.modes) out.push(`transport ${t.id} in ${m} mode`);
  for (const f of tables.features) {
    if (f.feature.server?.runnerEntry) continue; // --eval: made in both modes on its own
    for (const t of tables.transports) if (featureFits(f, t)) out.push(`--${f.flag} on with transport ${t.id}`);
    for (const m of tables.modes) out.push(`--${f.flag} on in ${m} mode`);
  }
  return out;
}

/** One configuration as the pairs read it. */
interface Covered {
  transports: readonly string[];
  mode: string;
  /** Flags of the features that are on. */
  on: readonly string[];
}

/** The pairs a set of configurations covers, in {@link requiredPairs}' words. */
function coveredPairs(configs: readonly Covered[]): Set<string> {
  const out = new Set<string>();
  for (const c of configs) {
    for (const t of c.transports) {
      out.add(`transport ${t} in ${c.mode} mode`);
      for (const f of c.on) out.add(`--${f} on with transport ${t}`);
    }
    for (const f of c.on) out.add(`--${f} on in ${c.mode} mode`);
  }
  return out;
}

/** What the product's resolver makes of one sample's arguments. */
function resolved(args: readonly string[]): Covered {
  const config = resolvedArgs(args);
  return {
    transports: config.transports as string[],
    mode: config.mode as string,
    on: FEATURE_OPTIONS.filter((o) => config[o.key] === true).map((o) => o.flag),
  };
}

/** The required pairs no configuration covers. */
const uncovered = (tables: Tables, configs: readonly Covered[]): string[] => {
  const covered = coveredPairs(configs);
  return requiredPairs(tables).filter((p) => !covered.has(p));
};

const MATRIX = runtimeMatrix().map((s) => resolved(s.args));

/** A made-up telephony transport and a made-up web-only feature, added to copies of the inputs. */
const MADE_UP_TRANSPORT = { id: 'carrier_pigeon', kind: 'telephony' } as const;
const MADE_UP_FEATURE = { flag: 'sign-language', feature: { askWhen: 'web' } };
const withMadeUp = (t: Tables): Tables => ({
  transports: [...t.transports, MADE_UP_TRANSPORT, { id: 'hologram', kind: 'web', params: { video: true } }],
  features: [...t.features, MADE_UP_FEATURE],
  modes: t.modes,
});
const inputsWithMadeUp = (i: CoveringInputs): CoveringInputs => ({
  transports: [...i.transports, { ...MADE_UP_TRANSPORT, video: false }, { id: 'hologram', kind: 'web', video: true }],
  features: [...i.features, { flag: MADE_UP_FEATURE.flag, askWhen: 'web' }],
  modes: i.modes,
});

describe('the runtime matrix covers every transport and feature pair', () => {
  test('every required pair is covered (none named below)', () => {
    expect(uncovered(TABLES, MATRIX)).toEqual([]);
  });

  test('the pairs include the server-started Daily calls and both video features', () => {
    const pairs = requiredPairs(TABLES);
    for (const t of ['twilio_daily_sip_dialin', 'twilio_daily_sip_dialout', 'daily_pstn_dialout'])
      for (const f of ['recording', 'transcription', 'enable-noisecancel', 'observability'])
        expect(pairs).toContain(`--${f} on with transport ${t}`);
    expect(pairs).toContain('--video-input on with transport smallwebrtc');
    expect(pairs).toContain('--video-output on with transport daily');
    expect(pairs).not.toContain('--video-input on with transport websocket');
  });

  test('every pairwise configuration is one the resolver accepts, with its row as given', () => {
    for (const s of pairwiseSamples()) {
      const c = resolved(s.args);
      expect(c.transports).toHaveLength(1);
      expect([s.name, ...c.on.map((f) => `--${f}`)]).toEqual([s.name, ...s.covers.filter((x) => x.startsWith('--'))]);
    }
  });

  test('a transport or feature the generator does not know about is named as uncovered', () => {
    expect(uncovered(withMadeUp(TABLES), MATRIX)).toEqual([
      'transport carrier_pigeon in cascade mode',
      'transport carrier_pigeon in realtime mode',
      'transport hologram in cascade mode',
      'transport hologram in realtime mode',
      '--recording on with transport carrier_pigeon',
      '--recording on with transport hologram',
      '--transcription on with transport carrier_pigeon',
      '--transcription on with transport hologram',
      '--video-input on with transport hologram',
      '--video-output on with transport hologram',
      '--observability on with transport carrier_pigeon',
      '--observability on with transport hologram',
      '--enable-noisecancel on with transport carrier_pigeon',
      '--enable-noisecancel on with transport hologram',
      '--sign-language on with transport daily',
      '--sign-language on with transport smallwebrtc',
      '--sign-language on with transport hologram',
      '--sign-language on in cascade mode',
      '--sign-language on in realtime mode',
    ]);
  });

  test('every realtime service meets a call the bot places, and one with a first-speaker setting meets each', () => {
    // Who speaks first on dial-out depends on the realtime service (its own first-speaker settings,
    // or what it needs before it hears anyone): each service needs its own dial-out session.
    const dialOuts = TRANSPORTS.filter((t) => t.call === 'dialout').map((t) => t.id);
    const met = new Set(
      runtimeMatrix().flatMap((s) => {
        const c = resolvedArgs(s.args);
        return (c.transports as string[]).map((t) => `${String(c.realtime_service)} ${t}`);
      }),
    );
    const missing = SERVICES_BY_ROLE.realtime
      .filter((r) => !r.deprecated)
      .flatMap((r) => {
        const wanted = /\bcall == "dialout"/.test(r.construct) ? dialOuts : [];
        const any = dialOuts.some((t) => met.has(`${r.id} ${t}`)) ? [] : [`${r.id} on no dial-out transport`];
        return [...any, ...wanted.filter((t) => !met.has(`${r.id} ${t}`)).map((t) => `${r.id} not on ${t}`)];
      });
    expect(missing).toEqual([]);
  });

  test('given the made-up transport and feature, the generator covers them too', () => {
    const rows = coveringRows(inputsWithMadeUp(coveringInputs()));
    const configs = rows.map((r) => ({ transports: [r.transport], mode: r.mode, on: r.features }));
    expect(uncovered(withMadeUp(TABLES), configs)).toEqual([]);
    // Its constraints hold: the web-only feature never rides the made-up phone transport.
    expect(rows.filter((r) => r.transport === 'carrier_pigeon' && r.features.includes('sign-language'))).toEqual([]);
  });
});
