import { REGISTER_PATH, isMessagingAppBrowser } from '@glucoguard/domain';
import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api';
import { brandOf } from '../../brand';
import { PageLoading } from '../../components/PageLoading';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { showError } from '../../session/errors';
import { loadCurrent } from '../../session/flow';
import { isRegistered, useSession } from '../../store/session';
import { posterDataUrl } from './poster';
import type { PosterContent } from './poster';

/**
 * /sharePage: the invitation poster (spec §2.12), drawn in the browser. The route skips sign-in
 * (spec §2.1), so the page never signs in by itself: it uses the session already loaded, or the
 * stored one (`getCurrent` with its token); anyone else, and visitors, are offered registration.
 */
export default function SharePage() {
  useDocumentTitle('邀请好友');
  const navigate = useNavigate();
  const customer = useSession((state) => state.customer);
  const token = useSession((state) => state.token);
  const sourceId = useSession((state) => state.sourceId);
  const registered = isRegistered(customer);
  // Loading the stored session's customer: null before, then done.
  const [loading, setLoading] = useState(customer === null && token !== null);
  const [inviteCode, setInviteCode] = useState<string | null>(null);

  useEffect(() => {
    if (!loading) {
      return;
    }
    void loadCurrent()
      .catch(() => undefined)
      .finally(() => setLoading(false));
  }, [loading]);

  useEffect(() => {
    if (!registered) {
      return;
    }
    let live = true;
    api()
      .GET('/customer/v1/inviteCount')
      .then(
        (data) => live && setInviteCode(data.inviteCode),
        (error: unknown) => live && showError(error),
      );
    return () => {
      live = false;
    };
  }, [registered]);

  if (loading) {
    return <PageLoading />;
  }
  if (!registered || customer === null) {
    return (
      <div style={{ minHeight: '100%', background: 'var(--adm-color-box)', padding: '48px 24px', textAlign: 'center' }}>
        <h1 style={{ margin: '0 0 8px', fontSize: 20 }}>邀请好友</h1>
        <p style={{ margin: '0 0 24px', fontSize: 14, color: 'var(--adm-color-text-secondary)' }}>注册后即可生成您的专属邀请海报</p>
        <Button
          block
          color="primary"
          size="large"
          onClick={() => {
            useSession.getState().setWanted('/sharePage');
            void navigate(REGISTER_PATH);
          }}
        >
          去注册
        </Button>
      </div>
    );
  }
  if (inviteCode === null) {
    return <PageLoading />;
  }
  const brand = brandOf(sourceId);
  return (
    <Poster
      content={{
        brandName: brand.name,
        activityName: brand.invitationName,
        inviteCode,
        nickname: customer.nickname,
        primaryColor: brand.primaryColor,
        deepColor: brand.deepColor,
      }}
    />
  );
}

function Poster({ content }: { content: PosterContent }) {
  const [src] = useState(() => posterDataUrl(content));
  const inApp = isMessagingAppBrowser(navigator.userAgent);
  const alt = `${content.brandName}${content.activityName}邀请海报，邀请码 ${content.inviteCode}`;
  return (
    <div style={{ minHeight: '100%', background: 'var(--adm-color-box)', padding: '16px 12px 24px', textAlign: 'center' }}>
      {src === null ? (
        // Without a 2D canvas the same poster is laid out in HTML (it cannot be saved as one image).
        <div
          role="img"
          aria-label={alt}
          style={{ margin: '0 auto', width: 300, padding: '32px 16px', borderRadius: 12, color: '#fff', background: `linear-gradient(160deg, ${content.primaryColor}, ${content.deepColor})` }}
        >
          <div style={{ fontSize: 24, fontWeight: 600 }}>{content.brandName}</div>
          <div style={{ margin: '16px 0', fontSize: 20 }}>{content.activityName}</div>
          <div style={{ fontSize: 30, fontWeight: 700, letterSpacing: 6 }}>{content.inviteCode}</div>
        </div>
      ) : (
        <img src={src} alt={alt} style={{ display: 'block', margin: '0 auto', width: 300, maxWidth: '100%', borderRadius: 12, boxShadow: '0 6px 20px rgba(0,0,0,0.12)' }} />
      )}
      <p style={{ margin: '16px 0 4px', fontSize: 14, color: 'var(--adm-color-text)' }}>长按海报保存图片，发送给好友或分享到朋友圈</p>
      {inApp ? (
        <p style={{ margin: 0, fontSize: 13, color: 'var(--adm-color-weak)' }}>分享卡片已设置好：点击右上角「…」即可发送给朋友</p>
      ) : null}
    </div>
  );
}
