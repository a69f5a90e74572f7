import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { docsContentSecurityPolicy, policyText } from './security-headers';

/** Renders openapi.yaml as browsable API reference docs at /api/docs, under a policy of their own. */
export default fp<{ publicBaseUrl: string }>(
  async (app: FastifyInstance, { publicBaseUrl }) => {
    await app.register(swagger, {
      mode: 'static',
      specification: { document: app.openapi.raw as never },
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      // No validator badge: it would send the spec's address to validator.swagger.io.
      uiConfig: { docExpansion: 'list', deepLinking: true, validatorUrl: null },
      staticCSP: policyText(docsContentSecurityPolicy({ publicBaseUrl })),
    });
  },
  { name: 'docs', dependencies: ['openapi'] },
);
