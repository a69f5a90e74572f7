import { IMAGE_LIMITS, atLimitMessage, charCount } from '@glucoguard/domain';
import { GuardedTextArea, ImageUploader } from '@glucoguard/ui';
import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { toast } from '../../ui/toast';
import { photoUploader } from './flow';
import styles from './consultSubmit.module.css';

/**
 * The description with photos that the consultation submit page and the illness description share
 * (spec 3 §2.1, §5): a text with its counter and a toast when it reaches its limit, up to 9 photos
 * compressed by the domain's rule before upload, and one button.
 */
export function DescriptionForm({
  id,
  label,
  placeholder,
  maxLength,
  text,
  onText,
  photoKind,
  onPhotos,
  busy,
  action,
  onSubmit,
  children,
}: {
  id: string;
  label: string;
  placeholder: string;
  maxLength: number;
  text: string;
  onText: (text: string) => void;
  photoKind: 'consult' | 'illness';
  onPhotos: (paths: string[]) => void;
  busy: boolean;
  action: string;
  onSubmit: () => void;
  children?: ReactNode;
}) {
  const change = (next: string) => {
    if (charCount(next) >= maxLength && charCount(text) < maxLength) {
      toast(atLimitMessage(label, maxLength));
    }
    onText(next);
  };
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-label={label}>
        <label htmlFor={id} className={styles.label}>
          {label}
          <span className={styles.required}>（必填）</span>
        </label>
        <GuardedTextArea
          id={id}
          className={styles.textArea}
          placeholder={placeholder}
          rows={6}
          maxLength={maxLength}
          value={text}
          onChange={change}
        />
      </section>
      <section className={styles.card} aria-label="上传图片">
        <p className={styles.label}>
          上传图片<span className={styles.hint}>（选填，最多{IMAGE_LIMITS.consult}张）</span>
        </p>
        <ImageUploader
          upload={photoUploader(photoKind)}
          onChange={onPhotos}
          maxCount={IMAGE_LIMITS.consult}
          disabled={busy}
        />
      </section>
      {children}
      <div className={styles.footer}>
        <Button block color="primary" size="large" disabled={busy} onClick={onSubmit}>
          {action}
        </Button>
      </div>
    </div>
  );
}
