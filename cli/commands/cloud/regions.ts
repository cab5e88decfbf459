/**
 * `pipecat cloud regions list`: the regions the organisation can deploy agents and keep secret
 * sets in (`GET /v1/organizations/{org}/regions`).
 *
 * Follows the official CLI (pipecatcloud `cli/commands/regions.py`, `_utils/regions.py`; docs.pipecat.ai
 * `api-reference/cli/cloud/regions`): a table of code and name; no regions is not an error. Ours:
 * `--organization` (the official command uses the saved organisation only), an organisation the
 * token does not have answered with the ones it has, `--output plain|json`.
 * Guide: docs/cloud-organizations.md.
 */
import { renderTable } from '../../output/table.js';
import type { CloudArgs, CloudIO } from './common.js';
import type { CloudGroupDefinition, Emit, Resolved } from './define.js';
import { ORGANIZATIONS_EPILOGUE } from './organizations.js';

async function list(io: CloudIO, argv: Resolved<CloudArgs>, emit: Emit): Promise<void> {
  const s = await io.openSession(argv);
  const regions = await s.client.regions(s.org);
  emit({ ok: true, organization: s.org, regions });
  if (argv.json) return;
  if (!regions.length) {
    io.err(`no regions available to ${s.org}\n`);
    return;
  }
  io.out(
    renderTable(
      ['code', 'name'],
      regions.map((r) => [r.code, r.display_name]),
      argv.output,
    ) + '\n',
  );
}

/** The `cloud regions` group (the official `regions list`). */
export const REGIONS_GROUP: CloudGroupDefinition = {
  command: 'regions <command>',
  describe: 'List the regions you can deploy agents and keep secrets in',
  official: 'regions',
  commands: [
    {
      command: 'list',
      describe: 'List the available regions: code and name',
      official: 'regions list',
      epilogue: ORGANIZATIONS_EPILOGUE,
      run: list,
    },
  ],
};
