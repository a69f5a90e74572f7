import { ADDRESS_LIMITS, ADDRESS_MESSAGES, validateAddress } from '@glucoguard/domain';
import { Button, Dialog, Input, List, Switch, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { RegionPicker, regionByNames, regionNames, type Region } from '../../components/RegionPicker';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useSubmitGuard } from '../../hooks/useSubmitGuard';
import { showError, toast } from '../../ui/toast';
import type { AddressEditMode } from './addressPaths';
import styles from './address.module.css';

/** The form as typed: the region by its names, as the address stores them. */
interface AddressForm {
  consigneeName: string;
  phone: string;
  province: string;
  city: string;
  district: string;
  detailAddress: string;
  isDefault: boolean;
}

function modeOf(value: string | null): AddressEditMode {
  return value === '0' ? 0 : value === '1' ? 1 : 2;
}

/** The form of the query (edit mode brings the address in it, as the spec's query names it). */
function formOf(search: URLSearchParams): AddressForm {
  return {
    consigneeName: search.get('name') ?? '',
    phone: search.get('phoneNumber') ?? '',
    province: search.get('province') ?? '',
    city: search.get('city') ?? '',
    district: search.get('district') ?? '',
    detailAddress: search.get('address') ?? '',
    isDefault: search.get('isDefault') === '1',
  };
}

/**
 * /address/addAddress (spec 3 §2.7, §4, §5): isEdit 0 edits the address of the query (with 删除,
 * asking 确定删除地址吗? first), 1 adds one from the order form, 2 adds one from the address book;
 * afterwards the page goes back where it came from (for 1 with no address before, that is the order
 * form, which then shows the new default). The domain's validateAddress checks in the spec's order;
 * the region comes from the province / city / district picker; a second tap while saving is ignored.
 */
export default function AddAddressPage() {
  const [search] = useSearchParams();
  const mode = modeOf(search.get('isEdit'));
  const editing = mode === 0;
  const addressId = search.get('id');
  useDocumentTitle(editing ? '编辑收货地址' : '新增收货地址');
  const navigate = useNavigate();
  const [form, setForm] = useState<AddressForm>(() => formOf(search));
  const set = (patch: Partial<AddressForm>) => setForm((current) => ({ ...current, ...patch }));
  const [picking, setPicking] = useState(false);
  const [pickerValue, setPickerValue] = useState<Region | null>(null);
  const { busy, run } = useSubmitGuard();

  const openPicker = () => {
    setPicking(true);
    if (form.province !== '') {
      void regionByNames(form.province, form.city, form.district).then(setPickerValue, () => {});
    }
  };
  const pick = (region: Region) => {
    setPickerValue(region);
    void regionNames(region).then((names) => set(names));
  };

  const save = () => {
    const checked = validateAddress(form);
    if (!checked.ok) {
      toast(checked.message);
      return;
    }
    void run(async () => {
      const body = {
        consigneeName: form.consigneeName.trim(),
        phone: form.phone.trim(),
        province: form.province,
        city: form.city,
        district: form.district,
        detailAddress: form.detailAddress.trim(),
        isDefault: form.isDefault ? (1 as const) : (0 as const),
      };
      try {
        if (editing && addressId) {
          await api().POST('/address/v1/edit', { body: { ...body, addressId } });
        } else {
          await api().POST('/address/v1/add', { body });
        }
      } catch (error) {
        return () => showError(error);
      }
      return () => {
        toast(editing ? ADDRESS_MESSAGES.edited : ADDRESS_MESSAGES.added);
        void navigate(-1);
      };
    });
  };

  const remove = async () => {
    const confirmed = await Dialog.confirm({
      content: ADDRESS_MESSAGES.deleteConfirm,
      confirmText: <span className={styles.dangerText}>删除</span>,
      cancelText: '取消',
    });
    if (!confirmed || !addressId) {
      return;
    }
    await run(async () => {
      try {
        await api().POST('/address/v1/del', { body: { addressId } });
      } catch (error) {
        return () => showError(error);
      }
      return () => {
        toast(ADDRESS_MESSAGES.deleted);
        void navigate(-1);
      };
    });
  };

  const region = [form.province, form.city, form.district].filter((part) => part !== '').join(' ');
  return (
    <div className={styles.page}>
      <List className={styles.form}>
        <List.Item title="收货人">
          <Input
            aria-label="收货人"
            placeholder="请输入收货人姓名"
            maxLength={ADDRESS_LIMITS.consigneeMax}
            value={form.consigneeName}
            onChange={(consigneeName) => set({ consigneeName })}
          />
        </List.Item>
        <List.Item title="手机号码">
          <Input
            aria-label="手机号码"
            type="tel"
            inputMode="numeric"
            placeholder="请输入收货人手机号"
            maxLength={11}
            value={form.phone}
            onChange={(phone) => set({ phone: phone.replace(/\D/g, '') })}
          />
        </List.Item>
        <List.Item
          title="所在地区"
          clickable
          onClick={openPicker}
          extra={
            <span aria-label="所在地区" className={region === '' ? styles.placeholder : styles.value}>
              {region === '' ? '请选择省 / 市 / 区' : region}
            </span>
          }
        />
        <List.Item title={<label htmlFor="address-detail">详细地址</label>}>
          <TextArea
            id="address-detail"
            placeholder="街道、楼栋、门牌号等（5至40个字）"
            maxLength={ADDRESS_LIMITS.detailMax}
            showCount
            autoSize={{ minRows: 2, maxRows: 4 }}
            value={form.detailAddress}
            onChange={(detailAddress) => set({ detailAddress })}
          />
        </List.Item>
        <List.Item
          extra={
            <Switch aria-label="设为默认地址" checked={form.isDefault} onChange={(isDefault) => set({ isDefault })} />
          }
        >
          设为默认地址
        </List.Item>
      </List>
      <RegionPicker visible={picking} value={pickerValue} onClose={() => setPicking(false)} onConfirm={pick} />
      <div className={styles.footer}>
        <Button block color="primary" size="large" loading={busy} disabled={busy} onClick={save}>
          保存
        </Button>
        {editing ? (
          <Button block fill="outline" color="danger" size="large" disabled={busy} onClick={() => void remove()}>
            删除
          </Button>
        ) : null}
      </div>
    </div>
  );
}
