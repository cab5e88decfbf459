/**
 * Every `pipecat cloud` leaf command with sample arguments that reach the platform, table-driven
 * from the command definitions (`CLOUD_COMMANDS`). Shared by the output contract
 * (test/e2e/output-contract.test.ts) and the hostile-server suite (test/e2e/hostile-server.test.ts),
 * so a new command gets both checks from one list.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CLOUD_COMMANDS } from '../../cli/commands/cloud/cloud.js';
import { definitionLeaves, type DefinitionLeaf } from '../../cli/commands/cloud/define.js';

/** Sample values of required positionals, by name (`<agent-name>` → `voice-bot`). */
export const SAMPLES: Readonly<Record<string, string>> = {
  'agent-name': 'voice-bot',
  name: 'voice-bot-secrets',
  key: 'OPENAI_API_KEY',
  'build-id': 'no-such-build',
  environment: 'staging',
  region: 'us-west',
};

/**
 * Argument lists of leaves whose required positionals alone would not reach the platform (a set
 * name and pairs, a key as well as the set, a pull secret's host, the agent to deploy).
 */
export const LEAF_ARGS: Readonly<Record<string, readonly string[]>> = {
  'secrets list': [],
  'secrets set': ['voice-bot-secrets', 'OPENAI_API_KEY=sk-contract-test'],
  'secrets unset': ['voice-bot-secrets', 'OPENAI_API_KEY'],
  'secrets delete': ['voice-bot-secrets'],
  'secrets image-pull-secret': ['voice-bot-pull', 'https://index.docker.io/v1/'],
  deploy: ['voice-bot'],
};

/** The arguments after `pipecat cloud` that run a leaf, or undefined when a sample is missing. */
export function argsOf(leaf: DefinitionLeaf): string[] | undefined {
  if (LEAF_ARGS[leaf.words]) return [...leaf.words.split(' '), ...LEAF_ARGS[leaf.words]];
  if (!leaf.definition) return undefined;
  const required = [...leaf.definition.command.matchAll(/<([^>.]+)(\.\.)?>/g)].map((m) => m[1]);
  const values = required.map((r) => SAMPLES[r]);
  if (values.some((v) => v === undefined)) return undefined;
  return [...leaf.words.split(' '), ...(values as string[])];
}

/** Every cloud leaf but `emulator` (which serves, rather than calls, the platform). */
export const CLOUD_LEAVES: readonly DefinitionLeaf[] = definitionLeaves(CLOUD_COMMANDS).filter((l) => l.words !== 'emulator');

/**
 * Write the small Cloud Build project the samples address (agent `voice-bot`, secret set
 * `voice-bot-secrets`) into `work`: a Dockerfile, `app/bot.py` and its `pcc-deploy.toml`.
 *
 * @param work an empty folder
 */
export async function writeSampleProject(work: string): Promise<void> {
  await mkdir(join(work, 'app'));
  await writeFile(join(work, 'Dockerfile'), 'FROM python:3.12-slim\nCOPY app /app\n');
  await writeFile(join(work, 'app', 'bot.py'), 'print("hi")\n');
  await writeFile(join(work, 'pcc-deploy.toml'), 'agent_name = "voice-bot"\nsecret_set = "voice-bot-secrets"\n');
}
