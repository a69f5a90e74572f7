// Prescriptions on a phone (issue 19, ADRs 0153–0155): a new patient's consultation with demo.doctor
// (bought, paid with the local provider, described, accepted through the API); the doctor prescribes
// and advises, demo.pharmacist approves; on the phone the patient sees the review notice, the list
// with its filters, the detail with the QR seal, the advice and 去买药 to the pharmacies filtered by
// the advice's medicines.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, launchBrowser, openPhone, shot } from './phone.mjs';
import { apiCall, assertFitsWidth, registerPatient } from './helpers.mjs';

/** @type {import('playwright-core').Browser} */
let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

/** The phone stands in 西单, Beijing. */
const XIDAN = { latitude: 39.9131, longitude: 116.3742 };

const skip = process.env.E2E_STATIC === '1' ? 'needs the API (not with --static)' : false;

const signIn = async (username, password) =>
  (await apiCall('POST', '/console/v1/signIn', { username, password })).token;

/** A running consultation (status 2) of the patient with demo.doctor's linked doctor. */
async function runningConsult(patientToken, doctorToken) {
  const me = await apiCall('GET', '/console/v1/me', undefined, doctorToken);
  const services = await apiCall(
    'GET',
    `/consult/v1/queryService?doctorId=${me.staff.doctorId}`,
    undefined,
    patientToken,
  );
  const bought = await apiCall('POST', '/consult/v1/pay', { serviceId: services.onceConsult.serviceId }, patientToken);
  await apiCall('POST', '/payment/v1/prepay', { intentId: bought.intent.intentId }, patientToken);
  await apiCall('POST', '/payment/v1/localPay', { intentId: bought.intent.intentId, action: 'pay' }, patientToken);
  await apiCall(
    'POST',
    '/consult/v1/saveDiagnosticInfo',
    { sessionId: bought.sessionId, diagnosticInfo: { desc: '空腹血糖一直在8左右，想请医生调整用药。', imgList: [] } },
    patientToken,
  );
  await apiCall('POST', `/console/v1/consults/${bought.consultId}/accept`, {}, doctorToken);
  return bought;
}

describe('prescriptions and advice on a phone', { skip }, () => {
  it('shows the reviewed prescription with its QR seal, the advice and 去买药 with the medicines', async () => {
    const doctor = await signIn('demo.doctor', 'Doctor#2026');
    const pharmacist = await signIn('demo.pharmacist', 'Pharmacist#2026');
    const { context, page, problems } = await openPhone(browser);
    try {
      await context.grantPermissions(['geolocation'], { origin: BASE_URL });
      await context.setGeolocation(XIDAN);
      await page.goto(`${BASE_URL}/contactUs`);
      await page.waitForURL((url) => url.pathname === '/register/register');
      await registerPatient(page, { name: '周文华' });
      await page.waitForURL((url) => url.pathname === '/contactUs');
      const patient = await page.evaluate(() => JSON.parse(localStorage.getItem('glucoguard.session') ?? '{}').token);
      const consult = await runningConsult(patient, doctor);

      const written = await apiCall('GET', `/console/v1/rx/consults/${consult.consultId}`, undefined, doctor);
      assert.equal(written.canPrescribe, true, "demo.doctor's linked doctor may prescribe");
      // Medicines 1 and 8 of the seeded catalogue: 康宁大药房（西单店） stocks both (e2e/pharmacy.e2e.mjs).
      const { items: catalogue } = await apiCall('GET', '/console/v1/rx/medicines', undefined, doctor);
      const first = catalogue.find((m) => m.medicineId === 1);
      const second = catalogue.find((m) => m.medicineId === 8);
      assert.ok(first && second, 'the catalogue has medicines 1 and 8');
      const line = (medicineId, rate) => ({
        medicineId,
        number: 2,
        dosage: '1',
        usaged: '1',
        rate,
        time: 14,
        timeUnit: 0,
      });
      const rx = await apiCall(
        'POST',
        '/console/v1/rx/prescriptions',
        {
          consultId: consult.consultId,
          content: '2型糖尿病，空腹血糖控制欠佳。继续饮食控制与运动，按处方服药，两周后复查空腹及餐后血糖。',
          rxCategory: '1',
          medicines: [line(first.medicineId, '2'), line(second.medicineId, '1')],
          requestKey: `e2e-rx-${Date.now()}`,
        },
        doctor,
      );
      await apiCall('POST', `/console/v1/rx/prescriptions/${rx.infoId}/review`, { approve: true }, pharmacist);
      const advice = await apiCall(
        'POST',
        '/console/v1/rx/advice',
        {
          consultId: consult.consultId,
          content: '晚餐减少主食，饭后散步30分钟；药物随餐服用，如有明显胃肠不适请及时告诉我。',
          medicines: [line(first.medicineId, '2'), line(second.medicineId, '1')],
          requestKey: `e2e-advice-${Date.now()}`,
        },
        doctor,
      );

      // In the chat, each step's note links to what it is about.
      const chat = new URLSearchParams({ sessionId: consult.sessionId, status: '2', type: '1' });
      await page.goto(`${BASE_URL}/findDoctor/C2CChat?${chat.toString()}`);
      await page.getByRole('link', { name: '查看用药建议' }).waitFor();
      assert.equal(await page.getByRole('link', { name: '查看处方' }).count(), 2); // prescription, rx audit
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('rx-chat-notes') });

      // The review's notice opens the prescriptions.
      await page.goto(`${BASE_URL}/notice/noticeList`);
      await page.getByText('处方已通过审核').first().click();
      await page.waitForURL((url) => url.pathname === '/myRecipe/recipeList');
      const records = page.getByLabel('处方记录');
      const card = records.getByRole('button').first();
      await card.waitFor();
      assert.match(await card.innerText(), /未使用/);
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('rx-list'), fullPage: true });

      await page.getByRole('button', { name: '已使用' }).click();
      await page.getByText('暂无处方记录').waitFor();
      await page.getByRole('button', { name: '全部' }).click();
      await records.getByRole('button').first().click();
      await page.waitForURL((url) => url.pathname === '/myRecipe/recipeDetail');
      const qr = page.getByAltText('处方二维码');
      await qr.waitFor();
      assert.ok((await qr.evaluate((img) => /** @type {HTMLImageElement} */ (img).naturalWidth)) > 100);
      await page.getByText('共2种药品', { exact: false }).waitFor();
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('rx-detail-qr'), fullPage: true });

      // The advice tab, its page and 去买药.
      await page.goto(`${BASE_URL}/myRecipe/recipeList?tab=advice`);
      await page.getByLabel('用药建议').getByRole('button').first().click();
      await page.waitForURL((url) => url.pathname === '/proposal' && url.searchParams.get('infoId') === advice.infoId);
      await page.getByRole('link', { name: '去买药' }).waitFor();
      await page.getByLabel('建议药品').waitFor();
      await page.getByText('晚餐减少主食', { exact: false }).waitFor();
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('rx-proposal'), fullPage: true });
      await page.getByRole('link', { name: '去买药' }).click();
      await page.waitForURL((url) => url.pathname === '/drugMain' && url.searchParams.get('medicineIds') === '1,8');
      await page.getByText('这些药店都可以买到您所需要的药店哦~').waitFor();
      await page.getByRole('group', { name: '当前位置' }).getByRole('button', { name: '重新定位' }).tap();
      await page.getByRole('article', { name: '康宁大药房（西单店）' }).waitFor();
      await page.getByText('没有更多药店了...').waitFor();
      await page.screenshot({ path: shot('rx-drug-main') });

      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
