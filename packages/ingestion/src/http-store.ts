import type { MeterAck, MeterKind } from '@glucoguard/domain';

/** One meter message as the API's storeMeterReadings takes it. */
export interface MeterMessage {
  imei: string;
  messageId?: string;
  payload: string;
}

/** Where the gateway and the ingestion worker check meters and store their readings. */
export interface MeterStorage {
  meterAuth(input: {
    imei: string;
    secret: string;
    clientId: string;
  }): Promise<{ ok: boolean; kind: MeterKind | null }>;
  storeMeterReadings(messages: readonly MeterMessage[]): Promise<MeterAck[][]>;
  close?(): Promise<void>;
}

/**
 * With a PostgreSQL URL, storage in the database itself (the API's own ingestion code on a pool of
 * this process, `@glucoguard/api/meter-store`); without one, the API's internal endpoints — the
 * embedded default, whose PGlite database lives inside the API process.
 */
export async function openMeterStorage(options: {
  databaseUrl: string | null;
  apiUrl: string;
  gatewayToken: string;
  poolSize: number;
}): Promise<MeterStorage> {
  if (options.databaseUrl) {
    const { openMeterStore } = await import('@glucoguard/api/meter-store');
    return openMeterStore({ databaseUrl: options.databaseUrl, poolSize: options.poolSize });
  }
  return new InternalApi(options.apiUrl, options.gatewayToken);
}

/** The API refused or failed a call: nothing it was asked to store may be acknowledged. */
export class InternalApiError extends Error {
  override name = 'InternalApiError';
}

/**
 * The API's internal endpoints (openapi.yaml tag `internal`), called with the shared gateway
 * token over keep-alive connections (Node's fetch pools them per origin).
 */
export class InternalApi implements MeterStorage {
  constructor(
    private readonly apiUrl: string,
    private readonly token: string,
    private readonly timeoutMs = 15_000,
  ) {}

  private async post<T>(path: string, body: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${this.apiUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-gateway-token': this.token },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new InternalApiError(`API unreachable at ${this.apiUrl}: ${(error as Error).message}`, { cause: error });
    }
    const text = await res.text().catch(() => '');
    let envelope: { code?: number; errMsg?: string; data?: T } = {};
    try {
      envelope = JSON.parse(text) as typeof envelope;
    } catch {
      // reported below with the status
    }
    if (res.status !== 200 || envelope.code !== 0 || envelope.data === undefined) {
      throw new InternalApiError(`API answered ${res.status} to ${path}: ${envelope.errMsg ?? text.slice(0, 200)}`);
    }
    return envelope.data;
  }

  /** Whether the meter's MQTT credentials are good, and what it measures. */
  meterAuth(input: {
    imei: string;
    secret: string;
    clientId: string;
  }): Promise<{ ok: boolean; kind: MeterKind | null }> {
    return this.post('/internal/v1/meterAuth', input);
  }

  /** Stores a batch of messages in one transaction; the acks of each message, in order. */
  async storeMeterReadings(messages: readonly MeterMessage[]): Promise<MeterAck[][]> {
    const data = await this.post<{ results: { acks: MeterAck[] }[] }>('/internal/v1/meterReadings', { messages });
    if (data.results.length !== messages.length) {
      throw new InternalApiError(`API answered ${data.results.length} results for ${messages.length} messages`);
    }
    return data.results.map((r) => r.acks);
  }
}
