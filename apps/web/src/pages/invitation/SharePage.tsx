import { ACCOUNT_MESSAGES, REGISTER_PATH, isMessagingAppBrowser } from '@glucoguard/domain';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useApiData } from '../../hooks/useApiData';
import { api } from '../../api';
import { brandOf } from '../../brand';
import { PageLoading } from '../../components/PageLoading';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { showError } from '../../ui/toast';
import { loadCurrent } from '../../session/flow';
import { isRegistered, useSession } from '../../store/session';
import { absoluteUrl, useShareCard } from '../../wechat/jssdk';
import styles from './SharePage.module.css';

/**
 * /sharePage: the invitation poster (spec §2.12), a PNG drawn and cached by the server
 * (`getCustomerPoster`) with the QR code of the invitation link; a failure shows the server's errMsg. The route skips sign-in
 * (spec §2.1), so the page never signs in by itself: it uses the session already loaded, or the
 * stored one (`getCurrent` with its token). Anyone else, and visitors, go straight to registration
 * (spec 3 §2.6), with this address and its query remembered as the wanted one: registration ends
 * back here (registrationReturnTarget), as it does for every page the route guard holds back.
 */
export default function SharePage() {
  useDocumentTitle('邀请好友');
  const navigate = useNavigate();
  const location = useLocation();
  const customer = useSession((state) => state.customer);
  const token = useSession((state) => state.token);
  const sourceId = useSession((state) => state.sourceId);
  const registered = isRegistered(customer);
  // Loading the stored session's customer: null before, then done.
  const [needsCustomer] = useState(customer === null && token !== null);
  const loading = useApiData(() => loadCurrent().catch(() => undefined), '', { enabled: needsCustomer }).loading;
  const brand = brandOf(sourceId);
  const imgDomain = useSession((state) => state.imgDomain);

  const read = useApiData(
    async () => {
      const [info, drawn] = await Promise.all([
        api().GET('/customer/v1/inviteCount'),
        api().GET('/customer/v1/getCustomerPoster', {
          params: { query: { activityName: brand.invitationName as '测量领积分' | '邀请注册有奖' } },
        }),
      ]);
      return { inviteCode: info.inviteCode, src: `${imgDomain}${drawn.posterUrl}?t=${Date.now()}`, link: drawn.link };
    },
    [registered, brand.invitationName, imgDomain],
    { enabled: registered, onError: showError },
  );
  const poster = read.data;
  const failed = read.failed;

  // The share card in the messaging app: the invitation link the poster's QR code carries.
  const nickname = customer?.nickname ?? '';
  useShareCard(
    poster === null
      ? null
      : {
          title: `${nickname}邀请您加入${brand.name}`,
          desc: `${brand.invitationName}：注册时填写邀请码 ${poster.inviteCode}`,
          link: poster.link,
          imgUrl: absoluteUrl('/favicon.svg'),
        },
    `${poster?.link ?? ''}:${nickname}`,
  );

  const isAuth = useSession((state) => state.isAuth);
  // Registration sends a registered user (isAuth '1') straight back to the wanted address, so such a
  // user whose customer could not be loaded is told so here instead of going round in a loop.
  const visitor = !loading && !registered && isAuth !== '1';
  const here = `${location.pathname}${location.search}${location.hash}`;
  useEffect(() => {
    if (visitor) {
      useSession.getState().setWanted(here);
      void navigate(REGISTER_PATH, { replace: true });
    }
  }, [visitor, here, navigate]);

  if (loading || visitor) {
    return <PageLoading />;
  }
  if (!registered || customer === null) {
    return <p className={styles.sharePageText2}>{ACCOUNT_MESSAGES.userInfoFailed}，请稍后再试</p>;
  }
  if (poster === null) {
    return failed ? <p className={styles.sharePageText2}>海报生成失败，请稍后再试</p> : <PageLoading />;
  }
  const inApp = isMessagingAppBrowser(navigator.userAgent);
  const alt = `${brand.name}${brand.invitationName}邀请海报，邀请码 ${poster.inviteCode}`;
  return (
    <div className={styles.sharePageBox2}>
      <img src={poster.src} alt={alt} className={styles.sharePageImage} />
      <p className={styles.sharePageText3}>长按海报保存图片，发送给好友或分享到朋友圈</p>
      {inApp ? <p className={styles.sharePageText4}>分享卡片已设置好：点击右上角「…」即可发送给朋友</p> : null}
    </div>
  );
}
