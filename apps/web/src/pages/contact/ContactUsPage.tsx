import {
  FEEDBACK_MAX,
  FEEDBACK_SUCCESS_MESSAGE,
  FEEDBACK_TYPE,
  IMAGE_LIMITS,
  UPLOAD_BUSINESS_CODE,
  brandFeatures,
  customerServiceHoursLabel,
  joinImageNames,
  validateFeedback,
} from '@glucoguard/domain';
import { GuardedTextArea, ImageUploader } from '@glucoguard/ui';
import { Button, Form, Popup, Selector } from 'antd-mobile';
import { useState } from 'react';
import { api } from '../../api';
import { brandOf } from '../../brand';
import type { Brand } from '../../brand';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useSubmitGuard } from '../../hooks/useSubmitGuard';
import { showError, toast } from '../../ui/toast';
import { useSession } from '../../store/session';
import styles from './ContactUsPage.module.css';

const TYPE_OPTIONS = [
  { label: '建议', value: FEEDBACK_TYPE.suggestion },
  { label: '问题', value: FEEDBACK_TYPE.problem },
];

/** Sends one chosen image (already compressed by the uploader) and answers its stored path. */
async function uploadFeedbackImage(base64: string): Promise<string> {
  const stored = await api().POST('/common/v1/uploadImage', {
    body: { data: base64, businessCode: UPLOAD_BUSINESS_CODE.general },
  });
  return stored.path;
}

/** The feedback form (spec §2.11): type, description with its counter, up to 5 images. */
function FeedbackForm({ onSent }: { onSent: () => void }) {
  const [type, setType] = useState<1 | 2>(FEEDBACK_TYPE.suggestion);
  const [text, setText] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const { busy, run } = useSubmitGuard();

  const submit = () => {
    const check = validateFeedback({ adviceContent: text, images });
    if (!check.ok) {
      toast(check.message);
      return;
    }
    void run(async () => {
      try {
        await api().POST('/feedback/v1/submit', {
          body: {
            type,
            adviceContent: text.trim(),
            ...(images.length === 0 ? {} : { imgUrl: joinImageNames(images) }),
          },
        });
        return () => {
          toast(FEEDBACK_SUCCESS_MESSAGE);
          onSent();
        };
      } catch (error) {
        return () => showError(error, '请求错误！');
      }
    });
  };

  return (
    <section aria-label="意见反馈">
      <Form layout="vertical" mode="card">
        <Form.Header>意见反馈</Form.Header>
        <Form.Item label="反馈类型">
          <div role="group" aria-label="反馈类型">
            <Selector
              columns={2}
              showCheckMark={false}
              options={TYPE_OPTIONS}
              value={[type]}
              onChange={(values) => {
                if (values[0] !== undefined) {
                  setType(values[0]);
                }
              }}
            />
          </div>
        </Form.Item>
        <Form.Item>
          {/* Labelled here rather than by Form.Item, whose label only points at named form fields. */}
          <label htmlFor="feedback-content" className={styles.feedbackFormLabel}>
            问题描述
          </label>
          <GuardedTextArea
            id="feedback-content"
            placeholder="请描述您遇到的问题或建议"
            rows={5}
            maxLength={FEEDBACK_MAX}
            value={text}
            onChange={setText}
          />
        </Form.Item>
        <Form.Item label={`上传图片（最多${IMAGE_LIMITS.feedback}张）`}>
          <ImageUploader
            upload={uploadFeedbackImage}
            onChange={setImages}
            maxCount={IMAGE_LIMITS.feedback}
            disabled={busy}
          />
        </Form.Item>
      </Form>
      <div className={styles.feedbackFormBox}>
        <Button block color="primary" size="large" disabled={busy} onClick={submit}>
          提交
        </Button>
      </div>
    </section>
  );
}

/** How to reach customer service for a brand that shows the service account instead of a chat link. */
function ServiceAccountSheet({ brand, onClose, visible }: { brand: Brand; visible: boolean; onClose: () => void }) {
  const { serviceAccountName, qrImageUrl } = brand.contact;
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
    >
      <div role="dialog" aria-label="联系在线客服" className={styles.serviceAccountSheetBox}>
        <h2 className={styles.serviceAccountSheetHeading}>联系在线客服</h2>
        {qrImageUrl === null ? null : (
          <img src={qrImageUrl} alt={`${serviceAccountName}二维码`} className={styles.serviceAccountSheetImage} />
        )}
        <p className={styles.serviceAccountSheetText}>{serviceAccountName}</p>
        <p className={styles.serviceAccountSheetText2}>
          {qrImageUrl === null
            ? `在微信中搜索并关注公众号「${serviceAccountName}」，进入公众号后直接发送消息，客服会在服务时间内回复您。`
            : '长按识别二维码关注公众号，进入公众号后直接发送消息，客服会在服务时间内回复您。'}
        </p>
        <Button block onClick={onClose}>
          我知道了
        </Button>
      </div>
    </Popup>
  );
}

/** The service entry by brand, the 400 hotline and the hours (spec §2.11). */
export function CustomerService({ brand }: { brand: Brand }) {
  const [sheet, setSheet] = useState(false);
  const { hotline, chatUrl } = brand.contact;
  const opensChat = brandFeatures(brand.sourceId).customerService === 'chatLink' && chatUrl !== null;
  return (
    <section aria-label="客服" className={styles.customerServiceSection}>
      <div className={`${styles.row} ${styles.rowVariant}`}>
        <span>客服热线</span>
        <a href={`tel:${hotline.replace(/-/g, '')}`} className={styles.customerServiceLink}>
          {hotline}
        </a>
      </div>
      <div className={`${styles.row} ${styles.rowVariant}`}>
        <span>服务时间</span>
        <span className={styles.customerServiceText}>每天 {customerServiceHoursLabel()}</span>
      </div>
      <div className={styles.customerServiceBox}>
        {opensChat ? (
          <a
            href={chatUrl}
            className={`adm-button adm-button-primary adm-button-fill-outline adm-button-block adm-button-shape-default ${styles.customerServiceLink2}`}
          >
            在线客服
          </a>
        ) : (
          <Button block color="primary" fill="outline" onClick={() => setSheet(true)}>
            在线客服
          </Button>
        )}
      </div>
      {opensChat ? null : <ServiceAccountSheet brand={brand} visible={sheet} onClose={() => setSheet(false)} />}
    </section>
  );
}

/** /contactUs: feedback and the ways to reach customer service (spec §2.11). */
export default function ContactUsPage() {
  useDocumentTitle('联系我们');
  const sourceId = useSession((state) => state.sourceId);
  const brand = brandOf(sourceId);
  // A new form after each submit (empty text, no images).
  const [round, setRound] = useState(0);
  return (
    <div className={styles.contactUsPageBox}>
      <FeedbackForm key={round} onSent={() => setRound((n) => n + 1)} />
      <CustomerService brand={brand} />
    </div>
  );
}
