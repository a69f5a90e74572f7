import type { MeterAck, MeterKind } from '@glucoguard/domain';

/** One meter message as the API's storeMeterReadings takes it. */
export interface MeterMessage {
  imei: string;
  messageId?: string;
  payload: string;
}

/** The API refused or failed a call: nothing it was asked to store may be acknowledged. */
export class InternalApiError extends Error {
  override name = 'InternalApiError';
}

/**
 * The API's internal endpoints (openapi.yaml tag `internal`), called with the shared gateway
 * token over keep-alive connections (Node's fetch pools them per origin).
 */
export class InternalApi {
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
  meterAuth(input: { imei: string; secret: string; clientId: string }): Promise<{ ok: boolean; kind: MeterKind | null }> {
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
