/**
 * Which removals of an update need the user's consent (the consent rule, docs/updating.md "What
 * update may remove"): a whole project folder dropped as a side effect of a configuration change,
 * and files the base lists but the recorded configuration does not generate.
 *
 * Why: a removal may take the user's edits with it (a whole `client/`), so nothing is removed without
 * consent (docs/updating.md).
 */
import type { ConfigLayer } from '../config/resolve.js';
import type { ConfigKey } from '../config/options.js';
import { BASE_DIR, PIPECAT_DIR } from './base.js';
import type { ConsentRequest } from './errors.js';
import type { FilePlan } from './plan.js';

/**
 * The config keys that decide whether a project folder exists, by folder: a whole folder removed
 * because one of these was given as a flag (`--client-framework none`) was asked for; removed as
 * a side effect (a telephony transport added, so the recorded web client is dropped) it needs
 * consent.
 */
export const FOLDER_KEYS: Readonly<Record<string, readonly ConfigKey[]>> = {
  client: ['client_framework', 'bot_type'],
};

/**
 * The removals of a plan that need consent ({@link ConsentRequest}).
 *
 * @param plan the planned files
 * @param next the files the new configuration produces
 * @param previous the files the recorded configuration produces with the current templates, or
 *   null when it no longer resolves (then every removal needs consent)
 * @param flags the values given as flags (a folder removed by one of its {@link FOLDER_KEYS} was asked for)
 */
export function removalsNeedingConsent(
  plan: readonly FilePlan[],
  next: readonly { path: string }[],
  previous: readonly { path: string }[] | null,
  flags: ConfigLayer = {},
): ConsentRequest {
  const top = (p: string): string | undefined => (p.includes('/') ? p.split('/')[0] : undefined);
  const producedTops = new Set(next.map((f) => top(f.path)).filter((t) => t !== undefined));
  const vouched = new Set((previous ?? []).map((f) => f.path));
  const files: ConsentRequest['files'] = [];
  const folders = new Set<string>();
  for (const f of plan) {
    if (f.action !== 'remove') continue;
    const t = top(f.path);
    const asked = FOLDER_KEYS[t ?? '']?.some((k) => flags[k] !== undefined) ?? false;
    if (t !== undefined && t !== PIPECAT_DIR && !producedTops.has(t) && !asked) {
      folders.add(t);
      files.push({ path: f.path, why: `unedited, but all of ${t}/ goes: the new configuration generates nothing in it` });
    } else if (!vouched.has(f.path)) {
      files.push({
        path: f.path,
        why: `listed in ${BASE_DIR}/ with the same content, but the recorded configuration does not generate it: it may be yours`,
      });
    }
  }
  return { files, folders: [...folders] };
}
