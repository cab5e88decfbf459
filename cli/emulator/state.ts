/**
 * State of the Pipecat Cloud emulator: organisations, secret sets and their values, and its
 * persistence to a JSON data file (written atomically with mode 0600 by write-file-atomic).
 *
 * Every API operation mutates the state synchronously (no `await` between reading and writing), so
 * concurrent requests can never lose a write; persistence is coalesced: each write waits until a
 * save that started after its change has finished, so a burst of N writes costs a few file writes.
 *
 * Data file (version 1): `{"version":1,"token":"...","orgs":{"<org>":{"sets":{"<set>":StoredSet}}}}`.
 * It holds secret values in clear text: it is for local development only.
 */
import { readFile } from 'node:fs/promises';
import type { DeployState } from './deploy-types.js';
import type { SessionState } from './session-types.js';

/** One secret set as stored. */
export interface StoredSet {
  type: 'secret' | 'imagePullSecret';
  region: string;
  /** Regular sets: key -> value. */
  secrets: Record<string, string>;
  /** Image pull secrets: registry host (with the trailing `/` the server adds) and value. */
  host?: string;
  secretValue?: string;
  /** Epoch ms until which the set is `pending`. */
  pendingUntil: number;
  /** Forced status (admin endpoint): any readiness word, e.g. `unknown`; cleared by the next write. */
  forced?: { status: string; errorMessage?: string };
  /**
   * A set that references a Kubernetes Secret in a self-hosted region (admin endpoint): the
   * platform knows no keys or values of it, and refuses to change it (docs.pipecat.ai,
   * pipecat-cloud/enterprise/secrets).
   */
  referenced?: boolean;
}

/** The whole persisted state. */
export interface EmulatorData {
  version: 1;
  token?: string;
  /** Per organisation: secret sets, the agents and builds of `./deploy.ts`, the sessions and keys of `./sessions.ts`. */
  orgs: Record<string, { sets: Record<string, StoredSet> } & DeployState & SessionState>;
}

/**
 * Load a data file.
 *
 * @returns the data, or undefined when the file does not exist
 * @throws Error naming the file when it is not a valid emulator data file
 */
export async function loadData(path: string): Promise<EmulatorData | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  let data: EmulatorData;
  try {
    data = JSON.parse(text) as EmulatorData;
  } catch (err) {
    throw new Error(`emulator data file ${path} is not valid JSON: ${(err as Error).message}`);
  }
  if (!data || data.version !== 1 || typeof data.orgs !== 'object' || data.orgs === null) {
    throw new Error(`emulator data file ${path} is not an emulator data file (expected {"version":1,"orgs":{...}})`);
  }
  return data;
}

/** Coalescing, atomic saver of the state to a data file (no-op without a file). */
export class Persister {
  private changed = 0;
  private saved = 0;
  private saving?: Promise<void>;

  /**
   * @param path data file, or undefined for in-memory state
   * @param snapshot returns the JSON text to write (called when a save starts)
   */
  constructor(
    private readonly path: string | undefined,
    private readonly snapshot: () => string,
  ) {}

  /** Record a change and wait until it is on disk. @throws Error when the write fails */
  async commit(): Promise<void> {
    if (!this.path) return;
    const mine = ++this.changed;
    while (this.saved < mine) {
      if (!this.saving) {
        const upTo = this.changed;
        const text = this.snapshot();
        const path = this.path;
        this.saving = (async () => {
          const { default: writeFileAtomic } = await import('write-file-atomic');
          await writeFileAtomic(path, text, { mode: 0o600, fsync: true });
          this.saved = Math.max(this.saved, upTo);
        })().finally(() => {
          this.saving = undefined;
        });
      }
      await this.saving;
    }
  }

  /** Wait for any save in progress. */
  async idle(): Promise<void> {
    while (this.saving) await this.saving.catch(() => undefined);
  }
}
