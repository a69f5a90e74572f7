import { Button, Checkbox, Popup } from 'antd-mobile';
import { useState } from 'react';
import { LEGAL_TITLES, LegalTextView, type LegalType } from './LegalText';
import styles from './AgreementConsent.module.css';

/**
 * The consent box of registration: 我已阅读并同意《用户服务协议》和《隐私政策》, each viewable in an
 * overlay that reads the text from the API (the same source as /protocolPage).
 */
export function AgreementConsent({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const [open, setOpen] = useState<LegalType | null>(null);
  const link = (type: LegalType, text: string) => (
    <a
      href={`/protocolPage?type=${type}`}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        setOpen(type);
      }}
    >
      {text}
    </a>
  );
  return (
    <div className={styles.agreementConsentBox}>
      <Checkbox checked={checked} onChange={onChange} className={styles.agreementConsentCheckbox}>
        我已阅读并同意{link(1, '《用户服务协议》')}和{link(2, '《隐私政策》')}
      </Checkbox>
      <Popup
        visible={open !== null}
        onMaskClick={() => setOpen(null)}
        onClose={() => setOpen(null)}
        bodyStyle={{ height: '80vh', display: 'flex', flexDirection: 'column', borderRadius: '12px 12px 0 0' }}
      >
        <div role="dialog" aria-label={LEGAL_TITLES[open ?? 1]} className={styles.agreementConsentBox2}>
          {open === null ? null : <LegalTextView type={open} headingLevel={2} />}
        </div>
        <div className={styles.agreementConsentBox3}>
          <Button block color="primary" onClick={() => setOpen(null)}>
            我知道了
          </Button>
        </div>
      </Popup>
    </div>
  );
}
