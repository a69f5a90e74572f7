import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resolveStaffSession } from '../contexts/identity';
import { STAFF_TOKEN_PREFIX } from '../lib/staff-context';

/**
 * Reads a console token (`Authorization: Bearer staff.…`) and attaches the staff member
 * (`request.staff`). Customers' tokens are left to the auth plugin; the openapi plugin then lets a
 * console operation through only with a staff member whose role holds its permission.
 */
export default fp(
  (app: FastifyInstance) => {
    app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
      const header = request.headers.authorization;
      if (!header?.startsWith(`Bearer ${STAFF_TOKEN_PREFIX}`)) {
        done();
        return;
      }
      resolveStaffSession(app.em, header.slice('Bearer '.length).trim(), app.providers.clock()).then((staff) => {
        request.staff = staff;
        request.staffTokenRejected = staff === null;
        done();
      }, done);
    });
  },
  { name: 'staff-auth', dependencies: ['db', 'providers'] },
);
