// The doctor's service form in jsdom against a stubbed network: the price typed in yuan is sent in
// cents, an interval service sends its days, and a price the domain refuses is shown with its message
// without calling the API.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { DOCTOR_SERVICE_MESSAGES } from '@glucoguard/domain';
import { DoctorServiceDialog } from './DoctorServiceDialog';

interface Call {
  method: string;
  path: string;
  body: unknown;
}

function stubApi(answer: unknown) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (request: Request) => {
    const text = await request.text();
    calls.push({ method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : null });
    return new Response(JSON.stringify({ code: 0, errMsg: '', data: answer }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const SAVED = {
  serviceId: 5,
  doctorId: 1,
  serviceType: 2,
  serviceName: '14天服务',
  serviceInterval: 14,
  servicePrice: 9990,
  status: 1,
  intro: '',
};

function show() {
  const onSaved = vi.fn();
  render(
    <App>
      <DoctorServiceDialog open service={null} onClose={vi.fn()} onSaved={onSaved} />
    </App>,
  );
  return onSaved;
}

const save = (dialog: HTMLElement) =>
  act(async () => fireEvent.click(within(dialog).getByRole('button', { name: /^保\s*存$/ })));

describe('DoctorServiceDialog', () => {
  it('refuses a price under 1 yuan with the domain message, without calling the API', async () => {
    const calls = stubApi(null);
    show();
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('价格（元）'), { target: { value: '0.5' } });
    await save(dialog);
    expect((await within(dialog).findByRole('alert')).textContent).toContain(DOCTOR_SERVICE_MESSAGES.priceInvalid);
    expect(calls).toEqual([]);
  });

  it('sends an interval service with its days and the price in cents', async () => {
    const calls = stubApi(SAVED);
    const onSaved = show();
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText('包时段咨询'));
    fireEvent.change(await within(dialog).findByLabelText('服务天数'), { target: { value: '14' } });
    fireEvent.change(within(dialog).getByLabelText('服务名称'), { target: { value: ' 14天服务 ' } });
    fireEvent.change(within(dialog).getByLabelText('价格（元）'), { target: { value: '99.9' } });
    await save(dialog);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/console/v1/doctor/services',
        body: {
          serviceType: 2,
          serviceName: '14天服务',
          servicePrice: 9990,
          serviceInterval: 14,
          intro: '',
          status: 1,
        },
      },
    ]);
  });
});
