/**
 * The one reader of a file the user's project or command line names (`pcc-deploy.toml`, the
 * Dockerfile, `.dockerignore`, `.env`, `.env.example`, `--config`, `.yo-rc.json`,
 * `pyproject.toml`, `secrets set --file`...), for `generators/` and `cli/` alike.
 *
 * Why: a FIFO nobody writes to would make a plain read wait forever, a device (`/dev/zero`, a
 * terminal) never ends or steals the user's keystrokes, and a huge or sparse file would be read
 * whole into memory. So the file is opened without blocking and without becoming the
 * controlling terminal (`O_RDONLY | O_NONBLOCK | O_NOCTTY`), its descriptor is checked with
 * `fstat` (the kind of what was opened, not of a name that may change in between), and only a
 * regular file is read, never past {@link READ_LIMIT_BYTES} (the bound stdin already has,
 * `cli/secrets/bounded-read.ts`). A symbolic link to a regular file is followed by the open itself.
 *
 * Source: open(2) (`O_NONBLOCK` on a FIFO returns at once; `O_NOCTTY`), fstat(2); docs/deploy.md
 * "Files the commands read".
 */
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';

/** Most bytes read from one file: 64 MiB (the rule stdin follows, `INPUT_LIMIT_BYTES`). */
const READ_LIMIT_BYTES = 64 * 1024 * 1024;

/** Options of {@link readRegularFile}. */
interface RegularFileOptions {
  /** How the file is named in messages (e.g. `--config ./x.json`); default the path. */
  label?: string;
  /** Most bytes accepted; default {@link READ_LIMIT_BYTES}. */
  limit?: number;
  /** A hint line printed under the message (what to give instead). */
  hint?: string;
}

/**
 * A file that is not a regular file, or is larger than the bound: exit code 2, naming the file.
 * Nothing of it was read.
 */
export class FileReadError extends Error {
  readonly exitCode = 2;
  readonly problems: readonly string[];
  /** The path as given. */
  readonly path: string;

  /**
   * @param message headline naming the file
   * @param path the path as given
   * @param problems lines printed under it
   */
  constructor(message: string, path: string, problems: readonly string[] = []) {
    super(message);
    this.name = 'FileReadError';
    this.path = path;
    this.problems = problems;
  }
}

/**
 * What a file system object is, for a message: `a named pipe (FIFO)`, `a character device`...
 *
 * @param st its `fstat`/`lstat`
 */
export function fileKind(st: Stats): string {
  if (st.isFile()) return 'a regular file';
  if (st.isDirectory()) return 'a directory';
  if (st.isFIFO()) return 'a named pipe (FIFO)';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isSocket()) return 'a socket';
  return 'not a regular file';
}

/**
 * True for a path naming a descriptor the shell handed this process (`/dev/fd/63` from
 * `<(sops -d …)`, `/dev/stdin`, `/proc/self/fd/N`): its pipe has a writer, so a stream read of it
 * ends. Such paths are read as streams by their callers, not by {@link readRegularFile}.
 *
 * @param path the path as given
 */
export function isInheritedDescriptor(path: string): boolean {
  return /^\/(?:dev\/fd|proc\/self\/fd)\/\d+$|^\/dev\/stdin$/.test(path);
}

/** `n` bytes as `64 MiB`, `1.5 MiB`, `12 KiB` or `300 bytes`. */
function bytes(n: number): string {
  if (n >= 1024 * 1024) return `${Number((n / (1024 * 1024)).toFixed(1))} MiB`;
  if (n >= 1024) return `${Number((n / 1024).toFixed(1))} KiB`;
  return `${n} bytes`;
}

/**
 * Read a regular file whole, at most `limit` bytes.
 *
 * @param path the path as given (relative to the current folder, or absolute)
 * @param opts label, limit and hint
 * @returns its bytes
 * @throws FileReadError (exit 2) when it is a FIFO, socket, device or folder (before reading any
 *   byte), or larger than the limit (by its size before reading, or when it grows past it while
 *   read); the system's error as it comes otherwise (`ENOENT` for a missing file: the caller
 *   decides what a missing file means; `EACCES`, `ELOOP`...)
 */
export function readRegularFile(path: string, opts: RegularFileOptions = {}): Buffer {
  const label = opts.label ?? path;
  const limit = opts.limit ?? READ_LIMIT_BYTES;
  const hints = opts.hint ? [opts.hint] : [];
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  } catch (err) {
    // open(2) answers ENXIO for a socket (and a FIFO opened for writing): never a file to read.
    if ((err as NodeJS.ErrnoException).code === 'ENXIO')
      throw new FileReadError(`${label} is a socket or a device without a reader, not a regular file; nothing was read`, path, hints);
    throw err;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new FileReadError(`${label} is ${fileKind(st)}, not a regular file; nothing was read`, path, hints);
    if (st.size > limit)
      throw new FileReadError(`${label} is larger than ${bytes(limit)} (${bytes(st.size)}); nothing was read`, path, hints);
    const chunks: Buffer[] = [];
    let total = 0;
    const buf = Buffer.alloc(Math.min(1024 * 1024, limit + 1));
    for (;;) {
      const n = readSync(fd, buf, 0, Math.min(buf.length, limit + 1 - total), null);
      if (n === 0) break;
      total += n;
      if (total > limit)
        throw new FileReadError(`${label} grew past ${bytes(limit)} while it was read; nothing of it is used`, path, hints);
      chunks.push(Buffer.from(buf.subarray(0, n)));
    }
    return Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
}

/**
 * {@link readRegularFile} as UTF-8 text.
 *
 * @param path the path as given
 * @param opts label, limit and hint
 * @throws as {@link readRegularFile}
 */
export function readRegularText(path: string, opts: RegularFileOptions = {}): string {
  return readRegularFile(path, opts).toString('utf8');
}

/**
 * {@link readRegularText}, or undefined when there is no such file (`ENOENT`, `ENOTDIR`).
 *
 * @param path the path as given
 * @param opts label, limit and hint
 * @throws as {@link readRegularFile} for everything but a missing file
 */
export function readRegularTextIfExists(path: string, opts: RegularFileOptions = {}): string | undefined {
  try {
    return readRegularText(path, opts);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw err;
  }
}
