/** Meters: IMEI, MQTT payloads, binding, bind codes and device names. */
export * from './labels';
export * from './bindCode';
export * from './deviceBinding';
export * from './deviceName';
export * from './imei';
export * from './meter';
export * from './dataPlan';
