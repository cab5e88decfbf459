/**
 * The upload of a build context to the presigned URL the platform hands out (`POST
 * .../builds/upload-url`, `CloudClient.requestUploadUrl` in `client.ts`): a multipart form POST to the
 * storage, not to the Pipecat Cloud API, so it carries no bearer token and is a plain function
 * rather than a method of the client.
 *
 * Source: the official CLI pipecatcloud (daily-co/pipecat-cloud `_utils/build_utils.py`: the
 * upload form) and docs.pipecat.ai's REST reference (build-upload-url: S3's presigned POST).
 * Facts and their sources: docs/deploy.md.
 */
import type { UploadTarget } from './deploy-types.js';
import { UploadError } from './errors.js';

/**
 * Upload a build context with the multipart form POST the presigned URL expects: the given fields
 * first (order kept), `Content-Type: application/gzip` when absent, the file last as `file`
 * (`context.tar.gz`). Multipart body by node-fetch's FormData. Network errors and 5xx answers are
 * retried (the same key is written again).
 *
 * @param attempts at most this many attempts (default 3)
 * @throws {@link UploadError} naming the storage's answer
 */
export async function uploadContext(
  target: UploadTarget,
  tarball: Buffer,
  opts: { attempts?: number; timeoutMs?: number } = {},
): Promise<void> {
  // node-fetch rejects with its own AbortError when the signal fires, before the answer or while
  // its body is read (node-fetch 3 src/index.js `abort`; a DOMException is never thrown).
  const { default: fetch, FormData, Blob, AbortError } = await import('node-fetch');
  const origin = (() => {
    try {
      return new URL(target.uploadUrl).origin;
    } catch {
      throw new UploadError(`the upload URL the platform gave is not a URL: ${target.uploadUrl}`);
    }
  })();
  const attempts = Math.max(1, opts.attempts ?? 3);
  for (let attempt = 1; ; attempt++) {
    const form = new FormData();
    for (const [k, v] of Object.entries(target.uploadFields ?? {})) form.append(k, v);
    if (!('Content-Type' in (target.uploadFields ?? {}))) form.append('Content-Type', 'application/gzip');
    form.append('file', new Blob([tarball], { type: 'application/gzip' }), 'context.tar.gz');
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), opts.timeoutMs ?? 120_000);
    let problem: string;
    try {
      const res = await fetch(target.uploadUrl, { method: 'POST', body: form, signal: controller.signal, redirect: 'error' });
      const text = await res.text();
      if (res.status === 200 || res.status === 201 || res.status === 204) return;
      const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1];
      problem = `${res.status}${code ? ` ${code}` : ''}`;
      if (res.status < 500 || attempt >= attempts) throw new UploadError(`uploading the build context to ${origin} failed: ${problem}`);
    } catch (err) {
      if (err instanceof UploadError) throw err;
      const e = err as Error & { code?: string };
      problem = err instanceof AbortError ? 'no answer before the timeout' : (e.code ?? e.message);
      if (attempt >= attempts) throw new UploadError(`uploading the build context to ${origin} failed: ${problem}`);
    } finally {
      clearTimeout(timer);
    }
    await new Promise((r) => setTimeout(r, 300 * attempt));
  }
}
