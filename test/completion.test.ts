/**
 * `pipecat completion` (issue 13): the shell completion script yargs generates, for bash and zsh,
 * and that it completes through the real binary: bash sources the script and runs its completion
 * function as it would on Tab, with `pipecat` on PATH.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, makeTempDir, removeDir, runCli, childEnv } from './helpers/cli.js';
import { toolAvailable } from './helpers/shared.js';
import { TRANSPORTS } from '../generators/app/catalogue/catalogue.js';
import { selectableServiceIds } from '../generators/app/config/schema.js';

let tmp: string;
let binDir: string;
beforeAll(() => {
  tmp = makeTempDir('pipecat-completion-');
  // `pipecat` on PATH, as npm's bin link puts it.
  binDir = join(tmp, 'bin');
  mkdirSync(binDir);
  writeFileSync(join(binDir, 'pipecat'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(join(binDir, 'pipecat'), 0o755);
});
afterAll(() => removeDir(tmp));

/** Runs the bash completion function for a command line being typed; returns the candidates. */
function complete(words: string[]): string[] {
  const script = [
    'source <(pipecat completion)',
    `COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')})`,
    `COMP_CWORD=${words.length - 1}`,
    '_pipecat_yargs_completions',
    'printf "%s\\n" "${COMPREPLY[@]}"',
  ].join('\n');
  const env = childEnv({ PATH: `${binDir}:${process.env.PATH}`, SHELL: '/bin/bash' });
  const r = spawnSync('bash', ['-c', script], { encoding: 'utf8', env, timeout: 30_000 });
  expect(r.stderr).toBe('');
  return r.stdout.split('\n').filter(Boolean);
}

describe('pipecat completion', () => {
  test('prints a bash script by default and a zsh script under zsh', () => {
    const bash = runCli(['completion'], { env: { SHELL: '/bin/bash' } });
    expect(bash.code).toBe(0);
    expect(bash.stdout).toContain('complete -o bashdefault -o default -F _pipecat_yargs_completions pipecat');
    const zsh = runCli(['completion'], { env: { SHELL: '/usr/bin/zsh' } });
    expect(zsh.code).toBe(0);
    expect(zsh.stdout).toMatch(/^#compdef pipecat/);
    expect(zsh.stdout).toContain('compdef _pipecat_yargs_completions pipecat');
  });

  test('bash completes commands, sub-commands and flags through the binary', () => {
    expect(complete(['pipecat', ''])).toEqual(expect.arrayContaining(['init', 'cloud', 'completion']));
    expect(complete(['pipecat', 'cloud', 'secrets', 'un'])).toEqual(['unset']);
    expect(complete(['pipecat', 'init', '--st'])).toEqual(['--stt']);
  });

  test('bash completes the ids of --stt, --llm, --tts, --realtime, --video and -t from the catalogue (issue 26)', () => {
    for (const role of ['stt', 'llm', 'tts', 'realtime', 'video'] as const) {
      expect(complete(['pipecat', 'init', `--${role}`, ''])).toEqual(selectableServiceIds(role));
    }
    expect(complete(['pipecat', 'init', '--stt', 'deepgram_f']).sort()).toEqual(['deepgram_flux_sagemaker_stt', 'deepgram_flux_stt']);
    // -t: every id, with the vendor names accepted for them; update's transport flags too.
    const t = complete(['pipecat', 'init', '-t', '']);
    expect(t).toEqual(expect.arrayContaining([...TRANSPORTS.map((x) => x.id), 'twilio', 'daily']));
    expect(complete(['pipecat', 'update', '--add-transport', 'twi'])).toEqual(expect.arrayContaining(['twilio']));
    // bash splits `--llm=op` at "=": the value is completed alone.
    expect(complete(['pipecat', 'init', '--llm', '=', 'openai_r'])).toEqual(['openai_responses_llm']);
    // Flags still complete as before after a value.
    expect(complete(['pipecat', 'init', '--stt', 'deepgram_stt', '--ll'])).toEqual(['--llm']);
  });

  test('zsh: the script passes its words (one word for --llm=op) and gets the ids, as zsh offers them', () => {
    // The zsh script runs `pipecat --get-yargs-completions "${words[@]}"` and offers the lines.
    const ask = (words: string[]) =>
      spawnSync(process.execPath, [BIN, '--get-yargs-completions', ...words], {
        encoding: 'utf8',
        env: childEnv({ SHELL: '/usr/bin/zsh' }),
      });
    const tts = ask(['pipecat', 'init', '--tts', 'cartesia']);
    expect({ stderr: tts.stderr, lines: tts.stdout.trim().split('\n') }).toEqual({ stderr: '', lines: ['cartesia_tts'] });
    expect(ask(['pipecat', 'init', '--llm=openai_r']).stdout.trim()).toBe('--llm=openai_responses_llm');
    expect(ask(['pipecat', 'init', '--realtime', '']).stdout.trim().split('\n')).toEqual(selectableServiceIds('realtime'));
  });

  const zsh = toolAvailable('zsh completion', 'zsh', ['-fc', 'true']) ? test : test.skip;
  zsh('zsh (when installed) runs the script with its own word splitting and offers the ids', () => {
    // compsys' _describe and compdef stand in as printers: the script's own call of the binary is what runs.
    const script = [
      'compdef() { :; }',
      '_describe() { print -l -- ${(P)2}; }',
      '_default() { print DEFAULT; }',
      'source <(pipecat completion)',
      'words=(pipecat init --stt deepgram_f); CURRENT=4',
      '_pipecat_yargs_completions',
      'words=(pipecat init --llm=openai_r); CURRENT=3',
      '_pipecat_yargs_completions',
    ].join('\n');
    const env = childEnv({ PATH: `${binDir}:${process.env.PATH}`, SHELL: '/usr/bin/zsh' });
    const r = spawnSync('zsh', ['-fc', script], { encoding: 'utf8', env, timeout: 30_000 });
    expect({ stderr: r.stderr, lines: r.stdout.trim().split('\n') }).toEqual({
      stderr: '',
      lines: ['deepgram_flux_sagemaker_stt', 'deepgram_flux_stt', '--llm=openai_responses_llm'],
    });
  });
});
