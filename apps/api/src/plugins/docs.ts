import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** Renders openapi.yaml as browsable API reference docs at /api/docs. */
export default fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      mode: 'static',
      specification: { document: app.openapi.raw as never },
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { docExpansion: 'list', deepLinking: true },
    });
  },
  { name: 'docs', dependencies: ['openapi'] },
);
