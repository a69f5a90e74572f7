import type { FastifyInstance } from 'fastify';
import { DictionaryRepository } from './dictionary.repository';

export function dictionaryRoutes(app: FastifyInstance) {
  app.operation('queryDicByTypeCode', async (request) => {
    const items = await new DictionaryRepository(app.em).findByType(request.query.typeCode);
    return items.map(({ itemKey, itemValue }) => ({ itemKey, itemValue }));
  });

  app.operation('getDictionariesByCodes', async (request) =>
    new DictionaryRepository(app.em).groupByType(request.query.codes.split(',').slice(0, 20)),
  );

  app.operation('queryDicAll', async () => new DictionaryRepository(app.em).groupByType());
}
