import type { FastifyInstance } from 'fastify';
import { registeredCustomerId } from '../../../lib/session-context';
import {
  addMedicineRecord,
  deleteMedicineRecord,
  queryMedicine,
  queryMedicineRecord,
  recentMedicines,
  updateMedicineRecord,
} from './medication.service';

/** The medication diary (tag `medication`): registered customers, their own records only. */
export function medicationRoutes(app: FastifyInstance) {
  const now = () => app.providers.clock();

  app.operation('queryMedicine', async (request) => {
    registeredCustomerId(request.session);
    return queryMedicine(app.em, request.query);
  });

  app.operation('queryMedicineRecord', async (request) =>
    queryMedicineRecord(app.em, registeredCustomerId(request.session), request.query),
  );

  app.operation('addMedicineRecord', async (request) =>
    addMedicineRecord(app.em, registeredCustomerId(request.session), request.body, now()),
  );

  app.operation('updateMedicineRecord', async (request) =>
    updateMedicineRecord(app.em, registeredCustomerId(request.session), request.body, now()),
  );

  app.operation('medicineRecordDel', async (request) =>
    deleteMedicineRecord(app.em, registeredCustomerId(request.session), request.body.recordId),
  );

  app.operation('medicineRecordLast', async (request) =>
    recentMedicines(app.em, registeredCustomerId(request.session)),
  );
}
