/**
 * Preload (`node --import`) that appends the URL of every module the process loads to the file
 * named by `PIPECAT_MODULE_LOG`, one per line: ES modules through a loader hook
 * (`module-log-hooks.mjs`, Node's `module.register`), CommonJS modules through `Module._load`.
 * Used by test/yeoman-free.test.ts to see which bundle chunks and packages a command evaluates.
 */
import { appendFileSync } from 'node:fs';
import Module, { register } from 'node:module';
import { pathToFileURL } from 'node:url';

const out = process.env.PIPECAT_MODULE_LOG;
if (out) {
  register('./module-log-hooks.mjs', import.meta.url, { data: { out } });
  const load = Module._load;
  Module._load = function (request, parent, isMain) {
    try {
      const file = Module._resolveFilename(request, parent, isMain);
      if (file.startsWith('/')) appendFileSync(out, `${pathToFileURL(file).href}\n`);
    } catch {
      // an unresolvable request fails in the real load below
    }
    return load.apply(this, arguments);
  };
}
