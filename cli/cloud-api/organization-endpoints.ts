/**
 * The organisation-level endpoints of the Pipecat Cloud REST API, as methods of
 * {@link OrganizationEndpoints}, which `CloudClient` (`client.ts`) extends: secret sets and
 * image pull secrets, regions, the organisation's properties, the token's organisations and user,
 * and public API keys.
 *
 * Source: the official CLI pipecatcloud (daily-co/pipecat-cloud `src/pipecatcloud/api.py`, paths in
 * `config.py`) and docs.pipecat.ai's REST reference; the paths our client calls that the reference
 * does not describe: docs/cloud-emulator.md.
 */
import { apiPath } from './http.js';
import { ApiRequester } from './requester.js';
import type {
  Organization,
  OrganizationProperties,
  PropertySchema,
  Region,
  SecretSetDetail,
  SecretSetSummary,
  UpsertResult,
  User,
} from './types.js';
import type { PublicApiKey } from './session-types.js';

/**
 * Secrets, regions, properties, organisations, user and public API keys: one method per endpoint,
 * on top of {@link ApiRequester.request}. `org` parameters are organisation names (as in
 * `GET /v1/organizations`). Use it through `CloudClient`.
 */
export class OrganizationEndpoints extends ApiRequester {
  /**
   * `GET /v1/organizations/{org}/secrets`: every secret set of the organisation.
   *
   * @param opts.region only sets in this region
   */
  async listSecretSets(org: string, opts: { region?: string } = {}): Promise<SecretSetSummary[]> {
    const r = await this.request<{ sets?: SecretSetSummary[] }>({
      method: 'GET',
      path: apiPath`/v1/organizations/${org}/secrets`,
      query: { region: opts.region },
    });
    return r.sets ?? [];
  }

  /**
   * `GET /v1/organizations/{org}/secrets/{set}`: key names (never values), region and status.
   *
   * @throws ApiError 404 `NOT_FOUND` when the set does not exist; 400 `GENERIC_BAD_REQUEST` for an
   *   image pull secret (they cannot be read by name)
   */
  async getSecretSet(org: string, set: string, opts: { region?: string } = {}): Promise<SecretSetDetail> {
    return this.request<SecretSetDetail>({
      method: 'GET',
      path: apiPath`/v1/organizations/${org}/secrets/${set}`,
      query: { region: opts.region },
    });
  }

  /**
   * `PUT /v1/organizations/{org}/secrets/{set}` with one key: creates the set when missing. The set
   * is `pending` afterwards, then `ready` or `failed`.
   *
   * @param secret.key the key; secret.value its value (never logged); secret.region region of a new
   *   set (a different region for an existing set is a 400)
   * @returns `{status:'OK', region}` from the 202 answer
   */
  async upsertSecret(org: string, set: string, secret: { key: string; value: string; region?: string }): Promise<UpsertResult> {
    const body: Record<string, unknown> = { name: set, isImagePullSecret: false, secretKey: secret.key, secretValue: secret.value };
    if (secret.region) body.region = secret.region;
    return this.request<UpsertResult>({ method: 'PUT', path: apiPath`/v1/organizations/${org}/secrets/${set}`, body });
  }

  /**
   * `PUT /v1/organizations/{org}/secrets/{set}` creating or replacing an image pull secret.
   *
   * @param p.host registry URL (the server appends `/`); p.secretValue base64 of `user:token`
   */
  async upsertImagePullSecret(org: string, set: string, p: { host: string; secretValue: string; region?: string }): Promise<UpsertResult> {
    const body: Record<string, unknown> = { isImagePullSecret: true, secretValue: p.secretValue, host: p.host };
    if (p.region) body.region = p.region;
    return this.request<UpsertResult>({ method: 'PUT', path: apiPath`/v1/organizations/${org}/secrets/${set}`, body });
  }

  /**
   * `DELETE /v1/organizations/{org}/secrets/{set}/{key}`.
   *
   * @throws ApiError 404 `NOT_FOUND` ("Secret not found" / "Set not found"), unless an earlier
   *   attempt of this call may have landed (see the module comment)
   */
  async deleteSecret(org: string, set: string, key: string): Promise<void> {
    await this.request({ method: 'DELETE', path: apiPath`/v1/organizations/${org}/secrets/${set}/${key}` });
  }

  /** `DELETE /v1/organizations/{org}/secrets/{set}` (either type). @throws ApiError 404 `NOT_FOUND` */
  async deleteSecretSet(org: string, set: string): Promise<void> {
    await this.request({ method: 'DELETE', path: apiPath`/v1/organizations/${org}/secrets/${set}` });
  }

  /** `GET /v1/organizations/{org}/regions`: codes and display names. */
  async regions(org: string): Promise<Region[]> {
    const r = await this.request<{ regions?: Region[] }>({ method: 'GET', path: apiPath`/v1/organizations/${org}/regions` });
    return r.regions ?? [];
  }

  /** `GET /v1/organizations/{org}/properties`, e.g. `{defaultRegion:'us-west'}`. */
  async organizationProperties(org: string): Promise<OrganizationProperties> {
    const r = await this.request<{ properties: OrganizationProperties }>({
      method: 'GET',
      path: apiPath`/v1/organizations/${org}/properties`,
    });
    return r.properties;
  }

  /** `GET /v1/organizations`: the organisations the token can use (also how a token is checked). */
  async organizations(): Promise<Organization[]> {
    const r = await this.request<{ organizations?: Organization[] }>({ method: 'GET', path: '/v1/organizations' });
    return r.organizations ?? [];
  }

  /** `GET /v1/users`: the token's user. */
  async whoami(): Promise<User> {
    const r = await this.request<{ user: User }>({ method: 'GET', path: '/v1/users' });
    return r.user;
  }

  /**
   * `GET /v1/organizations/{org}/properties/schema`: each property with its type, current value,
   * default and available values (pipecatcloud `api.py` `_properties_schema`; REST reference
   * `getPropertiesSchema`).
   */
  async propertiesSchema(org: string): Promise<Record<string, PropertySchema>> {
    const r = await this.request<{ properties?: Record<string, PropertySchema> }>({
      method: 'GET',
      path: apiPath`/v1/organizations/${org}/properties/schema`,
    });
    return r.properties ?? {};
  }

  /**
   * `PATCH /v1/organizations/{org}/properties` with the properties to set (pipecatcloud `api.py`
   * `_properties_update`). Not retried (PATCH). The REST reference answers each property's schema;
   * an answer of plain values is taken too.
   *
   * @throws ApiError 400 `GENERIC_BAD_REQUEST` for an unknown property or a value it refuses
   */
  async updateProperties(org: string, props: Partial<OrganizationProperties>): Promise<Record<string, PropertySchema | string>> {
    const r = await this.request<{ properties?: Record<string, PropertySchema | string> }>({
      method: 'PATCH',
      path: apiPath`/v1/organizations/${org}/properties`,
      body: props,
    });
    return r.properties ?? {};
  }

  /** `GET /v1/organizations/{org}/apiKeys`: the organisation's public API keys (revoked ones too). */
  async publicKeys(org: string): Promise<PublicApiKey[]> {
    const r = await this.request<{ public?: PublicApiKey[] }>({ method: 'GET', path: apiPath`/v1/organizations/${org}/apiKeys` });
    return r.public ?? [];
  }

  /**
   * `POST /v1/organizations/{org}/apiKeys` `{"name","type":"public"}` (pipecatcloud `api.py`
   * `_api_key_create`). Sent once (a repeat would make a second key).
   *
   * @returns the new key, its value in `key`
   */
  async createPublicKey(org: string, name: string): Promise<PublicApiKey> {
    return this.request<PublicApiKey>({ method: 'POST', path: apiPath`/v1/organizations/${org}/apiKeys`, body: { name, type: 'public' } });
  }

  /** `DELETE /v1/organizations/{org}/apiKeys/{id}`: revoke a key (the platform keeps it, marked revoked). @throws ApiError 404 */
  async revokeKey(org: string, id: string): Promise<void> {
    await this.request({ method: 'DELETE', path: apiPath`/v1/organizations/${org}/apiKeys/${id}` });
  }
}
