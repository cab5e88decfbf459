/**
 * A pairwise covering array of the runtime tier's transport, mode, deployment and feature choices:
 * few configurations that together put every value of each factor beside every value of every
 * other factor, wherever the options table allows the two together.
 *
 * Factors: the transport (one per configuration, every catalogue transport, PSTN and SIP in both
 * directions), the pipeline mode, deployment to Pipecat Cloud on or off, and each yes/no feature
 * of the options table on or off (video input and output included; features that bring their own
 * runner entry, `--eval`, excluded: their samples are made on their own). Constraints come from
 * the rows' `askWhen`: a `cloud` feature needs deployment on; a `web` or `video-output` feature
 * needs a web transport whose params carry video (`schema.ts` refuses video on audio-only
 * transports).
 *
 * The generator is a plain greedy one (AETG-style, with the whole candidate space enumerated: a few
 * thousand rows today): while some allowed pair is uncovered, take an allowed full row that covers
 * the most uncovered pairs (ties broken by a seeded generator), then drop rows that became
 * redundant; of {@link PASSES} such passes the smallest result is kept. Deterministic (fixed seed),
 * so the runtime matrix is the same on every run; a change to the inputs may reshuffle it.
 * The inputs are parameters, so a test can add a made-up transport or feature to a copy.
 */
import { TRANSPORTS } from '../../generators/app/catalogue/catalogue.js';
import type { TransportDefinition } from '../../generators/app/catalogue/types.js';
import { FEATURE_OPTIONS, optionFor } from '../../generators/app/config/options.js';
import { prng } from './cli.js';

/** One transport as the generator sees it. */
export interface CoveringTransport {
  id: string;
  /** `web` or `telephony` (the bot type it needs). */
  kind: string;
  /** Whether its params carry video (catalogue `params.video`). */
  video: boolean;
}

/** One yes/no feature as the generator sees it. */
export interface CoveringFeature {
  /** The flag without dashes, e.g. `recording`. */
  flag: string;
  /** The options table's `feature.askWhen` (`web`, `cloud`, `video-output`), if any. */
  askWhen?: string;
}

/** What the generator chooses from. */
export interface CoveringInputs {
  transports: readonly CoveringTransport[];
  /** Pipeline modes (the `mode` row's choices). */
  modes: readonly string[];
  features: readonly CoveringFeature[];
}

/** One chosen configuration. */
export interface CoveringRow {
  transport: string;
  mode: string;
  /** Deployment to Pipecat Cloud (`--deploy-to-cloud`, the default) or not. */
  cloud: boolean;
  /** Flags (without dashes) of the features that are on. */
  features: string[];
}

/** The inputs from the catalogue (`TRANSPORTS`) and the options table (`FEATURE_OPTIONS`, the `mode` row). */
export function coveringInputs(): CoveringInputs {
  return {
    transports: (TRANSPORTS as readonly TransportDefinition[]).map((t) => ({ id: t.id, kind: t.kind, video: t.params?.video === true })),
    modes: [...(optionFor('mode').choices ?? [])],
    features: FEATURE_OPTIONS.filter((o) => !o.feature.server?.runnerEntry).map((o) => ({ flag: o.flag, askWhen: o.feature.askWhen })),
  };
}

/** Whether a row is allowed: each feature that is on has what its `askWhen` needs. */
function allowedRow(inputs: CoveringInputs, row: readonly string[]): boolean {
  const transport = inputs.transports.find((t) => t.id === row[0]);
  const cloud = row[2] === 'on';
  return inputs.features.every((f, i) => {
    if (row[3 + i] !== 'on') return true;
    if (f.askWhen === 'cloud') return cloud;
    if (f.askWhen === 'web' || f.askWhen === 'video-output') return transport?.kind === 'web' && transport.video;
    return true;
  });
}

/** Every allowed full row of the candidate space (transport, mode, cloud, then each feature). */
function candidates(inputs: CoveringInputs): string[][] {
  const factors = [inputs.transports.map((t) => t.id), [...inputs.modes], ['on', 'off'], ...inputs.features.map(() => ['off', 'on'])];
  let rows: string[][] = [[]];
  for (const values of factors) rows = rows.flatMap((r) => values.map((v) => [...r, v]));
  return rows.filter((r) => allowedRow(inputs, r));
}

/** One greedy pass: the indices of the chosen candidates (ties broken by `random`). */
function greedyPass(pairs: readonly Int32Array[], pairCount: number, random: () => number): number[] {
  const covered = new Uint8Array(pairCount);
  // Only pairs some candidate holds are required; every index below pairCount is one.
  let left = pairCount;
  const chosen: number[] = [];
  while (left > 0) {
    let best: number[] = [];
    let bestGain = 0;
    pairs.forEach((ps, c) => {
      let gain = 0;
      for (const p of ps) gain += covered[p] ? 0 : 1;
      if (gain > bestGain) [best, bestGain] = [[c], gain];
      else if (gain === bestGain && gain > 0) best.push(c);
    });
    const pick = best[Math.floor(random() * best.length)];
    for (const p of pairs[pick]) if (!covered[p]) [covered[p], left] = [1, left - 1];
    chosen.push(pick);
  }
  // Drop rows whose every pair another chosen row also holds (latest first).
  const count = new Uint16Array(pairCount);
  for (const c of chosen) for (const p of pairs[c]) count[p]++;
  for (let i = chosen.length - 1; i >= 0; i--) {
    if ([...pairs[chosen[i]]].every((p) => count[p] > 1)) {
      for (const p of pairs[chosen[i]]) count[p]--;
      chosen.splice(i, 1);
    }
  }
  return chosen;
}

/** Greedy passes tried; the smallest result is kept (the first one on a tie). */
export const PASSES = 20;

/**
 * The covering rows: every pair of factor values that some allowed row holds is held by one of
 * them (transport x mode, transport x cloud, transport x each feature on and off, feature x
 * feature, mode and cloud x each feature).
 *
 * @param inputs transports, modes and features (default: {@link coveringInputs})
 * @returns the rows, in the order they were chosen
 */
export function coveringRows(inputs: CoveringInputs = coveringInputs()): CoveringRow[] {
  const space = candidates(inputs);
  const index = new Map<string, number>();
  const pairs = space.map((row) => {
    const ps: number[] = [];
    for (let a = 0; a < row.length; a++)
      for (let b = a + 1; b < row.length; b++) {
        const key = `${a}=${row[a]}|${b}=${row[b]}`;
        if (!index.has(key)) index.set(key, index.size);
        ps.push(index.get(key)!);
      }
    return Int32Array.from(ps);
  });
  const random = prng(20261129); // the same rows on every run
  let best: number[] | undefined;
  for (let pass = 0; pass < PASSES; pass++) {
    const chosen = greedyPass(pairs, index.size, random);
    if (!best || chosen.length < best.length) best = chosen;
  }
  return best!.map((c) => {
    const r = space[c];
    return {
      transport: r[0],
      mode: r[1],
      cloud: r[2] === 'on',
      features: inputs.features.filter((_, i) => r[3 + i] === 'on').map((f) => f.flag),
    };
  });
}
