// The storage contract of meter ingestion: what the gateway (or an ingestion worker) hands over,
// and what stores it. The API implements it on its database (contexts/devices), the gateway
// reaches that implementation over HTTP (HttpMeterStore); both import these types from here.
import type { MeterAck, MeterKind } from '@glucoguard/domain';

/** One MQTT message of a meter as the gateway or an ingestion worker hands it over. */
export interface MeterMessage {
  imei: string;
  /** The MQTT packet id, for logs only: a resend may carry a new one. */
  messageId?: string;
  /** The payload as UTF-8 text. */
  payload: string;
}

/** A meter's MQTT credentials, as the gateway got them in CONNECT. */
export interface MeterCredentials {
  imei: string;
  secret: string;
  clientId: string;
}

/** Whether the credentials are good, and what the meter measures. */
export interface MeterAuthResult {
  ok: boolean;
  kind: MeterKind | null;
}

/** Where meters are checked and their readings stored. */
export interface MeterStore {
  /** Whether the meter's MQTT credentials are good, and what it measures. */
  meterAuth(input: MeterCredentials): Promise<MeterAuthResult>;
  /**
   * Stores a batch of messages in one transaction; the acks of each message, in order. Rejects
   * when nothing may be acknowledged (the database or the API failed).
   */
  storeMeterReadings(messages: readonly MeterMessage[]): Promise<MeterAck[][]>;
  close?(): Promise<void>;
}
