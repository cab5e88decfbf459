/**
 * Request and response shapes of the Pipecat Cloud REST API used by `pipecat cloud ...`.
 *
 * Source: the contract of `api.pipecat.daily.co` as the official `pipecatcloud` CLI uses it
 * (daily-co/pipecat-cloud `src/pipecatcloud/api.py`) and docs.pipecat.ai's REST reference. The emulator serves the same
 * shapes. Field names are the platform's (camelCase on the wire), so they are not renamed here.
 */

/**
 * Readiness of a secret set as the platform reports it: `pending` after a write, then `ready` or
 * `failed` (REST reference, `SecretSetSummary.status`); `unknown` for a set that references a
 * Kubernetes Secret in a self-hosted region the platform could not reach (docs.pipecat.ai,
 * pipecat-cloud/enterprise/secrets, "Readiness"). Any other word a newer platform sends is kept
 * as sent: only `ready` means a deploy may bind the set.
 */
export type SecretSetStatus = 'pending' | 'ready' | 'failed' | 'unknown' | (string & {});

/** Kind of secret set: regular key/value secrets, or a container registry pull secret. */
type SecretSetType = 'secret' | 'imagePullSecret';

/** One entry of `GET /v1/organizations/{org}/secrets`. */
export interface SecretSetSummary {
  name: string;
  type: SecretSetType;
  region: string;
  status: SecretSetStatus;
  /** Present when `status` is `failed`. */
  errorMessage?: string;
}

/** `GET /v1/organizations/{org}/secrets/{set}`: key names only, never values. */
export interface SecretSetDetail {
  secrets: { fieldName: string }[];
  region: string;
  status: SecretSetStatus;
  errorMessage?: string;
}

/** 202 answer of an upsert (`PUT .../secrets/{set}`). */
export interface UpsertResult {
  status: 'OK';
  /** Region the set lives in (the one given, the existing set's, or the org default). */
  region: string;
}

/** A region the organisation can deploy to, from `GET /v1/organizations/{org}/regions`. */
export interface Region {
  code: string;
  display_name: string;
}

/** `GET /v1/organizations/{org}/properties`. */
export interface OrganizationProperties {
  defaultRegion: string;
}

/**
 * One property of `GET .../properties/schema` (and of a `PATCH .../properties` answer): REST
 * reference `PropertySchema` (`type`, `description`, `default`, `currentValue`, `readOnly` required).
 */
export interface PropertySchema {
  type: string;
  description: string;
  default: unknown;
  currentValue: unknown;
  readOnly: boolean;
  /** Valid values, when the property has a fixed set (the region codes of `defaultRegion`). */
  availableValues?: unknown[];
}

/** One entry of `GET /v1/organizations`. */
export interface Organization {
  name: string;
  verboseName: string;
}

/** `GET /v1/users`. */
export interface User {
  userId: string;
  emails: { emailAddress: string }[];
}

/** Error body the platform sends with 4xx/5xx answers. */
export interface ApiErrorBody {
  error: string;
  code: string;
}
