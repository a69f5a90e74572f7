// Reads a patient's readings through the open platform, every page, with the grant's tokens.
//
//   GLUCOGUARD_URL=http://localhost:3000 CLIENT_ID=gg_client_… CLIENT_SECRET=gg_secret_… \
//     TOKENS_FILE=./tokens.json node examples/read-readings.mjs [glucose|pressure|ketone|uricAcid|weight …]
//
// TOKENS_FILE holds the token set `exchangeCode` answered after the patient's consent (scope
// readings.read). When the access token has expired the client refreshes it and writes the rotated
// pair back to the file. Prints one line per reading, then a count per kind.
import { createOpenClient, isOpenApiError } from '@glucoguard/sdk/open';
import { required, tokenFile } from './token-file.mjs';

const KINDS = ['glucose', 'pressure', 'ketone', 'uricAcid', 'weight'];

/** A reading's value in words. @param {import('@glucoguard/sdk').Schema<'OpenReading'>} reading */
function valueOf(reading) {
  switch (reading.kind) {
    case 'glucose':
      return `${reading.glucose?.mmolL} mmol/L (时段 ${reading.glucose?.timeType})`;
    case 'pressure':
      return `${reading.pressure?.systolic}/${reading.pressure?.diastolic} mmHg, 心率 ${reading.pressure?.heartRate}`;
    case 'ketone':
      return `${reading.ketone?.mmolL} mmol/L`;
    case 'uricAcid':
      return `${reading.uricAcid?.umolL} μmol/L`;
    case 'weight':
      return `${reading.weight?.kg} kg`;
    default:
      return '';
  }
}

const kinds = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['glucose', 'pressure'];
const unknown = kinds.filter((kind) => !KINDS.includes(kind));
if (unknown.length > 0) {
  console.error(`Unknown kind ${unknown.join(', ')}; use ${KINDS.join(', ')}.`);
  process.exit(2);
}

const api = createOpenClient({
  baseUrl: `${process.env.GLUCOGUARD_URL ?? 'http://localhost:3000'}/api`,
  clientId: required('CLIENT_ID'),
  clientSecret: required('CLIENT_SECRET'),
  tokens: tokenFile(required('TOKENS_FILE')),
});

try {
  for (const kind of kinds) {
    let count = 0;
    // paginate() asks for page after page until the last one; each item is one reading.
    for await (const reading of api.paginate('/open/v1/readings', { params: { query: { kind, pageSize: 50 } } })) {
      count += 1;
      const meter = reading.device ? ` [meter ${reading.device.imei} #${reading.device.readingId}]` : '';
      console.log(
        `${reading.measuredAt}  ${reading.kind}  ${valueOf(reading)}  (${reading.source})${meter}  ${reading.id}`,
      );
    }
    console.log(`${kind}: ${count} readings`);
  }
} catch (error) {
  if (isOpenApiError(error, 401)) {
    // The patient revoked the app in 设置 → 授权管理 (or the grant expired): ask for consent again.
    console.error(`refused: ${error.errMsg}`);
    process.exit(3);
  }
  throw error;
}
