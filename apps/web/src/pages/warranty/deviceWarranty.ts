import { Dialog } from 'antd-mobile';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api';
import { showError, toast } from '../../ui/toast';
import { ADD_PRODUCT_PATH, productDetailPath } from './warrantyPaths';

/** A bound meter as the device list shows it: its IMEI and when the customer bound it. */
interface BoundMeter {
  deviceImei: string;
  /** China time `YYYY-MM-DD HH:mm:ss`. */
  createTime: string;
}

/** The registration form filled with a meter's IMEI and a purchase date to change. */
export function warrantyForDevicePath(meter: BoundMeter): string {
  const query = new URLSearchParams({ deviceImei: meter.deviceImei, orderTimeStr: meter.createTime.slice(0, 10) });
  return `${ADD_PRODUCT_PATH}?${query.toString()}`;
}

/**
 * The device page's one-tap 登记保修 for a bound meter: one dialog says what will be registered —
 * the meter's IMEI, the customer's phone and the day it was bound as the purchase date — and 一键登记
 * registers it (the API checks the binding and finds the model from the meter); 修改购买日期 opens the
 * filled-in form instead (docs/adr/0206-warranty-registration-pages.md).
 */
export function useDeviceWarranty(): (meter: BoundMeter) => Promise<void> {
  const navigate = useNavigate();
  return useCallback(
    async (meter: BoundMeter) => {
      const purchased = meter.createTime.slice(0, 10);
      const choice = await new Promise<'register' | 'edit' | null>((resolve) => {
        Dialog.show({
          title: '登记保修',
          content: `为这台设备（IMEI ${meter.deviceImei}）登记保修，购买日期按绑定日期 ${purchased} 计算。`,
          closeOnAction: true,
          onClose: () => resolve(null),
          actions: [
            { key: 'register', text: '一键登记', bold: true, onClick: () => resolve('register') },
            { key: 'edit', text: '修改购买日期', onClick: () => resolve('edit') },
            { key: 'cancel', text: '取消', onClick: () => resolve(null) },
          ],
        });
      });
      if (choice === 'edit') {
        void navigate(warrantyForDevicePath(meter));
        return;
      }
      if (choice !== 'register') {
        return;
      }
      try {
        const warranty = await api().POST('/customerWarrantyOrder/v1/add', {
          body: { deviceImei: meter.deviceImei, orderTimeStr: purchased },
        });
        toast('登记成功');
        void navigate(productDetailPath(warranty.warrantyId));
      } catch (error) {
        showError(error);
      }
    },
    [navigate],
  );
}
