/**
 * Code that explains itself: no source file under `cli/`, `generators/`, `scripts/`, `bench/` or
 * `templates/` cites a numbered issue ("issue 23"), a path beside the repository (`../shared`) or the
 * private design notes (`catalogue-facts`). A reader of this repository reaches none of them; a
 * comment gives the reason itself or a public source (pipecat's file at 1.8.0, a docs.pipecat.ai
 * page, a vendor's docs) instead.
 *
 * The one exception is `scripts/shared-paths.ts`, the documented helper that says where pipecat's
 * source is found (`PIPECAT_SHARED`, default `<repo>/../shared`). The rule is the one of
 * `grep -rnE "issue [0-9]+|\.\./shared|catalogue-facts" cli generators scripts bench templates`.
 */
import { describe, expect, test } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const FOLDERS = ['cli', 'generators', 'scripts', 'bench', 'templates'];
/** The one documented helper allowed to name the folder beside the repository. */
const HELPER = 'scripts/shared-paths.ts';
/** The forbidden references, as the grep above spells them. */
const OUTSIDE = /issue [0-9]+|\.\.\/shared|catalogue-facts/;

/** Every file under `dir`, as paths relative to the repository root. */
function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(ROOT, join(e.parentPath, e.name)).split('\\').join('/'));
}

/** `file:line: text` of every line of `text` that the rule refuses. */
function hits(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) => (OUTSIDE.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
}

describe('no reference that leads out of the repository', () => {
  test('the rule catches each form it names, and not the reason written out', () => {
    expect(hits('x.ts', ' * refused (issue 23).')).toHaveLength(1);
    expect(hits('x.ts', ' * Source: ../shared/design/cloud-api.md')).toHaveLength(1);
    expect(hits('x.ts', "why: 'x (catalogue-facts §10.2)'")).toHaveLength(1);
    expect(hits('x.ts', ' * no issue here; a shared folder; docs/generated-project.md')).toEqual([]);
  });

  test(`cli, generators, scripts, bench and templates cite none (outside ${HELPER})`, () => {
    const files = FOLDERS.flatMap(filesUnder).filter((f) => f !== HELPER);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((f) => hits(f, readFileSync(join(ROOT, f), 'utf8')));
    expect(found).toEqual([]);
  });
});
