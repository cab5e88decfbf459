/**
 * Region rules and the write plan shown before `pipecat cloud secrets set` writes anything.
 *
 * Source: docs.pipecat.ai (fundamentals/secrets, guides/regions; REST reference secret-create-update):
 * a set lives in one region, fixed when it is
 * created; `--region` must be one of the organisation's regions; without it, an existing set keeps
 * its region and a new set goes to the organisation's default region.
 */
import { UserError } from '../errors.js';
import type { Region } from '../cloud-api/types.js';
import { fingerprint, valueLength } from './fingerprint.js';
import type { SecretInput } from './input.js';

/** Where the region of a write came from (shown next to the region in the plan). */
type RegionSource = 'option' | 'existing set' | 'organization default';

/** The region a write goes to and why. */
export interface ResolvedRegion {
  region: string;
  source: RegionSource;
}

/**
 * Checks `--region` against the organisation's regions.
 *
 * @param region the value of `--region`
 * @param regions the organisation's regions (`GET .../regions`)
 * @throws UserError (exit 2) naming the valid region codes when it is not one of them
 */
export function checkRegion(region: string, regions: readonly Region[]): void {
  if (regions.some((r) => r.code === region)) return;
  const valid = regions.map((r) => `${r.code} (${r.display_name})`);
  throw new UserError(
    `unknown region ${JSON.stringify(region)} for --region`,
    valid.length ? [`valid regions: ${valid.join(', ')}`] : ['the organization has no regions'],
  );
}

/**
 * Picks the region of a write: the explicit one, the existing set's, or the organisation default.
 *
 * @param explicit `--region`, already checked with {@link checkRegion}
 * @param existingRegion region of the existing set, when it exists
 * @param defaultRegion the organisation's default region (only read when needed)
 * @param setName for the message
 * @throws UserError (exit 2) when the set exists in another region than `--region` (a set's region
 *   cannot change; nothing is written)
 */
export async function resolveRegion(
  explicit: string | undefined,
  existingRegion: string | undefined,
  defaultRegion: () => Promise<string>,
  setName: string,
): Promise<ResolvedRegion> {
  if (explicit !== undefined) {
    if (existingRegion !== undefined && existingRegion !== explicit) {
      throw new UserError(
        `set ${setName} exists in region ${existingRegion}, not ${explicit}: a set's region cannot change (nothing was sent)`,
        [`drop --region to write to ${existingRegion}, or use another set name for ${explicit}`],
      );
    }
    return { region: explicit, source: 'option' };
  }
  if (existingRegion !== undefined) return { region: existingRegion, source: 'existing set' };
  return { region: await defaultRegion(), source: 'organization default' };
}

/** One key of a {@link WritePlan}. */
interface PlannedKey {
  key: string;
  /** `add` when the set does not have the key yet, `overwrite` when it does. */
  action: 'add' | 'overwrite';
  /** Where the value came from: `path:line`, `<stdin>:line`, `argument`, `argument (stdin)`. */
  source: string;
  /** Source of a file entry that this command-line pair replaced. */
  overrides?: string;
  /** Value length in characters. */
  length: number;
  /** Short SHA-256 fingerprint of the value, e.g. `sha256:9f86d081`. */
  fingerprint: string;
}

/** What `secrets set` is about to do. Holds no values. */
export interface WritePlan {
  organization: string;
  set: string;
  region: string;
  regionSource: RegionSource;
  /** Whether the set exists (false: the first write creates it). */
  exists: boolean;
  keys: PlannedKey[];
}

/**
 * Builds the plan from the merged input and the existing set's keys.
 *
 * @param p organisation, set, region, whether the set exists, its current key names, the secrets
 * @returns the plan (values are reduced to length and fingerprint)
 */
export function buildPlan(p: {
  organization: string;
  set: string;
  region: ResolvedRegion;
  existingKeys: ReadonlySet<string> | undefined;
  secrets: readonly SecretInput[];
}): WritePlan {
  return {
    organization: p.organization,
    set: p.set,
    region: p.region.region,
    regionSource: p.region.source,
    exists: p.existingKeys !== undefined,
    keys: p.secrets.map((s) => ({
      key: s.key,
      action: p.existingKeys?.has(s.key) ? 'overwrite' : 'add',
      source: s.source,
      ...(s.overrides ? { overrides: s.overrides } : {}),
      length: valueLength(s.value),
      fingerprint: fingerprint(s.value),
    })),
  };
}
