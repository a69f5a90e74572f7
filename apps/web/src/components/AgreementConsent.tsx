import { Button, Checkbox, Popup } from 'antd-mobile';
import { useState } from 'react';
import { brandOf } from '../brand';
import { agreementFor } from '../content/agreements';
import type { AgreementType } from '../content/agreements';
import { useSession } from '../store/session';
import { AgreementView } from './AgreementView';

/** The consent box of registration: 我已阅读并同意《用户服务协议》和《隐私政策》, each viewable in an overlay. */
export function AgreementConsent({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const sourceId = useSession((state) => state.sourceId);
  const [open, setOpen] = useState<AgreementType | null>(null);
  const link = (type: AgreementType, text: string) => (
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
    <div style={{ fontSize: 13, lineHeight: 1.6, color: 'var(--adm-color-text-secondary)' }}>
      <Checkbox
        checked={checked}
        onChange={onChange}
        style={{ '--icon-size': '18px', '--font-size': '13px', '--gap': '6px' }}
      >
        我已阅读并同意{link(1, '《用户服务协议》')}和{link(2, '《隐私政策》')}
      </Checkbox>
      <Popup
        visible={open !== null}
        onMaskClick={() => setOpen(null)}
        onClose={() => setOpen(null)}
        bodyStyle={{ height: '80vh', display: 'flex', flexDirection: 'column', borderRadius: '12px 12px 0 0' }}
      >
        <div role="dialog" aria-label={open === 2 ? '隐私政策' : '用户服务协议'} style={{ flex: 1, overflowY: 'auto' }}>
          {open === null ? null : (
            <AgreementView agreement={agreementFor(open, brandOf(sourceId).name)} headingLevel={2} />
          )}
        </div>
        <div style={{ padding: '8px 16px calc(8px + env(safe-area-inset-bottom, 0px))' }}>
          <Button block color="primary" onClick={() => setOpen(null)}>
            我知道了
          </Button>
        </div>
      </Popup>
    </div>
  );
}
