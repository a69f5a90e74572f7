import { installAntdMobileRender } from '@glucoguard/ui';
import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, registeredCustomer, renderApp, resetStores } from '../../test-utils';
import { consultDoctor, doctorService } from './fixtures';

beforeAll(() => {
  installAntdMobileRender();
});

const SESSION = '5a40b2a5-a780-4374-842f-1a3d8a51b089';

describe('/findDoctor/doctorDetail', () => {
  beforeEach(() => {
    resetStores({ isAuth: '1', customerId: 'c1', token: 't1', customer: registeredCustomer() });
  });

  it('shows the profile and each service with its button, linking to the service page with the spec query', async () => {
    fakeApi({
      'GET /consult/v1/queryDoctor': () => consultDoctor(),
      'GET /consult/v1/queryService': () => ({
        onceConsult: doctorService(),
        intervalConsults: [
          doctorService({
            serviceId: 32,
            serviceType: 2,
            serviceName: '7天包周服务',
            serviceInterval: 7,
            servicePrice: 19900,
          }),
        ],
      }),
      'GET /consult/v1/querySessionByUserIdAndCustomerId': () => ({
        status: 2,
        sessionId: SESSION,
        consultId: 'c1',
        serviceType: 1,
      }),
    });
    renderApp('/findDoctor/doctorDetail?doctorId=9&eleRxStatus=1');
    const profile = await screen.findByRole('region', { name: '医生信息' });
    expect(profile.textContent).toContain('王明远');
    expect(profile.textContent).toContain('内分泌科主任');
    const services = screen.getByRole('region', { name: '咨询服务' });
    const once = await within(services).findByRole('link', { name: '单次图文咨询' });
    expect(await within(once).findByText('继续咨询')).toBeTruthy();
    const week = within(services).getByRole('link', { name: '7天包周服务' });
    expect(week.textContent).toContain('¥199.00');
    expect(week.textContent).toContain('购买');
    const href = new URL(week.getAttribute('href') ?? '', 'http://x');
    expect(href.pathname).toBe('/findDoctor/serviceDetail');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      doctorId: '9',
      serviceId: '32',
      price: '19900',
      onTheWay: '0',
      index: '1',
      serviceName: '7天包周服务',
      time: '7天',
    });
    expect(new URL(once.getAttribute('href') ?? '', 'http://x').searchParams.get('onTheWay')).toBe('1');
  });

  it('says 医生不存在 for an unknown doctor', async () => {
    fakeApi({});
    renderApp('/findDoctor/doctorDetail?doctorId=404');
    expect(await screen.findByText('医生不存在')).toBeTruthy();
  });
});
