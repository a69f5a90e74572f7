import { isMessagingAppBrowser } from '@glucoguard/domain';
import { Button, Dialog } from 'antd-mobile';
import { Link } from 'react-router-dom';
import { brandOf } from '../../brand';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useSession } from '../../store/session';
import styles from './MiniProgramPage.module.css';

/**
 * /miniprogram: the way to the shopping mini-program (spec §2.12). Mini-programs only open inside
 * the messaging app, so elsewhere the page says so instead of offering a button that cannot work.
 * Our own mall sells the same goods in the app, so it comes first (docs/adr/0186-mini-program-and-youzan-pages.md).
 */
export default function MiniProgramPage() {
  useDocumentTitle('商城小程序');
  const sourceId = useSession((state) => state.sourceId);
  const mallName = `${brandOf(sourceId).name}商城`;
  const inApp = isMessagingAppBrowser(navigator.userAgent);

  const open = () => {
    void Dialog.alert({
      title: '打开商城小程序',
      content: `商城小程序「${mallName}」会在微信中打开。一键跳转开通前，请在微信顶部搜索「${mallName}」小程序进入。`,
      confirmText: '我知道了',
    });
  };

  return (
    <div className={styles.miniProgramPageBox}>
      <h1 className={styles.miniProgramPageTitle}>{mallName}</h1>
      <p className={styles.miniProgramPageText}>
        {inApp
          ? '血糖仪、试纸等商品请在商城小程序中选购，小程序将在微信中打开。'
          : '商城小程序需要在微信中打开，请在微信中访问本页面后使用。'}
      </p>
      <Link className={styles.miniProgramPageMall} to="/mall/goodsList">
        进入健康商城
      </Link>
      <p className={styles.miniProgramPageText}>血糖仪、试纸和服务包在健康商城中即可选购。</p>
      <Button block size="large" disabled={!inApp} onClick={open}>
        打开商城小程序
      </Button>
    </div>
  );
}
