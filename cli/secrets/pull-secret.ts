/**
 * Rules of `pipecat cloud secrets image-pull-secret`: the registry host and the credentials.
 *
 * Source: the official CLI's `secrets image-pull-secret` (daily-co/pipecat-cloud
 * `src/pipecatcloud/cli/commands/secrets.py`: base64 of `username:password`, its `--encode`) and
 * docs.pipecat.ai (api-reference/cli/cloud/secrets; the value is used by the platform as a registry
 * auth field; a non-base64 value fails only at pull time, so it is
 * checked here). Messages never include the credentials, not even in part.
 */

/**
 * Problem with a registry given as a URL (`https://ghcr.io`) or a host name (`ghcr.io`,
 * `registry.example.com:5000`, `localhost:5000`), or `undefined` when it is acceptable.
 *
 * @param host the argument as given
 */
export function hostProblem(host: string): string | undefined {
  const h = host.trim();
  const rule = 'give a registry URL (https://ghcr.io) or host name (ghcr.io, registry.example.com:5000)';
  if (h === '') return `the registry host is empty: ${rule}`;
  // Credentials typed into the host argument must not be echoed back.
  if (h.includes('@'))
    return `the registry host must not contain credentials (user@ or user:password@): ${rule}; pass the credentials as the next argument or on stdin`;
  if (/\s/.test(h)) return `the registry host contains spaces: ${rule}`;
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(h);
  let url: URL;
  try {
    url = new URL(hasScheme ? h : `https://${h}`);
  } catch {
    return `invalid registry host: ${rule}`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `the registry URL must use https:// (or http://): ${rule}`;
  const name = url.hostname.replace(/^\[|\]$/g, '');
  const label = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/i;
  const isIp = /^\d{1,3}(\.\d{1,3}){3}$/.test(name) || name.includes(':');
  if (!isIp && !name.split('.').every((l) => label.test(l))) return `invalid registry host name ${JSON.stringify(name)}: ${rule}`;
  if (url.search || url.hash) return `the registry URL must not have a query or fragment: ${rule}`;
  return undefined;
}

/** Username and password of a registry login. */
interface RegistryCredentials {
  username: string;
  password: string;
}

/**
 * Splits `username:password` on its first `:`.
 *
 * @param raw the credentials (argument or stdin, trailing line break already removed)
 * @param where how the input is named in messages (`the credentials argument`, `stdin`)
 * @throws Error (message safe to show) when there is no `:` or either part is empty
 */
export function parseCredentials(raw: string, where: string): RegistryCredentials {
  const i = raw.indexOf(':');
  if (i < 0) throw new Error(`${where} must be username:password (no ":" found)`);
  const username = raw.slice(0, i);
  const password = raw.slice(i + 1);
  if (username === '') throw new Error(`${where} has an empty username (expected username:password)`);
  if (password === '') throw new Error(`${where} has an empty password (expected username:password)`);
  return { username, password };
}

/** Base64 of `username:password` (UTF-8), the value the platform stores. */
export function encodeCredentials(c: RegistryCredentials): string {
  return Buffer.from(`${c.username}:${c.password}`, 'utf8').toString('base64');
}

/**
 * Checks a value given with `--no-encode`: canonical base64 whose decoded text is
 * `username:password`.
 *
 * @param value the value as given (surrounding whitespace removed)
 * @param where how the input is named in messages
 * @returns the value itself
 * @throws Error (message safe to show) when it is not such a value
 */
export function checkEncodedCredentials(value: string, where: string): string {
  const v = value.trim();
  if (v === '' || v.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(v)) {
    throw new Error(
      `${where} is not valid base64 (--no-encode expects base64 of username:password; drop --no-encode to pass username:password)`,
    );
  }
  const decoded = Buffer.from(v, 'base64');
  if (decoded.toString('base64') !== v)
    throw new Error(`${where} is not canonical base64 (--no-encode expects base64 of username:password)`);
  parseCredentials(decoded.toString('utf8'), `${where} (decoded)`);
  return v;
}
