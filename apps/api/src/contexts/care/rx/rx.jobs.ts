/** The durable job that expires one approved prescription left unused (keyed by its id; docs/adr/0155). */
export const RX_EXPIRE_JOB = 'care.rx.expire';
