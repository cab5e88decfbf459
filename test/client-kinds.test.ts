/**
 * Client kinds are open data (issue 25): `CLIENT_KINDS` entries are tied to their template folders
 * only by a check, so a kind without its folder fails here, by name, instead of being described
 * as another client by the README and passing every other test. The README names each kind by its
 * own label, through the real binary.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLIENT_KINDS, type ClientKind } from '../generators/app/catalogue/client-kinds.js';
import { resolveConfig } from '../generators/app/config/resolve.js';
import { clientKindProblems, planClient } from '../generators/app/render/client.js';
import { CASCADE_ARGS, makeTempDir, removeDir, runCli } from './helpers/cli.js';

let tmp: string;
beforeAll(() => {
  tmp = makeTempDir('pipecat-client-kinds-');
});
afterAll(() => removeDir(tmp));

/** A kind as a newcomer would add it: a catalogue entry whose template folder was never written (a name no kind will take). */
const MISSING: ClientKind = {
  ...CLIENT_KINDS.find((k) => k.template === 'vanilla-vite')!,
  template: 'no-such-kind-for-tests',
  framework: 'no-such-framework-for-tests',
  label: 'No such kind',
};

describe('client kinds are tied to their template folders', () => {
  test('every kind of CLIENT_KINDS has its template folder (with package.json) and README partial', () => {
    expect(clientKindProblems()).toEqual([]);
  });

  test('a kind without a template folder is named with what to add, and planning its client refuses it', () => {
    expect(clientKindProblems([MISSING])).toEqual([
      'client kind No such kind (--client-framework no-such-framework-for-tests, server vite) has no template folder templates/client/no-such-kind-for-tests/ with a package.json: add the app there, or remove the kind from CLIENT_KINDS',
    ]);
    const config = resolveConfig({
      flags: { project_name: 'x', transports: ['smallwebrtc'], mode: 'realtime', realtime_service: 'openai_realtime' },
    });
    expect(() => planClient(config, MISSING)).toThrow('has no template folder templates/client/no-such-kind-for-tests/');
  });

  test('a kind whose README partial is missing is named too', () => {
    expect(
      clientKindProblems([{ ...MISSING, template: 'vanilla-vite', readme: 'partials/client-readme-no-such-kind-for-tests.md.ejs' }]),
    ).toEqual([
      'client kind No such kind (--client-framework no-such-framework-for-tests, server vite) names README partial templates/project/partials/client-readme-no-such-kind-for-tests.md.ejs, which does not exist',
    ]);
  });
});

describe('the project README names the client by its kind', () => {
  test.each(CLIENT_KINDS.filter((k) => k.platform === 'web').map((k) => [k.label, k] as const))('%s', (_label, kind) => {
    const name = `readme-${kind.template}`;
    const r = runCli([
      'init',
      '--name',
      name,
      '-b',
      'web',
      '-t',
      'smallwebrtc',
      ...CASCADE_ARGS,
      '--client-framework',
      kind.framework,
      ...(CLIENT_KINDS.filter((k) => k.framework === kind.framework).length > 1 ? ['--client-server', kind.server] : []),
      '-o',
      tmp,
    ]);
    expect(r.code).toBe(0);
    const readme = readFileSync(join(tmp, name, 'README.md'), 'utf8');
    expect(readme).toContain(`A ${kind.label} app built on the official Pipecat client SDKs (\`@pipecat-ai/client-js\``);
  });
});
