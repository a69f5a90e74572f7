// A guide as the API stored it (sanitised on the server), shown at a phone's width in a sandboxed
// frame: the frame runs no script whatever the HTML holds (sandbox without allow-scripts; it keeps
// the console's origin only so that pictures, served to this origin alone, load), and the console's
// own page never takes the HTML into its document. Opened after each save and from 预览.
import { tokens } from '@glucoguard/ui';
import { Alert, Modal, Typography } from 'antd';
import { GUIDE_TYPE_LABELS, type Guide } from './catalogue';
import styles from './Catalogue.module.css';

/**
 * The frame's document: the stored HTML under the patient page's reading style (the design tokens
 * the web's rich text uses, packages/ui), written into the frame, which the console's CSS variables
 * do not reach.
 */
export function previewDocument(content: string): string {
  const t = tokens;
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><style>
body{margin:0;padding:${t.space4}px;font:${t.fontSizeLg}px/1.75 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif;color:${t.colorText};background:${t.colorSurface};overflow-wrap:anywhere}
h1,h2,h3{font-size:${t.fontSize2xl}px;line-height:1.4;margin:${t.space4}px 0 ${t.space2}px}p,ul,ol{margin:0 0 ${t.space3}px}
img{max-width:100%;height:auto;border-radius:${t.radiusM}px}a{color:${t.colorPrimary}}
blockquote{margin:${t.space2}px 0;padding-left:${t.space3}px;border-left:3px solid ${t.colorInputBorder};color:${t.colorTextSecondary}}
</style></head><body>${content}</body></html>`;
}

export function GuidePreview({
  guide,
  justSaved,
  onClose,
}: {
  /** The guide to show, or null when closed. */
  guide: Guide | null;
  /** Opened right after a save: say that this is what was stored. */
  justSaved: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      title={guide ? `${justSaved ? '已保存' : '预览'}：${guide.title}` : ''}
      open={guide !== null}
      width={480}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {guide && (
        <>
          <Alert
            className={styles.filters}
            type={justSaved ? 'success' : 'info'}
            showIcon
            title={
              guide.contentUrl
                ? `${GUIDE_TYPE_LABELS[guide.guideType]}：患者打开后跳转到下面的地址`
                : `${justSaved ? '已保存。' : ''}这是服务器保存的内容（已清理脚本、事件属性等不安全内容），患者看到的与此相同。`
            }
          />
          {guide.contentUrl ? (
            <Typography.Link href={guide.contentUrl} target="_blank" rel="noreferrer">
              {guide.contentUrl}
            </Typography.Link>
          ) : (
            <iframe
              className={styles.preview}
              title="保存后的内容"
              sandbox="allow-same-origin"
              srcDoc={previewDocument(guide.content || '<p>（暂无内容）</p>')}
            />
          )}
        </>
      )}
    </Modal>
  );
}
