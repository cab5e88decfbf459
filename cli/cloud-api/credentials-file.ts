/**
 * The credentials file on disk: read only when it is the user's own, tightened only through the
 * opened descriptor of a file that is not a link, written through a file of our own creation.
 *
 * Rules (docs/cloud-auth.md, "The credentials file"):
 * - read: opened without blocking (a FIFO never hangs), `fstat` on the descriptor; not a regular
 *   file is a UserError naming its type. A file, or the link leading to it, that belongs to another
 *   user is not used (UserError, exit 2, naming the owner and what to do): another user could have
 *   planted a token of theirs (every command would then act on their organisation) or read ours.
 *   Root may use any file (it can read any anyway).
 * - tighten: a file readable or writable by group/others is changed to 0600 with `fchmod` on the
 *   descriptor that was read, never through a path (a link swapped in between would be followed),
 *   and only when it is ours and the path is not a link (a link's target is named in a warning
 *   instead: it may be a file we must not change).
 * - write: the text goes to a new file created with `O_CREAT|O_EXCL|O_NOFOLLOW` and mode 0600 in
 *   the folder of the file (of its target, when the path is a link: as write-file-atomic did
 *   before), `fchmod` 0600 whatever the umask, `fsync`, then renamed over the file.
 *
 * The official CLI (`src/pipecatcloud/config.py`, `_utils/auth_utils.py`) reads and writes the
 * file by path with no such checks: these are ours.
 */
import { constants } from 'node:fs';
import { lstat, open, realpath, rename, unlink, type FileHandle } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { UserError } from '../errors.js';

/** Sink for warnings (one line each). */
type Warn = (line: string) => void;

/** What a file's type is called in a message. */
function kindOf(st: {
  isDirectory(): boolean;
  isFIFO(): boolean;
  isSocket(): boolean;
  isCharacterDevice(): boolean;
  isBlockDevice(): boolean;
}): string {
  if (st.isDirectory()) return 'a folder';
  if (st.isFIFO()) return 'a named pipe';
  if (st.isSocket()) return 'a socket';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

/** The refusal of a file or link that another user owns. */
function foreignOwner(path: string, what: string, uid: number, me: number): UserError {
  return new UserError(
    `the Pipecat Cloud credentials file ${path} is not used: ${what} belongs to another user (uid ${uid}; you are uid ${me})`,
    [
      'a token in a file someone else controls could act on their organisation, and they could read yours',
      `remove it (or set PIPECAT_CONFIG_PATH to a file of your own), then run \`pipecat cloud auth login\``,
    ],
  );
}

/**
 * Read the credentials file under the rules above.
 *
 * @param path the file (`PIPECAT_CONFIG_PATH` or the default)
 * @param warn receives the note when the mode was tightened, or could not be
 * @returns the text, or undefined when there is no file
 * @throws UserError (exit 2) naming the file: not a regular file, owned (or its link owned) by
 *   another user, or unreadable
 */
export async function readOwnCredentials(path: string, warn?: Warn): Promise<string | undefined> {
  const me = typeof process.getuid === 'function' ? process.getuid() : -1;
  let link;
  try {
    link = await lstat(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new UserError(`cannot read the Pipecat Cloud credentials file ${path}: ${(err as Error).message}`);
  }
  if (me > 0 && link.uid !== me) throw foreignOwner(path, link.isSymbolicLink() ? 'the link' : 'it', link.uid, me);
  let fh: FileHandle;
  try {
    fh = await open(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new UserError(`cannot read the Pipecat Cloud credentials file ${path}: ${(err as Error).message}`);
  }
  try {
    const st = await fh.stat();
    if (!st.isFile()) throw new UserError(`the Pipecat Cloud credentials file ${path} is ${kindOf(st)}, not a file`);
    if (me > 0 && st.uid !== me) throw foreignOwner(path, 'the file the link leads to', st.uid, me);
    const text = await fh.readFile('utf8');
    await tighten(fh, { path, mode: st.mode & 0o777, viaLink: link.isSymbolicLink(), ours: me < 0 || st.uid === me }, warn);
    return text;
  } catch (err) {
    if (err instanceof UserError) throw err;
    throw new UserError(`cannot read the Pipecat Cloud credentials file ${path}: ${(err as Error).message}`);
  } finally {
    await fh.close();
  }
}

/** Change an open credentials file readable or writable by others to 0600 (see the module notes). */
async function tighten(fh: FileHandle, f: { path: string; mode: number; viaLink: boolean; ours: boolean }, warn?: Warn): Promise<void> {
  if ((f.mode & 0o077) === 0) return;
  const shown = f.mode.toString(8).padStart(4, '0');
  if (f.viaLink || !f.ours) {
    const target = f.viaLink ? await realpath(f.path).catch(() => f.path) : f.path;
    warn?.(
      `warning: ${target} (the credentials file${f.viaLink ? ` ${f.path} leads to it` : ''}) is readable by others (mode ${shown}); run chmod 600 on it`,
    );
    return;
  }
  try {
    await fh.chmod(0o600);
    warn?.(`warning: ${f.path} was readable by others (mode ${shown}); changed it to 0600`);
  } catch (err) {
    warn?.(`warning: ${f.path} is readable by others (mode ${shown}) and could not be changed to 0600: ${(err as Error).message}`);
  }
}

/**
 * Replace the credentials file with `text` (mode 0600), as the module notes say.
 *
 * @param path the file; when it is a link, its target is replaced (the link stays)
 * @throws Error from the file system (the caller names the file)
 */
export async function writeOwnCredentials(path: string, text: string): Promise<void> {
  const target = await realpath(path).catch(() => path);
  const tmp = join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const fh = await open(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
  try {
    await fh.chmod(0o600);
    await fh.writeFile(text, 'utf8');
    await fh.sync();
    await fh.close();
    await rename(tmp, target);
  } catch (err) {
    await fh.close().catch(() => undefined);
    await unlink(tmp).catch(() => undefined);
    throw err;
  }
}
