import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api';
import { PageLoading } from '../../components/PageLoading';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { showError } from '../../session/errors';

interface InviteInfo {
  count: number;
  inviteCode: string;
}

/** /invitationCode/invitationCode: the user's invite code and how many registered with it (spec §2.12). */
export default function InvitationCodePage() {
  useDocumentTitle('我的邀请码');
  const navigate = useNavigate();
  const [info, setInfo] = useState<InviteInfo | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    api()
      .GET('/customer/v1/inviteCount')
      .then(
        (data) => {
          if (live) {
            setInfo(data);
          }
        },
        (error: unknown) => {
          if (live) {
            setFailed(true);
            showError(error);
          }
        },
      );
    return () => {
      live = false;
    };
  }, []);

  if (info === null) {
    return failed ? (
      <p style={{ padding: 40, textAlign: 'center', color: 'var(--adm-color-weak)' }}>邀请信息加载失败，请稍后再试</p>
    ) : (
      <PageLoading />
    );
  }

  return (
    <div style={{ minHeight: '100%', background: 'var(--adm-color-box)', padding: '16px 12px' }}>
      <section
        aria-label="我的邀请码"
        style={{
          padding: '28px 16px',
          borderRadius: 12,
          background: 'var(--adm-color-background)',
          textAlign: 'center',
        }}
      >
        <div style={{ fontSize: 14, color: 'var(--adm-color-text-secondary)' }}>我的邀请码</div>
        <div
          data-testid="invite-code"
          style={{
            margin: '12px 0',
            fontSize: 34,
            fontWeight: 700,
            letterSpacing: 6,
            color: 'var(--adm-color-primary)',
          }}
        >
          {info.inviteCode}
        </div>
        <div style={{ fontSize: 15 }}>
          已邀请 <strong style={{ fontSize: 20, color: 'var(--adm-color-primary)' }}>{info.count}</strong> 人注册
        </div>
      </section>
      <p style={{ margin: '16px 4px', fontSize: 13, lineHeight: 1.6, color: 'var(--adm-color-weak)' }}>
        好友注册时填写您的邀请码，即计入您的邀请人数。
      </p>
      <Button block color="primary" size="large" onClick={() => void navigate('/sharePage')}>
        生成邀请海报
      </Button>
    </div>
  );
}
