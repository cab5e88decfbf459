/**
 * The dotenv look-alikes and the names that are sent, shared by the rule's fast test
 * (`test/deploy-context-folder.test.ts`) and the upload the emulator receives
 * (`test/cloud/deploy-context.test.ts`).
 */

/** Names a dotenv loader, direnv, compose or a human takes for a dotenv file. */
export const LOOK_ALIKES = [
  '.env',
  '.ENV',
  '.Env.Local',
  '.env.local',
  '.env.production',
  '.env-prod',
  '.env_dev',
  '.env~',
  '.envrc',
  '.env.bak',
  '.env.example.local',
  'prod.env',
  'x.ENV',
  'staging.env',
  '.env  ',
  '.env\u200b',
  '\u200b.env',
  '.e\u200bnv',
  '.env\ufeff',
  '.env\u2060',
  '\uff0e\uff45\uff4e\uff56',
  'a\u001b[2J.env',
  '.Env/config.yml',
  '.envs/.production/.django',
  '.ENVS/keys.txt',
  '.Env/.env.example',
  'sub/.env',
  'deep/a/b/.env.local',
];
/** The templates, sent (with names that only look like the rule). */
export const SENT = [
  '.env.example',
  '.env.sample',
  '.env.template',
  '.ENV.Example',
  'sub/.env.example',
  'environment.py',
  'envs/x.txt',
  'my.envy',
];
