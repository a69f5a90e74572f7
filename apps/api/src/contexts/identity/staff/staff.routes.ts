import type { FastifyInstance, FastifyRequest } from 'fastify';
import { browseAudit, recordAudit, type AuditActor } from '../../platform';
import type { StaffContext } from '../../../lib/staff-context';
import {
  changeOwnPassword,
  changeStaffRole,
  createStaff,
  disableStaff,
  findDirectoryDoctors,
  listStaff,
  signInStaff,
  signOutStaff,
  staffMe,
} from './staff.service';

/** Who acts in a console request, for the audit trail: the staff member, the client's IP, the request id. */
export function staffActor(request: FastifyRequest, staff: StaffContext): AuditActor {
  return { kind: 'staff', id: staff.staffId, ip: request.ip, requestId: String(request.id) };
}

export interface StaffRouteOptions {
  /**
   * An account was disabled or given another role: its sessions have ended; what else it holds open
   * (the chat's sockets, in every API process) ends too. Wired in by the composition root (ADR 0143).
   */
  accessEnded(staffId: string): Promise<void>;
}

/** The console's own operations (tag `console`): sign-in, the account, staff management, the audit trail. */
export function staffRoutes(app: FastifyInstance, options: StaffRouteOptions) {
  const now = () => app.providers.clock();

  app.operation('consoleSignIn', async (request) => {
    const { token, expiresAt, staff } = await signInStaff(app.em, request.body, {
      now: now(),
      ip: request.ip,
      requestId: String(request.id),
      userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : undefined,
    });
    return { token, expiresAt: expiresAt.toISOString(), staff };
  });

  app.operation('consoleSignOut', async (request) => {
    await signOutStaff(app.em, request.staff, now());
    return null;
  });

  app.operation('consoleMe', async (request) => staffMe(app.em, request.staff));

  app.operation('changeStaffPassword', async (request) =>
    changeOwnPassword(app.em, request.staff, staffActor(request, request.staff), request.body, now()),
  );

  app.operation('listStaff', async (request) => listStaff(app.em, staffActor(request, request.staff), now()));

  app.operation('createStaff', async (request) =>
    createStaff(app.em, request.body, staffActor(request, request.staff), now()),
  );

  app.operation('changeStaffRole', async (request) => {
    const changed = await changeStaffRole(
      app.em,
      request.staff,
      staffActor(request, request.staff),
      request.params.staffId,
      request.body,
      now(),
    );
    await options.accessEnded(changed.id);
    return changed;
  });

  app.operation('disableStaff', async (request) => {
    const disabled = await disableStaff(
      app.em,
      request.staff,
      staffActor(request, request.staff),
      request.params.staffId,
      now(),
    );
    await options.accessEnded(disabled.id);
    return disabled;
  });

  app.operation('findDirectoryDoctors', async (request) => findDirectoryDoctors(app.em, request.query.name ?? ''));

  app.operation('browseAudit', async (request) => {
    const { actorId, patientId, action, from, to, beforeId, pageSize } = request.query;
    const page = await browseAudit(
      app.em,
      { actorId, patientId, action, beforeId, ...(from && { from: new Date(from) }), ...(to && { to: new Date(to) }) },
      pageSize ?? 50,
    );
    // Reading the trail is itself recorded (after the page is read, so it does not show itself).
    await recordAudit(
      app.em,
      staffActor(request, request.staff),
      { action: 'audit.read', patientId: patientId ?? null, detail: { actorId, action, from, to, beforeId } },
      now(),
    );
    return page;
  });
}
