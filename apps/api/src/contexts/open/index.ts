/**
 * The open platform for integrators (issue 23): OAuth 2.0 clients, consent and tokens (oauth), the
 * integrators' read and write operations (open-data), the change feed (changes), signed webhooks
 * (webhooks) and the FHIR R4 export (fhir). It reads health and devices through their index.ts;
 * neither imports it: it hears their domain events through subscriptions wired in
 * src/composition.ts.
 */
export {};
