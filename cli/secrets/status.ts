/**
 * How `pipecat cloud` shows the readiness of a secret set: the words the platform sends and what
 * the ones that block a deploy mean. Used by `secrets list` and the deploy preflight.
 */
import { visibleField } from '../../generators/app/output/terminal-safe.js';
import { c } from '../output/colors.js';
import { ownCell, type OwnCell } from '../output/table.js';

/**
 * What each readiness word the platform sends means, for the note under `secrets list`
 * (docs.pipecat.ai: fundamentals/secrets "Provisioning and readiness"; enterprise/secrets
 * "Readiness" for sets that reference a Secret in a self-hosted region).
 */
export const SET_STATUS_MEANING: Readonly<Record<string, string>> = {
  pending:
    'being provisioned: after a write this takes a few seconds (`pipecat cloud secrets set --wait` waits for it), and a deploy can bind the set once it is ready; a set that references a Secret in a self-hosted region stays pending while that Secret is missing from the cluster',
  unknown: 'its self-hosted region could not be reached to check it; deploys that bind it are refused until the region reconnects',
};

/**
 * The STATUS cell of a secret set: `ready` in green (the only status a deploy can bind), `failed`
 * in red with the platform's message, `pending` as `pending (being provisioned)`, uncoloured (every
 * write leaves a set pending for a few seconds: no problem), `unknown` in yellow, any other word
 * the platform sends as sent, uncoloured; a missing status (an older platform) as `-`.
 *
 * The platform's words are put in through `visibleField` before our colour, so the cell is ours
 * (an {@link OwnCell}: the table leaves it as it is) and its `own` text can go into a line.
 *
 * @param status the `status` field as received (not trusted to be one of the known words)
 * @param errorMessage the `errorMessage` field of a failed set
 */
export function setStatusCell(status: unknown, errorMessage?: unknown): OwnCell {
  if (typeof status !== 'string' || status === '') return ownCell('-');
  if (status === 'ready') return ownCell(c.green('ready'));
  if (status === 'failed')
    return ownCell(c.red(`failed: ${typeof errorMessage === 'string' && errorMessage ? visibleField(errorMessage) : 'no error message'}`));
  if (status === 'pending') return ownCell('pending (being provisioned)');
  if (status === 'unknown') return ownCell(c.yellow(status));
  return ownCell(visibleField(status));
}
