import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import {
  meterAcksTopic,
  meterReadingsTopic,
  parseMeterAck,
  type MeterAckStatus,
  type MeterKind,
} from '@glucoguard/domain';

export interface SimulatorOptions {
  /** The broker, e.g. `mqtt://127.0.0.1:1883` or `mqtts://…`. */
  url: string;
  imei: string;
  secret: string;
  kind: MeterKind;
  /** How many readings to deliver. */
  count: number;
  /** Readings per second; 0 sends as fast as the connection takes them. */
  rate: number;
  /** Readings per MQTT message (1 to 100). */
  batch?: number;
  /** Most messages published and not yet PUBACKed at once (the meter's in-flight window). */
  window?: number;
  /** Prefix of the reading ids; the default is unique per run. */
  idPrefix?: string;
  /** A PUBACKed reading without an ack this long later is sent again, with the same id. */
  resendAfterMs?: number;
  /** Gives up (resolving with readings still unacked) after this long. */
  deadlineMs?: number;
  /** Extra connection options (TLS certificates and the like). */
  connectOptions?: Partial<IClientOptions>;
  /** When each reading was measured; the default is now. */
  measuredAt?: (index: number) => Date;
  /** Called about once a second with how far the stream got. */
  onProgress?: (progress: SimulatorProgress) => void;
  /** The map the summary's `pubackedAt` fills as PUBACKs arrive, to watch the stream while it runs. */
  pubackedAt?: Map<string, number>;
}

export interface SimulatorProgress {
  generated: number;
  /** Readings sent and not acked yet. */
  pending: number;
  published: number;
  acked: number;
  connected: boolean;
}

export interface SimulatorSummary {
  readings: number;
  /** MQTT messages published, resends included. */
  published: number;
  stored: number;
  duplicate: number;
  rejected: number;
  /** Readings that never got an ack before the deadline. */
  unacked: number;
  reconnects: number;
  /** The CONNACK return code when the gateway refused the meter's credentials (4 or 5). */
  refused: number | null;
  /** The first ack of each reading id: its status and when it arrived (epoch ms). */
  acks: Map<string, { status: MeterAckStatus; at: number }>;
  /** When the message carrying each reading id first got its PUBACK (epoch ms). */
  pubackedAt: Map<string, number>;
  rejectReasons: Map<string, number>;
  /** Milliseconds from publish to PUBACK, per message. */
  pubackLatencies: number[];
  elapsedMs: number;
}

interface Pending {
  id: string;
  payload: Record<string, unknown>;
  sentAt: number;
  /** The connection it was last sent on, and whether that send was PUBACKed. */
  connection: number;
  pubacked: boolean;
}

const CHINA_OFFSET_MS = 8 * 3600 * 1000;

/** `2026-11-21T08:05:00+08:00`: China has no summer time, so the offset is fixed. */
function chinaIso(at: Date): string {
  return `${new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 19)}+08:00`;
}

/** A value like a real meter would send: glucose 4.0–12.0 mmol/L, pressure about 110–150/70–95. */
function readingPayload(kind: MeterKind, id: string, measuredAt: Date, index: number): Record<string, unknown> {
  const at = chinaIso(measuredAt);
  const health = index % 10 === 0 ? { battery: Math.max(5, 100 - (index % 95)), signal: -70 - (index % 40) } : {};
  if (kind === 'bp') {
    return {
      id,
      kind,
      sbp: 110 + (index % 41),
      dbp: 70 + (index % 26),
      hr: 60 + (index % 31),
      measuredAt: at,
      ...health,
    };
  }
  return { id, kind, value: Math.round(40 + ((index * 37) % 81)) / 10, unit: 'mmol/L', measuredAt: at, ...health };
}

/** A reading sent on a connection that closed before its PUBACK is sent again this long after. */
const UNANSWERED_RESEND_MS = 30_000;

/**
 * A cellular meter: connects with a persistent session (cleanSession false), publishes readings
 * with QoS 1 at a set rate within an in-flight window, listens on its acks topic, and sends again —
 * with the same ids — every reading that got no ack: at once after a reconnect when its PUBACK never
 * came, and after `resendAfterMs` when the PUBACK came but the ack did not. Each connection is a
 * fresh client, so the resends go out pipelined instead of one by one from mqtt.js's store.
 */
export async function runMeterSimulator(options: SimulatorOptions): Promise<SimulatorSummary> {
  const batch = Math.min(100, Math.max(1, options.batch ?? 1));
  const window = Math.max(1, options.window ?? 200);
  const prefix = options.idPrefix ?? `sim-${Date.now().toString(36)}-`;
  const resendAfterMs = options.resendAfterMs ?? 5000;
  const start = Date.now();
  const deadline =
    start + (options.deadlineMs ?? Math.max(60_000, options.rate > 0 ? (options.count / options.rate) * 3000 : 0));
  const pending = new Map<string, Pending>();
  const summary: SimulatorSummary = {
    readings: options.count,
    published: 0,
    stored: 0,
    duplicate: 0,
    rejected: 0,
    unacked: 0,
    reconnects: 0,
    refused: null,
    acks: new Map(),
    pubackedAt: options.pubackedAt ?? new Map<string, number>(),
    rejectReasons: new Map(),
    pubackLatencies: [],
    elapsedMs: 0,
  };

  let client = null as MqttClient | null;
  let connection = 0;
  let connected = false;
  let inFlight = 0;
  let finished = false;

  const onAck = (payload: Buffer) => {
    const ack = parseMeterAck(payload.toString('utf8'));
    for (const id of ack?.ids ?? []) {
      pending.delete(id);
      if (!ack || summary.acks.has(id)) {
        continue;
      }
      summary.acks.set(id, { status: ack.status, at: Date.now() });
      summary[ack.status] += 1;
      if (ack.status === 'rejected') {
        summary.rejectReasons.set(ack.reason ?? '', (summary.rejectReasons.get(ack.reason ?? '') ?? 0) + 1);
      }
    }
  };

  const connect = () => {
    connection += 1;
    const mine = connection;
    const c = mqtt.connect(options.url, {
      clientId: options.imei,
      username: options.imei,
      password: options.secret,
      clean: false,
      protocolVersion: 4,
      reconnectPeriod: 0,
      connectTimeout: 5000,
      ...options.connectOptions,
    });
    client = c;
    inFlight = 0;
    c.on('connect', () => {
      connected = true;
      c.subscribe(meterAcksTopic(options.imei), { qos: 1 });
    });
    c.on('message', (_topic, payload) => onAck(payload));
    c.on('error', (error: Error & { code?: number }) => {
      if (error.code === 4 || error.code === 5) {
        summary.refused = error.code;
      }
    });
    c.on('close', () => {
      if (mine !== connection || finished) {
        return;
      }
      connected = false;
      c.end(true);
      if (summary.refused === null) {
        summary.reconnects += 1;
        setTimeout(connect, 250);
      }
    });
  };

  const publish = (items: Pending[]) => {
    const c = client;
    if (!c) {
      return;
    }
    const now = Date.now();
    const mine = connection;
    for (const item of items) {
      Object.assign(item, { sentAt: now, connection: mine, pubacked: false });
    }
    summary.published += 1;
    inFlight += 1;
    const payload = items.length === 1 ? items[0]!.payload : items.map((i) => i.payload);
    c.publish(meterReadingsTopic(options.imei), JSON.stringify(payload), { qos: 1 }, (error) => {
      if (error || mine !== connection) {
        return;
      }
      const at = Date.now();
      inFlight -= 1;
      summary.pubackLatencies.push(at - now);
      for (const item of items) {
        item.pubacked = true;
        item.sentAt = at;
        if (!summary.pubackedAt.has(item.id)) {
          summary.pubackedAt.set(item.id, at);
        }
      }
    });
  };

  let generated = 0;
  const send = (items: Pending[]) => {
    for (let i = 0; i < items.length && inFlight < window; i += batch) {
      publish(items.slice(i, i + batch));
    }
  };

  connect();
  let lastProgress = start;
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const now = Date.now();
      if (options.onProgress && now - lastProgress >= 1000) {
        lastProgress = now;
        options.onProgress({
          generated,
          pending: pending.size,
          published: summary.published,
          acked: summary.acks.size,
          connected,
        });
      }
      if (connected) {
        // Resends first: readings whose connection died before PUBACK, and PUBACKed ones whose ack never came.
        const due = [...pending.values()].filter(
          (p) =>
            (p.connection !== connection && !p.pubacked) ||
            now - p.sentAt >= (p.pubacked ? resendAfterMs : UNANSWERED_RESEND_MS),
        );
        send(due);
        const target =
          options.rate > 0 ? Math.min(options.count, Math.floor(((now - start) / 1000) * options.rate)) : options.count;
        while (generated < target && inFlight < window) {
          const items: Pending[] = [];
          while (items.length < batch && generated < target) {
            const id = `${prefix}${generated}`;
            const item: Pending = {
              id,
              payload: readingPayload(options.kind, id, options.measuredAt?.(generated) ?? new Date(), generated),
              sentAt: 0,
              connection: 0,
              pubacked: false,
            };
            pending.set(id, item);
            items.push(item);
            generated += 1;
          }
          publish(items);
        }
      }
      if ((generated >= options.count && pending.size === 0) || now > deadline || summary.refused !== null) {
        clearInterval(tick);
        resolve();
      }
    }, 10);
  });

  finished = true;
  summary.unacked = options.count - summary.acks.size;
  summary.elapsedMs = Date.now() - start;
  await client?.endAsync(true).catch(() => {});
  return summary;
}

/** The p-th percentile (0–100) of a list of numbers, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) {
    return 0;
  }
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
