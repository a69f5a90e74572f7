import type { FastifyInstance } from 'fastify';
import { registeredCustomerId } from '../../../lib/session-context';
import { paperRecords } from './strips.service';

export function stripsRoutes(app: FastifyInstance) {
  app.operation('paperRecords', async (request) =>
    paperRecords(
      app.em,
      registeredCustomerId(request.session),
      request.query.pageNo ?? 1,
      request.query.pageSize ?? 10,
    ),
  );
}
