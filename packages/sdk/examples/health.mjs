// Run against a running GlucoGuard: node examples/health.mjs http://localhost:3000/api
import { createApiClient, isApiError } from '@glucoguard/sdk';

const api = createApiClient({ baseUrl: process.argv[2] ?? 'http://localhost:3000/api', sourceId: 4 });

const health = await api.GET('/healthz');
console.log(`API is ${health.status}, database ${health.database}`);

const sexes = await api.GET('/config/v1/queryDicByTypeCode', { params: { query: { typeCode: 'sex' } } });
console.log('sex dictionary:', sexes.map((item) => `${item.itemKey}=${item.itemValue}`).join(', '));

try {
  await api.POST('/front/v1/log', { body: { url: '', errName: 'Example', errMessage: 'an empty url is refused' } });
} catch (error) {
  if (isApiError(error)) {
    console.log(`refused as expected: code ${error.code}, ${error.errMsg}`);
  } else {
    throw error;
  }
}
