export interface GatewayConfig {
  host: string;
  mqttPort: number;
  /** The HTTP port of the health check. */
  healthPort: number;
  /** Where the API lives; the gateway hands readings to it. */
  apiUrl: string;
}

function port(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') {
    return fallback;
  }
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    throw new Error(`${name} must be a port number from 0 to 65535, got "${raw}".`);
  }
  return value;
}

/** Reads the gateway's configuration from environment variables. */
export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const mqttPort = port('MQTT_PORT', env.MQTT_PORT, 1883);
  return {
    host: env.HOST ?? '0.0.0.0',
    mqttPort,
    healthPort: port('GATEWAY_HEALTH_PORT', env.GATEWAY_HEALTH_PORT, mqttPort === 0 ? 0 : mqttPort + 1),
    apiUrl: env.API_URL ?? `http://127.0.0.1:${env.PORT ?? '3000'}/api`,
  };
}
