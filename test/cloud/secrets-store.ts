/**
 * Reading the emulator's data file in the secrets suites: the final state to compare with what
 * the CLI reported.
 */
import { readFile } from 'node:fs/promises';

/** One stored set, as the emulator persists it. */
export interface StoredSetView {
  type: 'secret' | 'imagePullSecret';
  region: string;
  secrets: Record<string, string>;
  host?: string;
  secretValue?: string;
}

/**
 * The sets the emulator holds for an organisation, from its `--data` file.
 *
 * @param dataFile the emulator's data file
 * @param org organisation name
 */
export async function storedSets(dataFile: string, org: string): Promise<Record<string, StoredSetView>> {
  const data = JSON.parse(await readFile(dataFile, 'utf8')) as { orgs: Record<string, { sets: Record<string, StoredSetView> }> };
  return data.orgs[org]?.sets ?? {};
}
