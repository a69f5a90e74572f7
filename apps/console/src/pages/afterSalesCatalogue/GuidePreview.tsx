// A guide as the API stored it (sanitised on the server), shown at a phone's width in a sandboxed
// frame: the frame runs no script whatever the HTML holds (sandbox without allow-scripts; it keeps
// the console's origin only so that pictures, served to this origin alone, load), and the console's
// own page never takes the HTML into its document. Opened after each save and from 预览.
import { Alert, Modal, Typography } from 'antd';
import { GUIDE_TYPE_LABELS, type Guide } from './catalogue';
import styles from './Catalogue.module.css';

/** The frame's document: the stored HTML under a phone-like reading style. */
export function previewDocument(content: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><style>
body{margin:0;padding:16px;font:17px/1.75 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif;color:#1f1f1f;}
h2{font-size:21px;margin:18px 0 8px}h3{font-size:19px;margin:14px 0 6px}p{margin:0 0 10px}
img{max-width:100%;height:auto}a{color:#1456c2}blockquote{margin:8px 0;padding-left:12px;border-left:3px solid #d0d0d0;color:#555}
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
