import { describe, expect, it } from 'vitest';
import {
  DOCTOR_SERVICE_MESSAGES,
  DOCTOR_SERVICE_TYPES,
  buyButton,
  doctorPrices,
  doctorSearchInput,
  doctorServiceProblem,
  doctorServiceTypeName,
  isPaidOpenConsult,
  openConsultTarget,
  serviceDurationLabel,
} from './doctorService';

describe('doctor services', () => {
  it('names the two service types', () => {
    expect(DOCTOR_SERVICE_TYPES.map((t) => t.serviceType)).toEqual([1, 2]);
    expect(doctorServiceTypeName(1)).toBe('单次图文咨询');
    expect(doctorServiceTypeName(2)).toBe('包时段咨询');
    expect(doctorServiceTypeName(9)).toBe('');
  });

  it.each([
    ['王医生', { kind: 'search', keyName: '王医生' }],
    ['  内分泌  ', { kind: 'search', keyName: '内分泌' }],
    ['', { kind: 'clear' }],
    ['   ', { kind: 'clear' }],
    ['王😀', { kind: 'refuse', message: '请不要输入表情' }],
    [
      '一二三四五六七八九十一二三四五六七八九十多余',
      { kind: 'search', keyName: '一二三四五六七八九十一二三四五六七八九十' },
    ],
  ] as const)('reads the search text %j', (text, expected) => {
    expect(doctorSearchInput(text)).toEqual(expected);
  });

  it('gives the single price and the cheapest offered package', () => {
    expect(
      doctorPrices([
        { serviceType: 1, servicePrice: 3000, status: 1 },
        { serviceType: 2, servicePrice: 9900, status: 1 },
        { serviceType: 2, servicePrice: 5900, status: 1 },
        { serviceType: 2, servicePrice: 100, status: 0 },
      ]),
    ).toEqual({ servicePrice: 3000, minServicePackagePrice: 5900 });
    expect(doctorPrices([{ serviceType: 1, servicePrice: 3000, status: 0 }])).toEqual({
      servicePrice: null,
      minServicePackagePrice: null,
    });
  });

  it('labels the duration', () => {
    expect(serviceDurationLabel({ serviceType: 1, serviceInterval: 0 })).toBe('单次');
    expect(serviceDurationLabel({ serviceType: 2, serviceInterval: 30 })).toBe('30天');
  });

  it.each([
    [{ serviceType: 1, serviceName: '图文咨询', servicePrice: 3000 }, null],
    [{ serviceType: 1, serviceName: '  ', servicePrice: 3000 }, DOCTOR_SERVICE_MESSAGES.nameRequired],
    [{ serviceType: 1, serviceName: '咨询😀', servicePrice: 3000 }, '请不要输入表情'],
    [{ serviceType: 1, serviceName: '一'.repeat(21), servicePrice: 3000 }, DOCTOR_SERVICE_MESSAGES.nameTooLong],
    [
      { serviceType: 1, serviceName: '咨询', servicePrice: 3000, intro: '字'.repeat(501) },
      DOCTOR_SERVICE_MESSAGES.introTooLong,
    ],
    [{ serviceType: 1, serviceName: '咨询', servicePrice: 99 }, DOCTOR_SERVICE_MESSAGES.priceInvalid],
    [{ serviceType: 1, serviceName: '咨询', servicePrice: 999_901 }, DOCTOR_SERVICE_MESSAGES.priceInvalid],
    [{ serviceType: 1, serviceName: '咨询', servicePrice: 100.5 }, DOCTOR_SERVICE_MESSAGES.priceInvalid],
    [{ serviceType: 2, serviceName: '包月', servicePrice: 9900, serviceInterval: 30 }, null],
    [
      { serviceType: 2, serviceName: '包月', servicePrice: 9900, serviceInterval: 0 },
      DOCTOR_SERVICE_MESSAGES.intervalInvalid,
    ],
    [
      { serviceType: 2, serviceName: '包月', servicePrice: 9900, serviceInterval: 366 },
      DOCTOR_SERVICE_MESSAGES.intervalInvalid,
    ],
    [{ serviceType: 2, serviceName: '包月', servicePrice: 9900 }, DOCTOR_SERVICE_MESSAGES.intervalInvalid],
  ])('checks the service %j', (input, problem) => {
    expect(doctorServiceProblem(input)).toBe(problem);
  });

  it('says which consultations are paid and open', () => {
    expect([0, 1, 2, 3, 4].filter((status) => isPaidOpenConsult({ status }))).toEqual([1, 2, 3]);
    expect(isPaidOpenConsult(null)).toBe(false);
  });

  it.each([
    [1, null, { label: '购买', tone: 'buy', action: 'pay' }],
    [1, { status: 0, serviceType: 1 }, { label: '购买', tone: 'buy', action: 'pay' }],
    [1, { status: 4, serviceType: 1 }, { label: '购买', tone: 'buy', action: 'pay' }],
    [1, { status: 1, serviceType: 1 }, { label: '点击咨询', tone: 'consult', action: 'open' }],
    [1, { status: 2, serviceType: 1 }, { label: '继续咨询', tone: 'continue', action: 'open' }],
    [1, { status: 3, serviceType: 1 }, { label: '继续咨询', tone: 'continue', action: 'open' }],
    [2, { status: 3, serviceType: 1 }, { label: '购买', tone: 'buy', action: 'offerOpen' }],
    [2, { status: 1, serviceType: 2 }, { label: '点击咨询', tone: 'consult', action: 'open' }],
  ] as const)('service type %s with the latest consultation %j shows %j', (serviceType, latest, button) => {
    expect(buyButton(serviceType, latest && { ...latest, sessionId: 's1' })).toEqual(button);
  });

  it('opens status 1 on the submission page and others in the chat', () => {
    expect(openConsultTarget(1)).toBe('submit');
    expect(openConsultTarget(2)).toBe('chat');
    expect(openConsultTarget(3)).toBe('chat');
  });
});
