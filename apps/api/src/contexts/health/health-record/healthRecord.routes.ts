import type { FastifyInstance } from 'fastify';
import type { SessionContext } from '../../identity/session/session.service';
import { getHealthInfo, healthInfoDictionary, saveDoctor, saveHealthInfo } from './healthRecord.service';

const caller = (session: SessionContext | null): SessionContext => session as SessionContext;

/** The health record (spec 2 §2.12, §7 "Health record and profile"). */
export function healthRecordRoutes(app: FastifyInstance) {
  app.operation('getHealthInfo', async (request) => getHealthInfo(app.em, caller(request.session)));

  app.operation('saveHealthInfo', async (request) =>
    saveHealthInfo(app.em, caller(request.session), request.body, app.providers.clock()),
  );

  app.operation('getHealthInfoDic', async () => healthInfoDictionary());

  app.operation('saveDoctor', async (request) => saveDoctor(app.em, caller(request.session), request.body));
}
