/**
 * `pipecat doctor`'s client check: the project's client (`client/package.json`) connects over a
 * transport the server does not serve (`client-transport`). Which transport a client connects with
 * is the client SDK package it depends on (the catalogue's `client.packageName` of each web
 * transport, and the client kinds' SDKs in `generators/app/catalogue/client-kinds.ts`); what the
 * server serves is `CodeFacts.transports` and the runner transports the code hands to
 * `create_transport`.
 */
import { CLIENT_KINDS, kindTransportSdks } from '../../generators/app/catalogue/client-kinds.js';
import { TRANSPORTS } from '../../generators/app/catalogue/catalogue.js';
import type { Finding } from './types.js';
import type { DoctorProject } from './project.js';

/** Client SDK package → the runner transport (`-t` value) it connects over. */
function sdkTransports(): Map<string, string> {
  const out = new Map<string, string>();
  for (const kind of CLIENT_KINDS)
    for (const [runner, sdk] of Object.entries(kindTransportSdks(kind))) if (sdk) out.set(sdk.packageName, runner);
  return out;
}

/** The runner transports the server serves. */
function served(p: DoctorProject): Set<string> {
  const out = new Set(p.reading.transports.map((t) => t.key));
  for (const id of p.facts.transports) {
    const t = TRANSPORTS.find((x) => x.id === id);
    if (t) out.add(t.runnerTransport);
  }
  return out;
}

/**
 * The client check of a project with `client/package.json`.
 *
 * @param p the project
 * @returns findings `client-transport` (at the dependency's line of client/package.json)
 */
export function clientChecks(p: DoctorProject): Finding[] {
  if (p.clientPackage === undefined) return [];
  let deps: Record<string, unknown>;
  try {
    const doc = JSON.parse(p.clientPackage) as { dependencies?: Record<string, unknown> };
    deps = doc.dependencies ?? {};
  } catch {
    return [];
  }
  const file = 'client/package.json';
  const sdks = sdkTransports();
  const serving = served(p);
  const lines = p.clientPackage.split('\n');
  const out: Finding[] = [];
  for (const name of Object.keys(deps)) {
    const runner = sdks.get(name);
    if (runner === undefined || serving.has(runner)) continue;
    const line = lines.findIndex((l) => l.includes(`"${name}"`));
    const offered = [...serving].join(', ') || 'none';
    out.push({
      check: 'client-transport',
      message: `the client connects with ${name} (the ${runner} transport), which the server does not serve (it serves: ${offered})`,
      where: { path: file, line: line >= 0 ? line + 1 : undefined },
      fix: `serve ${runner} in the server (pipecat update --add-transport …), or switch the client to a transport the server serves`,
    });
  }
  return out;
}
