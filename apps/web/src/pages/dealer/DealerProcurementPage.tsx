import { DEALER_MAX_QUANTITY, digitsOnly, validateDealer } from '@glucoguard/domain';
import { GuardedTextArea } from '@glucoguard/ui';
import { Button, Input } from 'antd-mobile';
import { useState } from 'react';
import { api } from '../../api';
import { FormField, FormFooter, FormList, PhoneInput, TextField } from '../../components/FormField';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useGoBack } from '../../hooks/useGoBack';
import { useSubmitGuard } from '../../hooks/useSubmitGuard';
import { showError, toast } from '../../ui/toast';
import styles from './dealer.module.css';

/** The enquiry as typed. */
interface DealerForm {
  purchaser: string;
  phone: string;
  productName: string;
  account: string;
  saleChannel: string;
  saleArea: string;
  remark: string;
}

const EMPTY: DealerForm = {
  purchaser: '',
  phone: '',
  productName: '',
  account: '',
  saleChannel: '',
  saleArea: '',
  remark: '',
};

/** The limits the API declares (openapi.yaml DealerInput); the quantity has as many digits as its largest value. */
const MAX = {
  purchaser: 30,
  productName: 50,
  account: String(DEALER_MAX_QUANTITY).length,
  saleChannel: 50,
  saleArea: 50,
  remark: 200,
} as const;

/**
 * /dealerProcurement 经销商采购 (spec 3 §2.8, §5), open to visitors too: purchaser, phone, product
 * name, quantity, sales channel, sales area and an optional remark, in that order. The phone and
 * the quantity keep only digits as they are typed. 提交 checks with the domain's validateDealer,
 * which gives each field its own message (the old product mixed up those of quantity, channel and
 * area; docs/adr/0199-dealer-messages-per-field.md), then says 提交成功 and goes back (to the
 * service centre when the form was opened directly).
 */
export default function DealerProcurementPage() {
  useDocumentTitle('经销商采购');
  const goBack = useGoBack('/serviceCenter');
  const [form, setForm] = useState<DealerForm>(EMPTY);
  const set = (patch: Partial<DealerForm>) => setForm((current) => ({ ...current, ...patch }));
  const { busy, run } = useSubmitGuard();

  const submit = () => {
    const checked = validateDealer(form);
    if (!checked.ok) {
      toast(checked.message);
      return;
    }
    void run(async () => {
      try {
        await api().POST('/dealer/v1/add', {
          body: {
            purchaser: form.purchaser.trim(),
            phone: form.phone,
            productName: form.productName.trim(),
            account: form.account,
            saleChannel: form.saleChannel.trim(),
            saleArea: form.saleArea.trim(),
            remark: form.remark.trim(),
          },
        });
      } catch (error) {
        return () => showError(error);
      }
      return () => {
        toast('提交成功');
        setForm(EMPTY);
        goBack();
      };
    });
  };

  return (
    <div className={styles.page}>
      <p className={styles.intro}>欢迎经销商、药店和机构采购。留下联系方式和采购需求，我们的业务人员会尽快与您联系。</p>
      <FormList>
        <TextField
          label="采购人"
          required
          placeholder="请输入采购人姓名"
          maxLength={MAX.purchaser}
          value={form.purchaser}
          onChange={(purchaser) => set({ purchaser })}
        />
        <FormField label="联系电话" required>
          <PhoneInput label="联系电话" value={form.phone} onChange={(phone) => set({ phone })} />
        </FormField>
        <TextField
          label="采购商品名称"
          required
          placeholder="例如：血糖仪、血糖试纸"
          maxLength={MAX.productName}
          value={form.productName}
          onChange={(productName) => set({ productName })}
        />
        <FormField label="采购商品数量" required>
          <Input
            aria-label="采购商品数量"
            inputMode="numeric"
            placeholder="请输入采购数量"
            value={form.account}
            onChange={(account) => set({ account: digitsOnly(account).slice(0, MAX.account) })}
          />
        </FormField>
        <TextField
          label="销售渠道"
          required
          placeholder="例如：药店、医院、电商"
          maxLength={MAX.saleChannel}
          value={form.saleChannel}
          onChange={(saleChannel) => set({ saleChannel })}
        />
        <TextField
          label="销售区域"
          required
          placeholder="例如：浙江省杭州市"
          maxLength={MAX.saleArea}
          value={form.saleArea}
          onChange={(saleArea) => set({ saleArea })}
        />
        <FormField label="备注" labelFor="dealer-remark">
          <GuardedTextArea
            id="dealer-remark"
            placeholder="其他需求（选填）"
            maxLength={MAX.remark}
            autoSize={{ minRows: 2, maxRows: 5 }}
            value={form.remark}
            onChange={(remark) => set({ remark })}
          />
        </FormField>
      </FormList>
      <FormFooter>
        <Button block color="primary" size="large" loading={busy} disabled={busy} onClick={submit}>
          提交
        </Button>
      </FormFooter>
    </div>
  );
}
