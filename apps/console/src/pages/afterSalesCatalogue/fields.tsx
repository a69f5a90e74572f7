// Form fields shared by the after-sales catalogue's dialogs: one stored picture, the manual PDF,
// the manual's page images (several picked at once, uploaded in order), 显示 / 隐藏 and sort.
import { DeleteOutlined, FilePdfOutlined, LoadingOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Col, Form, Image, InputNumber, Space, Switch, Tag, Typography, Upload } from 'antd';
import { useRef, useState } from 'react';
import { messageOf } from '../../api';
import { ImagesField } from '../goods/ImagesField';
import { GOODS_IMAGE_ACCEPT, GOODS_IMAGE_MAX_BYTES, imageSrc } from '../goods/goodsImages';
import {
  MANUAL_MAX_BYTES,
  MANUAL_PAGES_MAX,
  STATUS_LABELS,
  fileNameOf,
  uploadAfterSalesImage,
  uploadManual,
  type RowStatus,
} from './catalogue';
import styles from './Catalogue.module.css';

/** 显示 or 隐藏 as a tag in a table. */
export function StatusTag({ status }: { status: RowStatus }) {
  return <Tag color={status === 1 ? 'green' : 'default'}>{STATUS_LABELS[status]}</Tag>;
}

/** One picture kept as a single path ('' for none) in the form; stored as soon as it is picked. */
export function PictureItem({ name, label, extra }: { name: string; label: string; extra?: string }) {
  return (
    <Form.Item
      label={label}
      name={name}
      extra={extra}
      getValueProps={(path: string | undefined) => ({ value: path ? [path] : [] })}
      getValueFromEvent={(paths: string[]) => paths[0] ?? ''}
    >
      <ImagesField max={1} label={label} upload={uploadAfterSalesImage} />
    </Form.Item>
  );
}

/** 显示 / 隐藏 and the display order, side by side in a form row. */
export function StatusAndSort({ span = 8 }: { span?: number }) {
  return (
    <>
      <Col span={span}>
        <Form.Item label="排序" name="sort" extra="小的在前" rules={[{ required: true, message: '请填写排序' }]}>
          <InputNumber className={styles.wide} min={0} max={9999} precision={0} />
        </Form.Item>
      </Col>
      <Col span={span}>
        <Form.Item
          label="对患者显示"
          name="status"
          valuePropName="checked"
          getValueFromEvent={(on: boolean) => (on ? 1 : 0)}
          getValueProps={(status: RowStatus) => ({ checked: status === 1 })}
        >
          <Switch checkedChildren="显示" unCheckedChildren="隐藏" />
        </Form.Item>
      </Col>
    </>
  );
}

/** The manual PDF: 上传 (checked for size here, for being a PDF by the API), 查看 and 移除. */
export function ManualField({ value = '', onChange }: { value?: string; onChange?: (path: string) => void }) {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);

  const add = async (file: File) => {
    if (file.size > MANUAL_MAX_BYTES) {
      void message.error('文件不能超过20MB');
      return;
    }
    setUploading(true);
    try {
      onChange?.(await uploadManual(file));
      void message.success('说明书已上传');
    } catch (failure) {
      void message.error(messageOf(failure) || '上传失败');
    } finally {
      setUploading(false);
    }
  };

  return (
    <Space wrap>
      {value && (
        <Typography.Link href={imageSrc(value)} target="_blank" rel="noreferrer">
          <FilePdfOutlined /> {fileNameOf(value)}
        </Typography.Link>
      )}
      <Upload
        accept="application/pdf,.pdf"
        showUploadList={false}
        beforeUpload={(file) => {
          void add(file);
          return false;
        }}
      >
        <Button icon={uploading ? <LoadingOutlined /> : <UploadOutlined />} disabled={uploading}>
          {uploading ? '上传中...' : value ? '更换PDF' : '上传PDF'}
        </Button>
      </Upload>
      {value && (
        <Button danger icon={<DeleteOutlined />} onClick={() => onChange?.('')}>
          移除说明书
        </Button>
      )}
    </Space>
  );
}

/**
 * The manual's pages as pictures, in order: several picked at once are stored one after another
 * (so the pages keep the order of the files' names), each removable.
 */
export function ManualPagesField({ value = [], onChange }: { value?: string[]; onChange?: (paths: string[]) => void }) {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(0);
  // The files of one pick arrive one beforeUpload call each; collect them, then store them in order.
  const picked = useRef<File[]>([]);
  const latest = useRef(value);
  latest.current = value;

  const storeAll = async () => {
    const files = picked.current.sort((a, b) => a.name.localeCompare(b.name, 'zh-CN', { numeric: true }));
    picked.current = [];
    const room = MANUAL_PAGES_MAX - latest.current.length;
    if (files.length > room) {
      void message.warning(`说明书最多${MANUAL_PAGES_MAX}页，多出的图片未上传`);
    }
    const stored = [...latest.current];
    const taken = files.slice(0, Math.max(room, 0));
    for (const [index, file] of taken.entries()) {
      if (file.size > GOODS_IMAGE_MAX_BYTES) {
        void message.error(`${file.name} 超过 ${GOODS_IMAGE_MAX_BYTES / 1024 / 1024} MB，未上传`);
        continue;
      }
      setUploading(taken.length - index);
      try {
        stored.push(await uploadAfterSalesImage(file));
        onChange?.([...stored]);
      } catch (failure) {
        void message.error(`${file.name}：${messageOf(failure) || '上传失败'}`);
      }
    }
    setUploading(0);
  };

  return (
    <div>
      <div className={styles.manualPages}>
        {value.map((path, index) => (
          <div className={styles.twoLines} key={`${path}-${index}`}>
            <Image src={imageSrc(path)} alt={`说明书第${index + 1}页`} width={88} height={120} />
            <Space size={4}>
              <Typography.Text type="secondary">第{index + 1}页</Typography.Text>
              <Button
                size="small"
                danger
                type="text"
                icon={<DeleteOutlined />}
                aria-label={`删除说明书第${index + 1}页`}
                onClick={() => onChange?.(value.filter((_, i) => i !== index))}
              />
            </Space>
          </div>
        ))}
      </div>
      {value.length < MANUAL_PAGES_MAX && (
        <Upload
          accept={GOODS_IMAGE_ACCEPT}
          multiple
          showUploadList={false}
          beforeUpload={(file, files) => {
            picked.current.push(file);
            if (file === files.at(-1)) {
              void storeAll();
            }
            return false;
          }}
        >
          <Button icon={uploading ? <LoadingOutlined /> : <UploadOutlined />} disabled={uploading > 0}>
            {uploading > 0 ? `上传中...（还剩${uploading}张）` : '上传页面图片（可多选）'}
          </Button>
        </Upload>
      )}
    </div>
  );
}
