import type { BindFailureCause } from '@glucoguard/domain';

/** The device list: the spec's /devices/unbindDevices (docs/adr/0081-device-binding-routes-and-screens.md). */
export const DEVICE_LIST_PATH = '/devices/unbindDevices';

/** The bind page; `auto` starts scanning at once. An IMEI given is filled in (a retry after a failure). */
export const bindPath = (type: string | number = 0, imei?: string) =>
  `/devices/bindDevices/${type}${imei ? `?${new URLSearchParams({ imei }).toString()}` : ''}`;

/** The bind-error page for an IMEI and the cause the bind call answered. */
export function bindErrorPath(imei: string, cause: BindFailureCause): string {
  return `/devices/bindError?${new URLSearchParams({ imei, cause }).toString()}`;
}

/** The data-plan goods for one meter (spec 3 §2.7 /categorysGoods with rechargePackage, deviceImei and deviceKind). */
export function renewDataPlanPath(device: { deviceImei: string; deviceKind: number }): string {
  const query = new URLSearchParams({
    rechargePackage: '1',
    deviceImei: device.deviceImei,
    deviceKind: String(device.deviceKind),
  });
  return `/categorysGoods?${query.toString()}`;
}
