/** The open platform for integrators (issue 23): OAuth scopes and their consent texts, lifetimes. */
export * from './scopes';
export * from './changes';
export * from './webhooks';
export * from './clients';
export * from './fhir';
