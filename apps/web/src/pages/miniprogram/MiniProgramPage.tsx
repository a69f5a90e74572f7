import { isMessagingAppBrowser } from '@glucoguard/domain';
import { Button, Dialog } from 'antd-mobile';
import { brandOf } from '../../brand';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useSession } from '../../store/session';

/**
 * /miniprogram: the way to the shopping mini-program (spec §2.12). Mini-programs only open inside
 * the messaging app, so elsewhere the page says so instead of offering a button that cannot work.
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
    <div style={{ minHeight: '100%', background: 'var(--adm-color-box)', padding: '32px 20px', textAlign: 'center' }}>
      <h1 style={{ margin: '0 0 8px', fontSize: 20 }}>{mallName}</h1>
      <p style={{ margin: '0 0 24px', fontSize: 14, lineHeight: 1.6, color: 'var(--adm-color-text-secondary)' }}>
        {inApp
          ? '血糖仪、试纸等商品请在商城小程序中选购，小程序将在微信中打开。'
          : '商城小程序需要在微信中打开，请在微信中访问本页面后使用。'}
      </p>
      <Button block color="primary" size="large" disabled={!inApp} onClick={open}>
        打开商城小程序
      </Button>
    </div>
  );
}
