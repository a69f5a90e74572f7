import type { FastifyInstance } from 'fastify';
import { staffActor } from '../../identity';
import { consultReadings, medicineCatalogue } from './consultDesk.service';

/**
 * The doctor's desk beside a consultation (permissions `consult.own` and `rx.write`): the patient's
 * readings of the consultation's window (audited) and the medicine catalogue of the prescription form.
 */
export function consultDeskRoutes(app: FastifyInstance) {
  app.operation('consoleConsultReadings', async (request) =>
    consultReadings(
      app.em,
      request.params.consultId,
      request.staff,
      staffActor(request, request.staff),
      app.providers.clock(),
    ),
  );

  app.operation('consoleRxMedicines', async () => medicineCatalogue(app.em));
}
