import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalPushOutbox } from '../src/providers/push/local-outbox';
import { acceptedFollow, addPressure, addSugar } from './follow-fixtures';
import { registeredCustomer, startTestApi, testClock, type TestApi } from './harness';

// 2026-11-20 10:00 China time; pushes run every hour, so only the kick after a save sends them in time.
const clock = testClock(new Date('2026-11-20T02:00:00Z'));
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ NOTICE_PUSH_INTERVAL_MS: '3600000' }, { clock });
});
afterAll(() => api.close());

/** Waits up to 5 s for a message whose text contains `text` to reach the messaging-app outbox. */
async function pushed(text: string): Promise<boolean> {
  const outbox = api.app.providers.noticePusher as LocalPushOutbox;
  for (let waited = 0; waited < 5000; waited += 50) {
    if (outbox.list().some((m) => m.text.includes(text))) {
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

describe('messages through the messaging app, right after a save', () => {
  it('sends a glucose or pressure reading typed into a form to the followers without waiting for the interval', async () => {
    const patient = await registeredCustomer(api, '张建国');
    const daughter = await registeredCustomer(api, '张丽');
    await acceptedFollow(daughter, patient);
    await addSugar(patient.client, 25, '2026-11-20 08:00', { timeType: 1 });
    expect(await pushed('测得空腹血糖25.0mmol/L')).toBe(true);
    await addPressure(patient.client, 185, 112, '2026-11-20 09:05');
    expect(await pushed('185')).toBe(true);
  });
});
