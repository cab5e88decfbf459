/**
 * `pipecat cloud auth login|logout|whoami`: credentials shared with the official Pipecat Cloud CLI.
 *
 * - `login` reads a personal access token (`pcc_pat_...`) from a hidden prompt, or from stdin when
 *   stdin is not a terminal (never from the command line), checks it with `GET /v1/organizations`,
 *   and stores `token` and `org` in the credentials file, keeping every other key and table.
 * - `logout` removes the token (and the `refresh_token`/`token_expires_at` that belong to it),
 *   keeping the rest of the file.
 * - `whoami` prints the user and organisation (never the token); `--json` for scripts.
 *
 * Source: the official CLI's credentials file (daily-co/pipecat-cloud `src/pipecatcloud/cli/config.py`); user guide:
 * docs/cloud-auth.md.
 */
import { NotLoggedInError, UserError } from '../../errors.js';
import { ApiError } from '../../cloud-api/errors.js';
import { credentialsPath, readCredentialsFile, updateCredentialsFile } from '../../cloud-api/credentials.js';
import { TOKEN_FRAGMENT_LENGTH, tokenSecretPart } from '../../../generators/app/output/redact.js';
import { apiHost, type CloudArgs, type CloudIO } from './common.js';
import type { CloudGroupDefinition, Emit, Resolved } from './define.js';
import { visibleField } from '../../../generators/app/output/terminal-safe.js';

/** A line sink: `line` plus a line break on the command's stderr. */
const lineSink = (io: CloudIO) => (line: string) => io.err(line + '\n');

/** Obtain the token for `login`: stdin when piped, else a hidden prompt. */
async function readToken(io: CloudIO): Promise<string> {
  const err = lineSink(io);
  let token: string;
  if (!io.terminal.stdin) {
    token = (await io.readStdin('stdin (the token for auth login)')).trim();
    if (!token) throw new UserError('no token on stdin: pipe a personal access token, e.g. `printf %s "$PAT" | pipecat cloud auth login`');
  } else {
    token = (
      await io.dialogs.password('Pipecat Cloud personal access token (pcc_pat_..., create one in the dashboard):', {
        noTty: 'no terminal to ask for the token: pipe it on stdin instead, e.g. `printf %s "$PAT" | pipecat cloud auth login`',
        validate: (v) => (v.trim() ? true : 'the token is empty'),
      })
    ).trim();
  }
  // From here on every output of this run is redacted of the token, in every encoding.
  io.registerSecrets?.([tokenSecretPart(token)], TOKEN_FRAGMENT_LENGTH);
  if (/\s/.test(token)) throw new UserError('the token contains whitespace: give exactly one token (a line break at the end is fine)');
  if (!token.startsWith('pcc_pat_')) err('warning: the token does not start with pcc_pat_ (personal access tokens do); trying it anyway');
  return token;
}

/** Handler of `pipecat cloud auth login`. */
async function login(io: CloudIO, argv: Resolved<CloudArgs & { token?: string }>, emit: Emit): Promise<void> {
  const err = lineSink(io);
  const env = io.env;
  if (argv.token !== undefined) {
    // Never echo it: it may already be in the shell history, but not in our output or logs too.
    throw new UserError('the token is not taken from the command line (it would stay in your shell history and process list)', [
      'pipe it on stdin: printf %s "$PIPECAT_PAT" | pipecat cloud auth login',
      'or run `pipecat cloud auth login` in a terminal and paste it at the hidden prompt',
    ]);
  }
  const path = credentialsPath(env);
  // Read the file first: a malformed file is reported before asking for anything.
  const { data } = await readCredentialsFile(path, err);
  const token = await readToken(io);
  const client = await io.makeClient(token, argv);
  let orgs;
  try {
    orgs = await client.organizations();
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) {
      throw new NotLoggedInError(
        `Pipecat Cloud at ${client.baseUrl} rejected this token (401 ${e.code}); nothing was saved`,
        'the token may be mistyped, revoked or expired: create a personal access token in the Pipecat Cloud dashboard and give that one',
      );
    }
    throw e;
  }
  const names = orgs.map((o) => o.name);
  let org: string | undefined;
  if (argv.organization) {
    if (!names.includes(argv.organization)) {
      throw new UserError(`--organization ${argv.organization}: this token has no access to it`, [
        `organisations of this token: ${names.join(', ') || '(none)'}`,
      ]);
    }
    org = argv.organization;
  } else if (env.PIPECAT_ORG && names.includes(env.PIPECAT_ORG)) {
    org = env.PIPECAT_ORG;
  } else if (typeof data.org === 'string' && names.includes(data.org)) {
    org = data.org;
  } else if (names.length > 1 && io.terminal.stdin) {
    org = io.dialogs.canPrompt()
      ? await io.dialogs.select(
          'Organisation',
          orgs.map((o) => ({
            title: visibleField(o.verboseName && o.verboseName !== o.name ? `${o.verboseName} (${o.name})` : o.name),
            value: o.name,
          })),
        )
      : names[0];
  } else {
    org = names[0];
  }
  if (!org) throw new UserError('this token has access to no organisation; create one in the Pipecat Cloud dashboard');
  await updateCredentialsFile(path, (d) => ({ ...d, token, org, refresh_token: undefined, token_expires_at: undefined }), err);
  let who = '';
  try {
    const u = await client.whoami();
    who = ` as ${visibleField(u.emails[0]?.emailAddress ?? u.userId)}`;
  } catch {
    /* the token is checked already; the user line is a nicety */
  }
  emit({ ok: true, organization: org, credentialsPath: path, apiHost: client.baseUrl });
  err(`Logged in to Pipecat Cloud${who}, organisation ${visibleField(org)}. Credentials saved to ${path}`);
  if (env.PIPECAT_TOKEN) err('note: PIPECAT_TOKEN is set in this shell and overrides the saved token');
  if (apiHost(argv, env)) err(`note: checked against ${client.baseUrl}`);
}

/** Handler of `pipecat cloud auth logout`. */
async function logout(io: CloudIO, _argv: Resolved<CloudArgs>, emit: Emit): Promise<void> {
  const err = lineSink(io);
  const path = credentialsPath(io.env);
  const { data, exists } = await readCredentialsFile(path, err);
  emit({ ok: true, credentialsPath: path, removed: exists && data.token !== undefined });
  if (!exists || data.token === undefined) {
    err(`Not logged in: no token in ${path}; nothing to do.`);
  } else {
    await updateCredentialsFile(path, (d) => ({ ...d, token: undefined, refresh_token: undefined, token_expires_at: undefined }), err);
    err(`Logged out: removed the token from ${path} (other settings kept).`);
  }
  if (io.env.PIPECAT_TOKEN) err('note: PIPECAT_TOKEN is still set in this shell; unset it to log out completely');
}

/** Handler of `pipecat cloud auth whoami`. */
async function whoami(io: CloudIO, argv: Resolved<CloudArgs>, emit: Emit): Promise<void> {
  const s = await io.openSession(argv);
  const user = await s.client.whoami();
  const doc = {
    userId: user.userId,
    emails: user.emails.map((e) => e.emailAddress),
    organization: s.org,
    organizationSource: s.orgSource,
    tokenSource: s.tokenSource,
    credentialsPath: s.credentialsPath,
    apiHost: s.client.baseUrl,
  };
  emit({ ok: true, ...doc });
  if (argv.json) return;
  const lines = [
    `user:          ${visibleField(doc.emails[0] ?? '(no email)')} (${visibleField(doc.userId)})`,
    `organisation:  ${visibleField(doc.organization)} (from ${doc.organizationSource === 'api' ? 'your first organisation' : doc.organizationSource === 'flag' ? '--organization' : doc.organizationSource})`,
    `token from:    ${doc.tokenSource === 'PIPECAT_TOKEN' ? 'PIPECAT_TOKEN' : doc.credentialsPath}`,
    `API:           ${doc.apiHost}`,
  ];
  io.out(lines.join('\n') + '\n');
}

/** The `cloud auth` group (the official `auth login|logout|whoami`). */
export const AUTH_GROUP: CloudGroupDefinition = {
  command: 'auth <command>',
  describe: 'Log in to Pipecat Cloud, log out, show who you are (credentials shared with the official CLI)',
  official: 'auth',
  commands: [
    {
      command: 'login [token]',
      describe: 'Save a personal access token (asked hidden, or read from stdin) and organisation',
      official: 'auth login',
      positionals: {
        token: {
          type: 'string',
          describe: 'Refused: a token on the command line leaks into shell history; pipe it on stdin or answer the prompt',
        },
      },
      options: { token: { type: 'string', hidden: true } },
      examples: [['printf %s "$PIPECAT_PAT" | $0 cloud auth login', 'log in from a script']],
      run: login,
    },
    {
      command: 'use-pat [token]',
      describe: 'Save a personal access token, as login does (stdin or a hidden prompt; never from the command line)',
      official: 'auth use-pat',
      positionals: {
        token: {
          type: 'string',
          describe: "Refused (pipecat's CLI takes it here): a token on the command line leaks into shell history; pipe it on stdin",
        },
      },
      options: { token: { type: 'string', hidden: true } },
      examples: [['printf %s "$PIPECAT_PAT" | $0 cloud auth use-pat', 'save a personal access token from a script']],
      run: login,
    },
    {
      command: 'logout',
      describe: 'Remove the saved token (keeps the other settings of the credentials file)',
      official: 'auth logout',
      run: logout,
    },
    {
      command: 'whoami',
      describe: 'Show the user and organisation of the current credentials (never the token)',
      official: 'auth whoami',
      run: whoami,
    },
  ],
};
