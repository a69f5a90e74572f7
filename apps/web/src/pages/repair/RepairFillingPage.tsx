import {
  IMAGE_LIMITS,
  REPAIR_IMAGE_GROUP_LABELS,
  REPAIR_MESSAGES,
  REPAIR_SCREEN_TEXTS,
  UPLOAD_BUSINESS_CODE,
  extractImei,
  isMobilePhone,
  repairPurchaseDateBounds,
  validateModelChoice,
  validateRepair,
} from '@glucoguard/domain';
import { GuardedTextArea, ImageUploader } from '@glucoguard/ui';
import { Button, DatePicker, Picker } from 'antd-mobile';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api';
import { useCodeScanner } from '../../components/CodeScanner';
import { FormField, FormFooter, FormList, PhoneInput, PickerValue, TextField } from '../../components/FormField';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { useSubmitGuard } from '../../hooks/useSubmitGuard';
import { useSession } from '../../store/session';
import { showError, toast } from '../../ui/toast';
import { FAULT_SERVICE_LIST_PATH } from './repairPaths';
import styles from './repair.module.css';

/** The form as typed; ids as the pickers hold them. */
interface RepairForm {
  name: string;
  phone: string;
  purchaseDateStr: string;
  address: string;
  categoryId: number | null;
  productId: number | null;
  batchNo: string;
  deviceImei: string;
  malfunctionContent: string;
}

/** The limits the API declares for the form's fields (openapi.yaml RepairInput). */
const MAX = { name: 30, address: 100, batchNo: 40, deviceImei: 64, malfunctionContent: 500 } as const;

/** Sends one photo to the private repair folder and answers its stored path. */
async function uploadRepairPhoto(base64: string): Promise<string> {
  return (
    await api().POST('/common/v1/uploadImage', { body: { data: base64, businessCode: UPLOAD_BUSINESS_CODE.repair } })
  ).path;
}

/**
 * /repairFilling 故障报修 (spec 3 §2.8, §4, §5): contact person, phone, purchase date, address,
 * category, model, batch number, SN/IMEI, the purchase voucher photos (发票信息), the fault
 * description and the fault photos (故障图片), in that order. The phone keeps only digits while it is
 * typed and is checked when it is left; choosing a category clears the model and loads that
 * category's models, and the model asks for a category first; the date runs from 1900-01-01 to
 * today. Each photo group takes up to 4 and says per image 上传中... / 上传成功 / 上传失败. 提交 checks
 * with the domain's validateRepair in the spec's order, waits for photos still being sent, and on
 * success goes to the list (/faultServiceList).
 */
export default function RepairFillingPage() {
  useDocumentTitle('故障报修');
  const navigate = useNavigate();
  const customer = useSession((state) => state.customer);
  const [form, setForm] = useState<RepairForm>(() => ({
    name: '',
    phone: customer?.phone ?? '',
    purchaseDateStr: '',
    address: '',
    categoryId: null,
    productId: null,
    batchNo: '',
    deviceImei: '',
    malfunctionContent: '',
  }));
  const set = (patch: Partial<RepairForm>) => setForm((current) => ({ ...current, ...patch }));
  const [certificates, setCertificates] = useState<string[]>([]);
  const [faultPhotos, setFaultPhotos] = useState<string[]>([]);
  const [pending, setPending] = useState({ certificates: 0, faultPhotos: 0 });
  const [open, setOpen] = useState<'date' | 'category' | 'model' | null>(null);
  const { busy, run } = useSubmitGuard();
  const scanner = useCodeScanner();

  // The label's code read like /addProduct's (the domain's extractImei): an IMEI or SN, not a URL.
  const scan = async () => {
    const text = await scanner.scan();
    if (text !== null && text.trim() !== '') {
      set({ deviceImei: extractImei(text).slice(0, MAX.deviceImei) });
    }
  };

  const categories = useApiData(() => api().GET('/product/v1/queryCategoryList', {}));
  const categoryId = form.categoryId;
  const models = useApiData(
    () => api().GET('/product/v1/queryProductList', { params: { query: { categoryId: categoryId ?? 0 } } }),
    categoryId,
    { enabled: categoryId !== null, clear: true },
  );
  const categoryName = categories.data?.find((category) => category.id === form.categoryId)?.name ?? '';
  const modelName = models.data?.find((model) => model.id === form.productId)?.name ?? '';
  const bounds = repairPurchaseDateBounds(new Date());

  // A list that failed to load (a weak signal) is read again on the next tap rather than opening empty.
  const openCategories = () => {
    if (categories.failed) {
      categories.reload();
      toast(REPAIR_SCREEN_TEXTS.loadFailed);
      return;
    }
    setOpen('category');
  };

  const openModels = () => {
    const checked = validateModelChoice(form.categoryId);
    if (!checked.ok) {
      toast(checked.message);
      return;
    }
    if (models.failed) {
      models.reload();
      toast(REPAIR_SCREEN_TEXTS.loadFailed);
      return;
    }
    setOpen('model');
  };

  const checkPhone = () => {
    if (form.phone !== '' && !isMobilePhone(form.phone)) {
      toast(REPAIR_MESSAGES.phoneInvalid);
    }
  };

  const submit = () => {
    const checked = validateRepair({
      ...form,
      certificateImages: certificates,
      malfunctionImages: faultPhotos,
    });
    if (!checked.ok) {
      toast(checked.message);
      return;
    }
    if (pending.certificates + pending.faultPhotos > 0) {
      toast(REPAIR_SCREEN_TEXTS.photosUploading);
      return;
    }
    void run(async () => {
      try {
        await api().POST('/productUpkeep/v1/add', {
          body: {
            name: form.name.trim(),
            phone: form.phone,
            address: form.address.trim(),
            categoryId: form.categoryId ?? undefined,
            productId: form.productId ?? undefined,
            purchaseDateStr: form.purchaseDateStr,
            batchNo: form.batchNo.trim(),
            deviceImei: form.deviceImei.trim(),
            certificateUrl: certificates.join(','),
            malfunctionContent: form.malfunctionContent.trim(),
            malfunctionUrl: faultPhotos.join(','),
          },
        });
      } catch (error) {
        return () => showError(error);
      }
      return () => {
        toast(REPAIR_SCREEN_TEXTS.submitted);
        void navigate(FAULT_SERVICE_LIST_PATH, { replace: true });
      };
    });
  };

  return (
    <div className={styles.page}>
      <FormList>
        <TextField
          label="联系人"
          required
          placeholder="请输入联系人姓名"
          maxLength={MAX.name}
          value={form.name}
          onChange={(name) => set({ name })}
        />
        <FormField label="联系电话" required>
          <PhoneInput label="联系电话" value={form.phone} onChange={(phone) => set({ phone })} onBlur={checkPhone} />
        </FormField>
        <FormField label="购买日期" required>
          <PickerValue
            label="购买日期"
            value={form.purchaseDateStr}
            placeholder="请选择购买日期"
            onOpen={() => setOpen('date')}
          />
        </FormField>
        <TextField
          label="地址"
          placeholder="请输入联系地址（选填）"
          maxLength={MAX.address}
          value={form.address}
          onChange={(address) => set({ address })}
        />
        <FormField label="品类" required>
          <PickerValue label="品类" value={categoryName} placeholder="请选择品类" onOpen={openCategories} />
        </FormField>
        <FormField label="型号" required>
          <PickerValue label="型号" value={modelName} placeholder="请选择型号" onOpen={openModels} />
        </FormField>
        <TextField
          label="批次号"
          placeholder="见产品背面或包装盒（选填）"
          maxLength={MAX.batchNo}
          value={form.batchNo}
          onChange={(batchNo) => set({ batchNo })}
        />
        <TextField
          label="SN/IMEI"
          placeholder="见产品背面标签（选填）"
          maxLength={MAX.deviceImei}
          value={form.deviceImei}
          onChange={(deviceImei) => set({ deviceImei })}
          extra={
            scanner.available ? (
              <Button color="primary" fill="outline" className={styles.scanButton} onClick={() => void scan()}>
                扫码
              </Button>
            ) : undefined
          }
        />
        <FormField
          label={REPAIR_IMAGE_GROUP_LABELS.certificateUrl}
          hint={`购买凭证或发票照片，最多${IMAGE_LIMITS.repairGroup}张`}
        >
          <div role="group" aria-label={REPAIR_IMAGE_GROUP_LABELS.certificateUrl}>
            <ImageUploader
              upload={uploadRepairPhoto}
              maxCount={IMAGE_LIMITS.repairGroup}
              showStatus
              onChange={setCertificates}
              onPendingChange={(count) => setPending((current) => ({ ...current, certificates: count }))}
            />
          </div>
        </FormField>
        <FormField label="故障描述" required labelFor="repair-fault">
          <GuardedTextArea
            id="repair-fault"
            placeholder="请描述故障现象，例如：无法开机、屏幕不显示、测量报错"
            maxLength={MAX.malfunctionContent}
            autoSize={{ minRows: 3, maxRows: 6 }}
            value={form.malfunctionContent}
            onChange={(malfunctionContent) => set({ malfunctionContent })}
          />
        </FormField>
        <FormField
          label={REPAIR_IMAGE_GROUP_LABELS.malfunctionUrl}
          hint={`故障部位或报错画面的照片，最多${IMAGE_LIMITS.repairGroup}张`}
        >
          <div role="group" aria-label={REPAIR_IMAGE_GROUP_LABELS.malfunctionUrl}>
            <ImageUploader
              upload={uploadRepairPhoto}
              maxCount={IMAGE_LIMITS.repairGroup}
              showStatus
              onChange={setFaultPhotos}
              onPendingChange={(count) => setPending((current) => ({ ...current, faultPhotos: count }))}
            />
          </div>
        </FormField>
      </FormList>
      <FormFooter>
        <Button block color="primary" size="large" loading={busy} disabled={busy} onClick={submit}>
          提交
        </Button>
      </FormFooter>
      <DatePicker
        title="购买日期"
        visible={open === 'date'}
        min={dayjs(bounds.min).toDate()}
        max={dayjs(bounds.max).toDate()}
        value={form.purchaseDateStr === '' ? dayjs(bounds.max).toDate() : dayjs(form.purchaseDateStr).toDate()}
        onClose={() => setOpen(null)}
        onConfirm={(date) => set({ purchaseDateStr: dayjs(date).format('YYYY-MM-DD') })}
      />
      <Picker
        title="品类"
        visible={open === 'category'}
        columns={[(categories.data ?? []).map((category) => ({ label: category.name, value: category.id }))]}
        value={form.categoryId === null ? [] : [form.categoryId]}
        onClose={() => setOpen(null)}
        onConfirm={(values) => {
          // 确定 without turning the wheel takes the item it shows (the first).
          const chosen = values[0] ?? categories.data?.[0]?.id;
          if (typeof chosen === 'number' && chosen !== form.categoryId) {
            set({ categoryId: chosen, productId: null });
          }
        }}
      />
      <Picker
        title="型号"
        visible={open === 'model'}
        loading={models.loading}
        columns={[(models.data ?? []).map((model) => ({ label: model.name, value: model.id }))]}
        value={form.productId === null ? [] : [form.productId]}
        onClose={() => setOpen(null)}
        onConfirm={(values) => {
          const chosen = values[0] ?? models.data?.[0]?.id;
          if (typeof chosen === 'number') {
            set({ productId: chosen });
          }
        }}
      />
      {scanner.view}
    </div>
  );
}
