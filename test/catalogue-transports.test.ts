/**
 * Transport entries carry everything the generator needs for a transport (issue: transports as
 * catalogue data): these invariants keep an entry complete, so a new transport is one entry plus
 * its README partial. Checked against the files under templates/ and, when present, the pipecat API
 * index (test/helpers/shared.ts) and pipecat's own source (the runner's transport names).
 */
import { describe, expect, test } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { TRANSPORTS } from '../generators/app/catalogue/catalogue.js';
import type { TransportDefinition } from '../generators/app/catalogue/types.js';
import { clientVersions } from '../generators/app/render/client.js';
import { templatesDir } from '../generators/app/paths.js';
import { apiIndexPath, pipecatSrc, sharedAvailable } from './helpers/shared.js';

const ALL: readonly TransportDefinition[] = TRANSPORTS;
const PARTIALS = join(templatesDir(), 'project', 'partials');

/** Problems of one entry's shape (what the templates and the client rely on). */
function shapeProblems(t: TransportDefinition): string[] {
  const out: string[] = [];
  if ((t.kind === 'web') !== (t.call === 'web')) out.push(`kind ${t.kind} but call ${t.call}`);
  if (t.kind !== 'web' && t.client) out.push('a client entry on a telephony transport');
  if ((t.flow === 'runner') !== (t.params !== undefined))
    out.push(`flow ${t.flow} ${t.params ? 'with' : 'without'} create_transport params`);
  if ((t.dialMode === undefined) !== (t.dialVia === undefined)) out.push('dialMode and dialVia go together');
  if (t.dialMode === 'dial-out' && t.call !== 'dialout') out.push('a dial-out transport whose call is not dialout');
  if (!existsSync(join(PARTIALS, t.readme.local))) out.push(`missing README partial partials/${t.readme.local}`);
  if (t.kind === 'telephony' && !t.readme.cloud) out.push('a telephony transport without a cloud README partial');
  if (t.readme.cloud && !existsSync(join(PARTIALS, t.readme.cloud))) out.push(`missing README partial partials/${t.readme.cloud}`);
  return out;
}

describe('transport catalogue entries', () => {
  test('ids and aliases are unique and snake_case', () => {
    const names = ALL.flatMap((t) => [t.id, ...t.aliases]);
    expect(new Set(names).size).toBe(names.length);
    for (const n of names) expect(n).toMatch(/^[a-z][a-z0-9_]*$/);
  });

  test('web transports come first, in the order --list-options prints them', () => {
    const kinds = ALL.map((t) => t.kind);
    expect(kinds).toEqual([...kinds].sort((a, b) => (a === b ? 0 : a === 'web' ? -1 : 1)));
  });

  test.each(ALL.map((t) => [t.id, t] as const))('%s is complete (call, client, params, README partials)', (_id, t) => {
    expect(shapeProblems(t)).toEqual([]);
  });

  test('the shape check catches an incomplete entry', () => {
    const base = ALL.find((t) => t.kind === 'web')!;
    expect(shapeProblems({ ...base, readme: { local: 'transports/nope.local.md.ejs' } })).toEqual([
      'missing README partial partials/transports/nope.local.md.ejs',
    ]);
    // A web transport without a browser package is allowed: the bot alone serves it (test/client-start-request.test.ts).
    expect(shapeProblems({ ...base, client: undefined, params: undefined })).toEqual(['flow runner without create_transport params']);
  });

  test('every client transport package has a pinned version', () => {
    const versions = clientVersions();
    for (const t of ALL)
      if (t.client) expect(`${t.client.packageName}@${versions[t.client.packageName] ?? 'unpinned'}`).toMatch(/@\d+\.\d+\.\d+$/);
  });

  (sharedAvailable('transport params and imports vs the pipecat API index', 'apiIndex') ? test : test.skip)(
    'params classes and imports exist in the pipecat API index',
    () => {
      const api = JSON.parse(readFileSync(apiIndexPath()!, 'utf8')) as { classes: Record<string, unknown> };
      const where: Record<string, string> = {
        DailyParams: 'pipecat.transports.daily.transport',
        TransportParams: 'pipecat.transports.base_transport',
        FastAPIWebsocketParams: 'pipecat.transports.websocket.fastapi',
      };
      // A params class the runner's own three do not cover comes with the entry's `imports`.
      const moduleOf = (t: TransportDefinition, cls: string): string | undefined =>
        where[cls] ?? t.imports?.find((i) => i.names.includes(cls))?.from;
      for (const t of ALL) {
        if (t.params) {
          const path = `${moduleOf(t, t.params.className)}.${t.params.className}`;
          expect([t.id, path, api.classes[path] !== undefined]).toEqual([t.id, path, true]);
        }
        for (const imp of t.imports ?? [])
          for (const name of imp.names)
            expect([t.id, `${imp.from}.${name}`, api.classes[`${imp.from}.${name}`] !== undefined]).toEqual([
              t.id,
              `${imp.from}.${name}`,
              true,
            ]);
      }
    },
  );

  (sharedAvailable('runner transport names vs pipecat/runner/run.py', 'pipecatSrc') ? test : test.skip)(
    "every runner transport is one of the dev runner's -t choices",
    () => {
      const run = readFileSync(join(pipecatSrc()!, 'pipecat', 'runner', 'run.py'), 'utf8');
      const choices = /choices=\[([^\]]*)\],\s*default=None/.exec(run)?.[1] ?? '';
      const telephony = /TELEPHONY_TRANSPORTS = \[([^\]]*)\]/.exec(run)?.[1] ?? '';
      const names = [...`${choices} ${telephony}`.matchAll(/"(\w+)"/g)].map((m) => m[1]);
      for (const t of ALL) expect([t.id, names.includes(t.runnerTransport)]).toEqual([t.id, true]);
    },
  );
});
