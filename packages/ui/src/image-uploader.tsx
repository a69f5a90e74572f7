import {
  IMAGE_LIMITS,
  UPLOAD_FAILED_MESSAGE,
  UPLOAD_SUCCEEDED_MESSAGE,
  tooManyImagesMessage,
} from '@glucoguard/domain';
import { ImageUploader as AntdImageUploader, Toast } from 'antd-mobile';
import type { ImageUploadItem } from 'antd-mobile';
import { useRef } from 'react';
import { compressWithCanvas, prepareImage, readAsDataUrl } from './image-prepare';
import type { ImageCompressor } from './image-prepare';
import styles from './image-uploader.module.css';

export interface ImageUploaderProps {
  /**
   * Sends one image and resolves with its stored path (`/common/v1/uploadImage`). Gets the base64
   * without its data-URL prefix and the file as chosen; a rejection shows 上传失败.
   */
  upload: (base64: string, file: File) => Promise<string>;
  /** Called with the stored paths, in display order, after each upload or removal. */
  onChange?: (paths: string[]) => void;
  /** Most images the group holds; the feedback form's 5 by default. */
  maxCount?: number;
  /** Replaces the canvas compressor (tests, or a worker-based one). */
  compress?: ImageCompressor;
  disabled?: boolean;
  /**
   * Each tile says how its upload went (spec 3 §5, the repair form's groups): 上传中... while it
   * is sent, then 上传成功, or 上传失败 — a failed tile stays, without a toast, until it is removed.
   * Off by default: a failed image disappears after the 上传失败 toast.
   */
  showStatus?: boolean;
  /** Called with how many images are still being sent, whenever that changes. */
  onPendingChange?: (pending: number) => void;
}

interface StoredItem extends ImageUploadItem {
  /** The stored path the upload call returned; empty for a failed tile kept by `showStatus`. */
  extra: string;
  failed?: boolean;
}

/** The chosen file as a data URL for a failed tile's thumbnail; empty when it cannot be read. */
function thumbnailOf(file: File): Promise<string> {
  return readAsDataUrl(file).catch(() => '');
}

/**
 * Choose up to `maxCount` images, see them as thumbnails and remove them. Each chosen file is
 * compressed by the domain's rule and uploaded at once, so the page only ever holds stored paths.
 * A file that fails disappears again (no failed tile to clear) after the 上传失败 toast; choosing
 * more than fit uploads the first ones and says how many are allowed.
 */
export function ImageUploader({
  upload,
  onChange,
  maxCount = IMAGE_LIMITS.feedback,
  compress = compressWithCanvas,
  disabled = false,
  showStatus = false,
  onPendingChange,
}: ImageUploaderProps) {
  // Thumbnails keep a key of their own: two uploads of the same photo may share a stored path.
  const nextKey = useRef(0);

  const send = async (file: File): Promise<StoredItem> => {
    try {
      const prepared = await prepareImage(file, compress);
      const path = await upload(prepared.base64, file);
      nextKey.current += 1;
      return { key: nextKey.current, url: prepared.dataUrl, extra: path };
    } catch (error) {
      if (showStatus) {
        // Kept as a tile of its own so the user sees which image failed; it holds no path.
        nextKey.current += 1;
        return { key: nextKey.current, url: await thumbnailOf(file), extra: '', failed: true };
      }
      Toast.show({ content: UPLOAD_FAILED_MESSAGE, position: 'center' });
      // Rethrown so antd-mobile drops the tile instead of adding it to the list.
      throw error;
    }
  };

  return (
    <AntdImageUploader
      upload={send}
      onChange={(items) =>
        onChange?.((items as StoredItem[]).filter((item) => item.failed !== true).map((item) => item.extra))
      }
      onUploadQueueChange={
        onPendingChange
          ? (tasks) => onPendingChange(tasks.filter((task) => task.status === 'pending').length)
          : undefined
      }
      renderItem={
        showStatus
          ? (node, item) => {
              const failed = (item as StoredItem).failed === true;
              return (
                <div className={styles.statusCell}>
                  {node}
                  <span className={failed ? styles.statusFailed : styles.statusDone} role="status">
                    {failed ? UPLOAD_FAILED_MESSAGE : UPLOAD_SUCCEEDED_MESSAGE}
                  </span>
                </div>
              );
            }
          : undefined
      }
      multiple
      accept="image/*"
      maxCount={maxCount}
      onCountExceed={() => Toast.show({ content: tooManyImagesMessage(maxCount), position: 'center' })}
      showFailed={false}
      disableUpload={disabled}
      deletable={!disabled}
      deleteIcon={
        // antd-mobile's own icon has no accessible name; this keeps its place and gives it one.
        <span
          role="button"
          aria-label="删除图片"
          className={`adm-image-uploader-cell-delete-icon ${styles.imageUploaderText}`}
        >
          ×
        </span>
      }
    />
  );
}
