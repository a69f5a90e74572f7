import type { MeterAck } from '@glucoguard/domain';
import { createApiClient, type ApiClient } from '@glucoguard/sdk';
import type { MeterAuthResult, MeterCredentials, MeterMessage, MeterStore } from './contract';

/**
 * The gateway token of development and tests, the same in the API and the gateway; production
 * refuses it in both (each sets GATEWAY_TOKEN to one random secret).
 */
export const DEV_GATEWAY_TOKEN = 'glucoguard-development-gateway-token';

/** The header the device gateway (or an ingestion worker) proves itself with to the API. */
export const GATEWAY_TOKEN_HEADER = 'x-gateway-token';

/** The API answered a batch with a different number of results: nothing may be acknowledged. */
export class MeterStoreError extends Error {
  override name = 'MeterStoreError';
}

export interface HttpMeterStoreOptions {
  /** Where the API lives, e.g. `http://127.0.0.1:3000/api`. */
  apiUrl: string;
  /** The secret shared with the API for its internal endpoints (GATEWAY_TOKEN). */
  gatewayToken: string;
  /** Time-out of one call, in milliseconds. */
  timeoutMs?: number;
}

/**
 * The API's internal endpoints (openapi.yaml tag `internal`: `meterAuth`, `storeMeterReadings`)
 * through the generated SDK client, with the shared gateway token on every call. A call that
 * fails (network, time-out, a non-zero envelope code) rejects with the SDK's ApiError, so the
 * caller acknowledges nothing of it. Node's fetch keeps the connections alive per origin.
 */
export class HttpMeterStore implements MeterStore {
  private readonly client: ApiClient;
  private readonly headers: Record<string, string>;

  constructor(options: HttpMeterStoreOptions) {
    this.client = createApiClient({ baseUrl: options.apiUrl, timeoutMs: options.timeoutMs ?? 15_000 });
    this.headers = { [GATEWAY_TOKEN_HEADER]: options.gatewayToken };
  }

  meterAuth(input: MeterCredentials): Promise<MeterAuthResult> {
    return this.client.POST('/internal/v1/meterAuth', { body: input, headers: this.headers });
  }

  async storeMeterReadings(messages: readonly MeterMessage[]): Promise<MeterAck[][]> {
    const data = await this.client.POST('/internal/v1/meterReadings', {
      body: { messages: messages as MeterMessage[] },
      headers: this.headers,
    });
    if (data.results.length !== messages.length) {
      throw new MeterStoreError(`API answered ${data.results.length} results for ${messages.length} messages`);
    }
    return data.results.map((r) => r.acks as MeterAck[]);
  }
}
