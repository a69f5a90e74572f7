import type { FastifyInstance } from 'fastify';
import { getHealthInfo, healthInfoDictionary, saveDoctor, saveHealthInfo } from './healthRecord.service';
import { addPatientInfo, checkPatientInfo, getPatientInfo } from './patientInfo.service';

/** The health record (spec 2 §2.12, §7 "Health record and profile"). */
export function healthRecordRoutes(app: FastifyInstance) {
  app.operation('getHealthInfo', async (request) => getHealthInfo(app.em, request.session));

  app.operation('saveHealthInfo', async (request) =>
    saveHealthInfo(app.em, request.session, request.body, app.providers.clock()),
  );

  app.operation('getHealthInfoDic', async () => healthInfoDictionary());

  app.operation('saveDoctor', async (request) => saveDoctor(app.em, request.session, request.body));

  // The prescription flow's patient information (spec 3 §3, §7): a view of the same record.
  app.operation('getPatientInfo', async (request) => getPatientInfo(app.em, request.session));

  app.operation('addPatientInfo', async (request) =>
    addPatientInfo(app.em, request.session, request.body, app.providers.clock()),
  );

  app.operation('checkPatientInfo', async (request) => checkPatientInfo(app.em, request.session));
}
