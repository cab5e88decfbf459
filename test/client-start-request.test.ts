/**
 * Every client's start request comes from the transport catalogue, not from a list of transport ids
 * in its templates: a made-up web transport added to a copy of the catalogue is offered by every
 * kind that takes browser packages, and each kind's start request names it with its own body; a web
 * transport with no browser package is shown by the client (UI and README) as served by the bot.
 * Renders the real templates in memory with the plan `planClient` makes from the copy.
 */
import { describe, expect, test } from '@jest/globals';
import ejs from 'ejs';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import { TRANSPORTS } from '../generators/app/catalogue/catalogue.js';
import { CLIENT_KINDS, kindTransportSdks, type ClientKind } from '../generators/app/catalogue/client-kinds.js';
import type { TransportDefinition } from '../generators/app/catalogue/types.js';
import { resolveConfig } from '../generators/app/config/resolve.js';
import type { ProjectConfig } from '../generators/app/config/types.js';
import { templatesDir } from '../generators/app/paths.js';
import { planClient, type ClientCatalogue } from '../generators/app/render/client.js';

const SMALLWEBRTC = TRANSPORTS.find((t) => t.id === 'smallwebrtc')! as TransportDefinition;

/** A web transport no one has: its own runner name, browser package and start body. */
const PIGEON: TransportDefinition = {
  ...SMALLWEBRTC,
  id: 'pigeon',
  label: 'Carrier pigeon',
  aliases: [],
  runnerTransport: 'pigeon',
  client: {
    type: 'pigeon',
    packageName: '@example/pigeon-transport',
    className: 'PigeonTransport',
    startBody: { loft: 'north', body: {} },
  },
};

/** A web transport the bot alone serves: no browser package. */
const SEMAPHORE: TransportDefinition = {
  ...SMALLWEBRTC,
  id: 'semaphore',
  label: 'Semaphore flags',
  aliases: [],
  runnerTransport: 'semaphore',
  client: undefined,
  reach: 'the flag tower on the hill',
};

const CATALOGUE: ClientCatalogue = {
  transports: [...(TRANSPORTS as readonly TransportDefinition[]), PIGEON, SEMAPHORE],
  pins: { '@example/pigeon-transport': '1.0.0' },
};

/** A resolved web configuration whose transports are then replaced (the resolver knows only the real catalogue). */
function configWith(transports: string[], kind: ClientKind): ProjectConfig {
  const base = resolveConfig({
    flags: {
      project_name: 'pigeon-bot',
      bot_type: 'web',
      transports: ['daily'],
      mode: 'realtime',
      realtime_service: 'openai_realtime',
      client_framework: kind.framework,
      client_server: kind.server,
    },
  });
  return { ...base, transports };
}

/** Every `.ejs` file of the kind's template folder, rendered with the plan's context, by path. */
function renderClient(config: ProjectConfig, kind: ClientKind): { files: Map<string, string>; readme: string } {
  const plan = planClient(config, kind, CATALOGUE);
  if (!plan) throw new Error(`no client planned for ${kind.template}`);
  const files = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ejs'))
        files.set(
          relative(plan.templateDir, path),
          ejs.render(readFileSync(path, 'utf8'), plan.context, { filename: path, escape: (v: unknown) => String(v ?? '') }),
        );
    }
  };
  walk(plan.templateDir);
  const partial = join(templatesDir(), 'project', kind.readme);
  const readme = ejs.render(
    readFileSync(partial, 'utf8'),
    { client: plan.context },
    { filename: partial, escape: (v: unknown) => String(v ?? '') },
  );
  return { files, readme };
}

const offersPigeon = (k: ClientKind): boolean => 'pigeon' in kindTransportSdks(k, CATALOGUE.transports);

describe('the start request comes from the catalogue', () => {
  test('a made-up web transport: every kind with browser packages offers it and its start request names it', () => {
    const kinds = CLIENT_KINDS.filter(offersPigeon);
    expect(kinds.map((k) => k.template)).toEqual(CLIENT_KINDS.filter((k) => k.transports === 'browser').map((k) => k.template));
    const wrong: string[] = [];
    for (const kind of kinds) {
      const { files, readme } = renderClient(configWith(['pigeon', 'smallwebrtc'], kind), kind);
      const config = files.get(join('src', 'config.ts.ejs')) ?? '';
      // Its own body, not SmallWebRTC's: the runner name and the body's own field.
      if (!/\btransport: 'pigeon', loft: 'north', body: \{\} \}/.test(config)) wrong.push(`${kind.template}/src/config.ts`);
      if (!config.includes("from '@example/pigeon-transport'") && kind.template === 'vanilla-vite')
        wrong.push(`${kind.template}: no import`);
      if (!readme.includes('`{"transport": "pigeon", "loft": "north", "body": {}}` for Carrier pigeon'))
        wrong.push(`${kind.template} README`);
    }
    expect(wrong).toEqual([]);
  });

  test('a web transport without a browser package is served by the bot, in the client and its README', () => {
    const note = 'Semaphore flags is served by the bot, not by this client: use the flag tower on the hill.';
    for (const kind of CLIENT_KINDS) {
      const { files, readme } = renderClient(configWith(['daily', 'semaphore'], kind), kind);
      const config = files.get(join('src', 'config.ts.ejs')) ?? '';
      expect([kind.template, config.includes(JSON.stringify(note))]).toEqual([kind.template, true]);
      expect([kind.template, /\bsemaphore\b/.test(config.replace(JSON.stringify(note), ''))]).toEqual([kind.template, false]);
      expect([kind.template, readme.includes(note)]).toEqual([kind.template, true]);
      const ui = [
        ...files.values(),
        ...(kind.platform === 'mobile' ? [readFileSync(join(templatesDir(), 'client', kind.template, 'src', 'App.tsx'), 'utf8')] : []),
      ];
      expect([kind.template, ui.some((text) => /SERVED_BY_BOT\.map\(|of SERVED_BY_BOT\)/.test(text))]).toEqual([kind.template, true]);
    }
  });
});
