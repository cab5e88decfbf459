/**
 * Reading a `--config` file (or `.yo-rc.json`) into a layer keyed by canonical config keys: bounded
 * reads that refuse FIFOs and devices, strict JSON with the location of the first error, and the
 * keys checked against the options table (aliases, unknown keys, a key given twice).
 *
 * Source: the config keys of pipecat's `pipecat init --config` (pipecat-ai/pipecat 1.8.0, commit acead05:
 * `src/pipecat/cli/config_validator.py`) and the Python `pipecat-cli`'s short keys; read bounded, like
 * every file the user names, so `--config /dev/zero` fails instead of filling memory.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { closest } from 'fastest-levenshtein';
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { FileReadError, fileKind, isInheritedDescriptor, readRegularText } from '../files/regular-file.js';
import { ConfigError } from './errors.js';
import { CONFIG_OPTIONS, OUTPUT_ONLY_KEYS, type ConfigKey, type ConfigLayer } from './options.js';

/**
 * Read a JSON config file into a layer keyed by canonical config keys.
 *
 * Accepts the canonical keys, the Python tool's short keys (`name`, `stt`, `enable_krisp`...) and
 * the output-only `derived` block of `--dry-run` (ignored).
 *
 * @param path file path as the user gave it (used in messages)
 * @returns the layer
 * @throws ConfigError (exit 2) for a missing/unreadable file, invalid JSON (with line and column),
 *   a non-object document, an unknown key (with the closest valid key) or a key given twice
 */
export function readConfigFile(path: string): ConfigLayer {
  let text: string;
  try {
    text = readConfigText(path, MAX_CONFIG_BYTES);
  } catch (err) {
    if (err instanceof ConfigError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    const reasons: Record<string, string> = {
      ENOENT: 'no such file',
      EISDIR: 'is a directory',
      EACCES: 'permission denied',
      ELOOP: 'a symbolic link loop (too many levels of symbolic links)',
      ENXIO: 'a socket, not a regular file',
      ENAMETOOLONG: 'the path is too long',
    };
    const why = (code && reasons[code]) ?? String((err as Error).message);
    throw new ConfigError(`--config: cannot read ${path}: ${why}`, []);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new ConfigError(`--config: ${path} is not valid JSON`, [jsonErrorLocation(path, text, err as Error)]);
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) {
    throw new ConfigError(`--config: ${path} must hold a JSON object`, []);
  }
  const deep = tooDeep(doc, MAX_CONFIG_DEPTH);
  if (deep)
    throw new ConfigError(
      `--config: ${path} nests values more than ${MAX_CONFIG_DEPTH} levels deep (under ${JSON.stringify(deep)}); a configuration is a flat object of strings, lists and booleans`,
      [],
    );
  // A `.yo-rc.json` holds the configuration under the generator's namespace.
  const obj = doc as Record<string, unknown>;
  const inner = obj['generator-pipecat'];
  const source =
    inner && typeof inner === 'object' && !Array.isArray(inner) && Object.keys(obj).length === 1 ? (inner as Record<string, unknown>) : obj;
  return layerFromObject(source, path);
}

/** Largest `--config` file read, in bytes (1 MiB): a configuration is a few hundred bytes. */
export const MAX_CONFIG_BYTES = 1024 * 1024;
/** Deepest nesting accepted in a `--config` document (a `.yo-rc.json` nests 2 levels). */
export const MAX_CONFIG_DEPTH = 8;

/**
 * Read a `--config` file as UTF-8, at most `limit` bytes. A path is read with the one reader of
 * user-named files (`files/regular-file.ts`: regular files only, opened without blocking, so a FIFO
 * or a device is refused at once, naming it); stdin (`-`) and a pipe the shell handed over
 * (`<(jq …)`, `/dev/fd/N`) are read as streams, stopped past `limit`.
 *
 * @param path file; `-` reads stdin
 * @param limit bytes
 * @throws ConfigError naming `--config` when the content is larger or the path is not a regular
 *   file; fs errors as they come
 */
export function readConfigText(path: string, limit: number): string {
  const stdin = path === '-';
  if (!stdin && !isInheritedDescriptor(path)) {
    try {
      return readRegularText(path, { label: `--config: ${path}`, limit, hint: 'give a JSON file, or pipe it into `--config -`' });
    } catch (err) {
      if (err instanceof FileReadError) throw new ConfigError(err.message, err.problems);
      throw err;
    }
  }
  const fd = stdin ? 0 : openSync(path, 'r');
  try {
    if (!stdin) {
      const st = fstatSync(fd);
      if (!st.isFile() && !st.isFIFO())
        throw new ConfigError(
          `--config: ${path} is ${fileKind(st)}, not a regular file: give a JSON file, or pipe it into \`--config -\``,
          [],
        );
    }
    const chunks: Buffer[] = [];
    let total = 0;
    const buf = Buffer.alloc(64 * 1024);
    for (;;) {
      const n = readSync(fd, buf, 0, buf.length, null);
      if (n === 0) break;
      total += n;
      if (total > limit)
        throw new ConfigError(`--config: ${path} is larger than ${limit / (1024 * 1024)} MiB; a configuration is a small JSON object`, []);
      chunks.push(Buffer.from(buf.subarray(0, n)));
    }
    return Buffer.concat(chunks).toString('utf8');
  } catch (err) {
    // Reading a terminal or an empty non-blocking stdin: treat as the end of input.
    if (stdin && (err as NodeJS.ErrnoException).code === 'EAGAIN') throw new ConfigError('--config -: nothing to read on stdin', []);
    throw err;
  } finally {
    if (!stdin) closeSync(fd);
  }
}

/**
 * The key path of the first value nested deeper than `max` levels, or undefined (checked without
 * recursion, so no document can exhaust the stack).
 *
 * @param doc a parsed JSON document
 * @param max deepest level allowed (the document itself is level 1)
 */
export function tooDeep(doc: unknown, max: number): string | undefined {
  const stack: { value: unknown; depth: number; path: string }[] = [{ value: doc, depth: 1, path: '' }];
  while (stack.length) {
    const { value, depth, path } = stack.pop()!;
    if (!value || typeof value !== 'object') continue;
    if (depth > max) return path || '(top)';
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      stack.push({ value: v, depth: depth + 1, path: path ? `${path}.${k}` : k });
    }
  }
  return undefined;
}

/**
 * Map an object with config keys (canonical or alias) to a layer.
 *
 * @param source the parsed object
 * @param path file path for messages
 * @throws ConfigError for unknown keys or a key given under two names
 */
export function layerFromObject(source: Record<string, unknown>, path: string): ConfigLayer {
  const byName = new Map<string, ConfigKey>();
  for (const o of CONFIG_OPTIONS) {
    byName.set(o.key, o.key);
    for (const a of o.configAliases ?? []) byName.set(a, o.key);
  }
  const layer: ConfigLayer = {};
  const problems: string[] = [];
  const seen = new Map<ConfigKey, string>();
  for (const [name, value] of Object.entries(source)) {
    if (OUTPUT_ONLY_KEYS.includes(name)) continue;
    const key = byName.get(name);
    if (!key) {
      const suggestion = closest(name, [...byName.keys()]);
      problems.push(`${path}: unknown config key "${name}" (did you mean "${suggestion}"?)`);
      continue;
    }
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      problems.push(`${path}: config keys "${earlier}" and "${name}" both set ${key}; keep one`);
      continue;
    }
    seen.set(key, name);
    layer[key] = value;
  }
  if (problems.length) throw new ConfigError(`invalid config file ${path}`, problems);
  return layer;
}

/**
 * `file:line:column` and the reason of the first JSON syntax error (located with jsonc-parser,
 * comments and trailing commas disallowed, as in strict JSON); `file:line` of the first git
 * conflict marker (`<<<<<<<`, `=======`, `>>>>>>>`) when the file has one.
 *
 * @param path file path
 * @param text the file's text
 * @param err the error thrown by JSON.parse (used when no location can be found)
 */
export function jsonErrorLocation(path: string, text: string, err: Error): string {
  // A merge left the file half-resolved: name the first marker's line (git's own markers).
  const lines = text.split('\n');
  const marker = lines.findIndex((l) => /^(?:<{7}|={7}|>{7}|\|{7})(?: |$|\r)/.test(l));
  if (marker >= 0) return `${path}:${marker + 1}: a git conflict marker (${lines[marker].slice(0, 7)}): resolve the merge conflict first`;
  const errors: ParseError[] = [];
  parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (!first) return `${path}: ${err.message}`;
  const before = text.slice(0, first.offset);
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  const reason = printParseErrorCode(first.error)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return `${path}:${line}:${column}: ${reason}`;
}
