/**
 * `pipecat cloud secrets <command>`: manage Pipecat Cloud secret sets and image pull secrets.
 *
 * Commands, one definition each under `./secrets/`: list, set, unset, delete, image-pull-secret
 * (the official `secrets` group: pipecatcloud `cli/commands/secrets.py`; docs.pipecat.ai
 * `api-reference/cli/cloud/secrets`). Guide: docs/secrets.md.
 */
import type { CloudGroupDefinition } from './define.js';
import { DELETE_COMMAND } from './secrets/delete.js';
import { IMAGE_PULL_SECRET_COMMAND } from './secrets/image-pull-secret.js';
import { LIST_COMMAND } from './secrets/list.js';
import { SET_COMMAND } from './secrets/set.js';
import { SECRETS_EPILOGUE } from './secrets/shared.js';
import { UNSET_COMMAND } from './secrets/unset.js';

/** The `cloud secrets` group (the official `secrets list|set|unset|delete|image-pull-secret`). */
export const SECRETS_GROUP: CloudGroupDefinition = {
  command: 'secrets <command>',
  describe: 'Manage secret sets and image pull secrets (values are never shown)',
  official: 'secrets',
  commands: [LIST_COMMAND, SET_COMMAND, UNSET_COMMAND, DELETE_COMMAND, IMAGE_PULL_SECRET_COMMAND],
  epilogue: SECRETS_EPILOGUE,
};
