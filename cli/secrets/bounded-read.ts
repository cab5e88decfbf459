/**
 * The one bounded reader of secret input: standard input (`secrets set --file -`, `KEY=-`,
 * `auth login`, `secrets image-pull-secret`) and `--file` paths. Past {@link INPUT_LIMIT_BYTES}
 * it stops reading at once (nothing more is buffered) and fails with exit 2, naming the input.
 *
 * Why a bound: `cat /dev/zero |` or a wrong file (a disk image, a log) would otherwise be read
 * whole into memory before anything could check it (3 GB in 18 s, measured without the bound). No secret,
 * token or dotenv file comes near 64 MiB; the platform itself refuses a request body far smaller
 * (the emulator's stand-in limit is 1 MiB, docs/cloud-emulator.md).
 */
import { createReadStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { FileReadError, isInheritedDescriptor, readRegularText } from '../../generators/app/files/regular-file.js';
import { UserError } from '../errors.js';

/** Most bytes read from one input: 64 MiB. */
const INPUT_LIMIT_BYTES = 64 * 1024 * 1024;

/** A readable source: `process.stdin`, a file stream, or any async iterable of chunks. */
type ChunkSource = AsyncIterable<Buffer | string> & { destroy?: () => unknown };

/**
 * Reads a source as UTF-8 text, at most `limit` bytes.
 *
 * @param source the stream
 * @param label how the input is named in the error, e.g. `stdin (--file -)` or `--file .env`
 * @param limit most bytes accepted (default {@link INPUT_LIMIT_BYTES})
 * @returns the text
 * @throws UserError (exit 2) when the input is longer than `limit`; the text read is dropped
 */
export async function readBounded(source: ChunkSource, label: string, limit = INPUT_LIMIT_BYTES): Promise<string> {
  const decoder = new StringDecoder('utf8');
  const parts: string[] = [];
  let size = 0;
  for await (const chunk of source) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    size += buf.length;
    if (size > limit) {
      parts.length = 0;
      source.destroy?.();
      throw new UserError(`${label} is larger than ${formatBytes(limit)} (stopped reading after ${formatBytes(size)}); nothing was sent`, [
        'secrets, tokens and dotenv files are far smaller: check what is given as this input (e.g. not /dev/zero or a binary file)',
      ]);
    }
    parts.push(decoder.write(buf));
  }
  parts.push(decoder.end());
  return parts.join('');
}

/**
 * Reads a file named on the command line (`secrets set --file`, `--from-file`) as UTF-8 text:
 * a path with the one reader of user-named files (`generators/app/files/regular-file.ts`: a
 * regular file only, opened without blocking, at most `limit` bytes); a pipe the shell handed
 * over (`--file <(sops -d …)`, `/dev/fd/N`, `/dev/stdin`) as a stream with {@link readBounded}.
 *
 * @param path the path as given
 * @param label how the input is named in errors, e.g. `--file .env`
 * @param limit most bytes accepted
 * @throws UserError (exit 2) when it cannot be read (no such file, a FIFO, device or folder,
 *   permission) or is too large
 */
export async function readFileBounded(path: string, label: string, limit = INPUT_LIMIT_BYTES): Promise<string> {
  try {
    if (isInheritedDescriptor(path)) return await readBounded(createReadStream(path, { highWaterMark: 1024 * 1024 }), label, limit);
    return readRegularText(path, { label, limit });
  } catch (err) {
    if (err instanceof UserError) throw err;
    if (err instanceof FileReadError) throw new UserError(err.message, err.problems);
    const code = (err as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EACCES'
          ? 'permission denied'
          : code === 'ELOOP'
            ? 'too many levels of symbolic links'
            : (code ?? (err as Error).message);
    throw new UserError(`cannot read ${label}: ${why}`);
  }
}

/** `n` bytes as `64 MiB`, `1.5 MiB`, `12 KiB` or `300 bytes`. */
function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Number((n / (1024 * 1024)).toFixed(1))} MiB`;
  if (n >= 1024) return `${Number((n / 1024).toFixed(1))} KiB`;
  return `${n} bytes`;
}
