/**
 * The generated README tells, for each chosen telephony transport, how a call reaches the agent on
 * Pipecat Cloud (stream URL or webhook that names the deployed agent) and on this machine (the
 * development runner behind ngrok, or server.py), and nothing of the kind for other transports.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CASCADE_ARGS, WEB_ARGS, makeTempDir, mapLimit, removeDir, runCliAsync } from './helpers/cli.js';

/** A project name whose agent name differs from it, so the README must use the derived one. */
const NAME = 'Acme.Phone_Line';
const AGENT = 'acme-phone-line';
const SERVICE = `${AGENT}.ORGANIZATION_NAME`;

interface Case {
  /** `--transport` value. */
  transport: string;
  /** Strings of the Pipecat Cloud route. */
  cloud: string[];
  /** Strings of the local route. */
  local: string[];
}

const CASES: Case[] = [
  {
    transport: 'twilio',
    cloud: ['<Stream url="wss://api.pipecat.daily.co/ws/twilio">', `<Parameter name="_pipecatCloudServiceHost" value="${SERVICE}"/>`],
    local: ['ngrok http 7860', 'uv run bot.py -t twilio -x NGROK_HOST', '`https://NGROK_HOST/`'],
  },
  {
    transport: 'telnyx',
    cloud: [`<Stream url="wss://api.pipecat.daily.co/ws/telnyx?serviceHost=${SERVICE}" bidirectionalMode="rtp">`],
    local: ['ngrok http 7860', 'uv run bot.py -t telnyx -x NGROK_HOST', '`https://NGROK_HOST/`'],
  },
  {
    transport: 'plivo',
    cloud: [`wss://api.pipecat.daily.co/ws/plivo?serviceHost=${SERVICE}</Stream>`, 'Answer URL'],
    local: ['ngrok http 7860', 'uv run bot.py -t plivo -x NGROK_HOST', '`https://NGROK_HOST/`'],
  },
  {
    transport: 'exotel',
    cloud: [`wss://api.pipecat.daily.co/ws/exotel?serviceHost=${SERVICE}`, 'Voicebot'],
    local: ['ngrok http 7860', 'uv run bot.py -t exotel', '`wss://NGROK_HOST/ws`'],
  },
  {
    transport: 'daily_pstn_dialin',
    cloud: [`https://api.pipecat.daily.co/v1/public/webhooks/ORGANIZATION_NAME/${AGENT}/dialin`, 'Settings → Telephony'],
    local: ['ngrok http 7860', 'uv run bot.py -t daily', '`https://NGROK_HOST/daily-dialin-webhook`'],
  },
  {
    transport: 'daily_pstn_dialout',
    cloud: [
      'ENV=production',
      `PIPECAT_AGENT_NAME=${AGENT}`,
      `https://api.pipecat.daily.co/v1/public/${AGENT}/start`,
      'https://YOUR_SERVER_HOST/dialout',
    ],
    local: ['uv run bot.py -t daily', 'uv run server.py', 'curl -X POST http://localhost:8080/dialout', '"phone_number": "+15551234567"'],
  },
  {
    transport: 'twilio_daily_sip_dialin',
    cloud: [
      'ENV=production',
      `PIPECAT_AGENT_NAME=${AGENT}`,
      `https://api.pipecat.daily.co/v1/public/${AGENT}/start`,
      '`https://YOUR_SERVER_HOST/call`',
    ],
    local: ['uv run bot.py -t daily', 'uv run server.py', 'ngrok http 8080', '`https://NGROK_HOST/call`'],
  },
  {
    transport: 'twilio_daily_sip_dialout',
    cloud: [
      'ENV=production',
      `PIPECAT_AGENT_NAME=${AGENT}`,
      `https://api.pipecat.daily.co/v1/public/${AGENT}/start`,
      'https://YOUR_SERVER_HOST/dialout',
    ],
    local: [
      'uv run bot.py -t daily',
      'uv run server.py',
      'curl -X POST http://localhost:8080/dialout',
      '"sip_uri": "sip:+15551234567@your-domain.sip.twilio.com"',
      '{{#e164}}{{To}}{{/e164}}',
    ],
  },
];

/** Markers of each websocket provider's routes: none may appear unless that provider was chosen. */
const PROVIDER_MARKERS: Record<string, string[]> = {
  twilio: ['wss://api.pipecat.daily.co/ws/twilio', '_pipecatCloudServiceHost', '-t twilio'],
  telnyx: ['wss://api.pipecat.daily.co/ws/telnyx', '-t telnyx'],
  plivo: ['wss://api.pipecat.daily.co/ws/plivo', '-t plivo'],
  exotel: ['wss://api.pipecat.daily.co/ws/exotel', '-t exotel'],
};

/** Strings that belong to phone routing only. */
const PHONE_ONLY = ['NGROK_HOST', 'ORGANIZATION_NAME', 'api.pipecat.daily.co', 'Route calls to the deployed agent', 'server.py', 'dialin'];

let tmp: string;
/** README text by case name. */
const readmes = new Map<string, string>();

/** README sections: the local run (section 2) and the cloud deployment (section 3). */
function sections(readme: string): { local: string; cloud: string } {
  const local = readme.slice(readme.indexOf('## 2. Run it locally'), readme.indexOf('## 3. Deploy to Pipecat Cloud'));
  const cloud = readme.slice(readme.indexOf('## 3. Deploy to Pipecat Cloud'), readme.indexOf('## Project layout'));
  return { local, cloud };
}

beforeAll(async () => {
  tmp = makeTempDir('pipecat-readme-routing-');
  const jobs: { key: string; args: string[]; name: string }[] = [
    ...CASES.map((c) => ({ key: c.transport, name: NAME, args: ['-b', 'telephony', '-t', c.transport, ...CASCADE_ARGS] })),
    {
      key: 'all-streams',
      name: NAME,
      args: ['-b', 'telephony', '-t', 'twilio', '-t', 'telnyx', '-t', 'plivo', '-t', 'exotel', ...CASCADE_ARGS],
    },
    { key: 'local-only', name: NAME, args: ['-b', 'telephony', '-t', 'twilio', ...CASCADE_ARGS, '--no-deploy-to-cloud'] },
    { key: 'web', name: 'webbot', args: [...WEB_ARGS] },
    { key: 'web-daily', name: 'webbot', args: ['-b', 'web', '-t', 'daily', '-t', 'smallwebrtc', ...CASCADE_ARGS] },
  ];
  await mapLimit(jobs, 4, async (job) => {
    const out = join(tmp, job.key);
    const r = await runCliAsync(['init', '-n', job.name, ...job.args, '-o', out]);
    if (r.code !== 0) throw new Error(`init ${job.args.join(' ')} failed (${r.code}): ${r.stderr}`);
    readmes.set(job.key, readFileSync(join(out, job.name, 'README.md'), 'utf8'));
  });
}, 240_000); // 13 generations: minutes on a loaded 2-core machine
afterAll(() => removeDir(tmp));

describe('README phone routing', () => {
  test('the agent name used below is the one pcc-deploy.toml deploys', () => {
    const pcc = readFileSync(join(tmp, 'twilio', NAME, 'server', 'pcc-deploy.toml'), 'utf8');
    expect(pcc).toContain(`agent_name = "${AGENT}"`);
  });

  test.each(CASES.map((c) => [c.transport, c] as const))(
    '%s: cloud route names the real agent, local route uses the runner',
    (_name, c) => {
      const readme = readmes.get(c.transport)!;
      const { local, cloud } = sections(readme);
      for (const s of c.cloud) expect(cloud).toContain(s);
      for (const s of c.local) expect(local).toContain(s);
      // The project name is not the agent name: it must never stand in for it.
      expect(readme).not.toContain(`${NAME}.ORGANIZATION_NAME`);
      expect(readme).not.toContain(`/public/${NAME}/`);
    },
  );

  test.each(CASES.filter((c) => c.transport in PROVIDER_MARKERS).map((c) => [c.transport] as const))(
    '%s: no other websocket provider appears',
    (transport) => {
      const readme = readmes.get(transport)!;
      for (const [provider, markers] of Object.entries(PROVIDER_MARKERS)) {
        if (provider === transport) continue;
        for (const m of markers) expect(readme).not.toContain(m);
      }
    },
  );

  test('several providers: each has its local and its cloud route, once', () => {
    const { local, cloud } = sections(readmes.get('all-streams')!);
    for (const c of CASES.filter((x) => x.transport in PROVIDER_MARKERS)) {
      for (const s of c.cloud) expect(cloud).toContain(s);
      for (const s of c.local.filter((x) => x.startsWith('uv run'))) expect(local.split(s).length - 1).toBe(1);
    }
    expect(cloud.split('### Route calls to the deployed agent').length - 1).toBe(1);
    expect(cloud.split('uv run pipecat cloud organizations list').length - 1).toBe(1);
  });

  test('local only: the local route without any cloud route', () => {
    const readme = readmes.get('local-only')!;
    expect(readme).toContain('uv run bot.py -t twilio -x NGROK_HOST');
    expect(readme).not.toContain('## 3. Deploy to Pipecat Cloud');
    expect(readme).not.toContain('api.pipecat.daily.co');
    expect(readme).not.toContain('ORGANIZATION_NAME');
  });

  test.each([['web'], ['web-daily']])('%s-only project: no phone routing at all', (key) => {
    const readme = readmes.get(key)!;
    expect(readme).toContain('## 3. Deploy to Pipecat Cloud');
    for (const s of PHONE_ONLY) expect(readme).not.toContain(s);
    for (const markers of Object.values(PROVIDER_MARKERS)) for (const m of markers) expect(readme).not.toContain(m);
  });
});
