import type { FastifyInstance } from 'fastify';
import { getHealthInfo, healthInfoDictionary, saveDoctor, saveHealthInfo } from './healthRecord.service';

/** The health record (spec 2 §2.12, §7 "Health record and profile"). */
export function healthRecordRoutes(app: FastifyInstance) {
  app.operation('getHealthInfo', async (request) => getHealthInfo(app.em, request.session));

  app.operation('saveHealthInfo', async (request) =>
    saveHealthInfo(app.em, request.session, request.body, app.providers.clock()),
  );

  app.operation('getHealthInfoDic', async () => healthInfoDictionary());

  app.operation('saveDoctor', async (request) => saveDoctor(app.em, request.session, request.body));
}
