// A goods picture field of the form: the chosen pictures as thumbnails (each removable, the first is
// the one shown first), and 上传 while fewer than `max` are chosen. A picture is stored by the upload
// operation as soon as it is picked and the field keeps the stored addresses, so 保存 sends addresses
// only. Used as a Form.Item child: `value` and `onChange` come from the form.
import { DeleteOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Image, Upload } from 'antd';
import { useState } from 'react';
import { messageOf } from '../../api';
import { GOODS_IMAGE_ACCEPT, GOODS_IMAGE_MAX_BYTES, imageSrc } from './goodsImages';
import styles from './GoodsPage.module.css';

export function ImagesField({
  value = [],
  onChange,
  max,
  label,
  upload,
}: {
  value?: string[];
  onChange?: (value: string[]) => void;
  /** How many pictures the field holds at most (1 for a single picture). */
  max: number;
  /** What the pictures are, for the buttons' accessible names (e.g. 轮播图). */
  label: string;
  /** Stores one picture and answers its address. */
  upload: (file: File) => Promise<string>;
}) {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);

  const add = async (file: File) => {
    if (file.size > GOODS_IMAGE_MAX_BYTES) {
      void message.error(`图片不能超过 ${GOODS_IMAGE_MAX_BYTES / 1024 / 1024} MB`);
      return;
    }
    setUploading(true);
    try {
      const address = await upload(file);
      onChange?.([...value, address].slice(0, max));
    } catch (failure) {
      void message.error(messageOf(failure) || '上传失败');
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className={styles.images}>
      {value.map((address, index) => (
        <div className={styles.imageTile} key={`${address}-${index}`}>
          <Image
            src={imageSrc(address)}
            alt={`${label} ${index + 1}`}
            width={88}
            height={88}
            className={styles.imageThumb}
          />
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={`删除${label} ${index + 1}`}
            onClick={() => onChange?.(value.filter((_, i) => i !== index))}
          />
        </div>
      ))}
      {value.length < max && (
        <Upload
          accept={GOODS_IMAGE_ACCEPT}
          showUploadList={false}
          beforeUpload={(file) => {
            void add(file);
            return false;
          }}
        >
          <button type="button" className={styles.imageAdd} disabled={uploading} aria-label={`上传${label}`}>
            {uploading ? <LoadingOutlined /> : <PlusOutlined />}
            <span>{uploading ? '上传中...' : '上传'}</span>
          </button>
        </Upload>
      )}
    </div>
  );
}
