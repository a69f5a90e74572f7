import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installAntdMobileRender } from './antd-render';
import { prepareImage } from './image-prepare';
import type { ImageCompressor } from './image-prepare';
import { ImageUploader } from './image-uploader';

beforeAll(() => {
  installAntdMobileRender();
});

afterEach(() => {
  act(() => Toast.clear());
  vi.restoreAllMocks();
});

const KB = 1024;

/** A file that reports `size` bytes without allocating them; only its small content is ever read. */
function photo(name: string, size?: number, content = `bytes of ${name}`): File {
  const file = new File([content], name, { type: 'image/jpeg' });
  if (size !== undefined) {
    Object.defineProperty(file, 'size', { value: size });
  }
  return file;
}

/** A stand-in for the canvas: records the quality and returns a recognisable small JPEG. */
function fakeCompressor() {
  return vi.fn<ImageCompressor>(async (_file, quality) => new Blob([`jpeg@${quality}`], { type: 'image/jpeg' }));
}

const b64 = (text: string) => btoa(text);

function fileInput(container: HTMLElement): HTMLInputElement {
  const input = container.querySelector<HTMLInputElement>('input[type="file"]');
  if (input === null) {
    throw new Error('no file input');
  }
  return input;
}

function choose(container: HTMLElement, files: File[]) {
  fireEvent.change(fileInput(container), { target: { files } });
}

describe('prepareImage', () => {
  it('compresses over 10241 KB at 0.4, over 1025 KB at 0.6 and sends smaller files as they are', async () => {
    const compress = fakeCompressor();
    const large = await prepareImage(photo('large.jpg', 10241 * KB + 1), compress);
    const medium = await prepareImage(photo('medium.jpg', 1025 * KB + 1), compress);
    const edge = await prepareImage(photo('edge.jpg', 1025 * KB), compress);
    const small = await prepareImage(photo('small.jpg'), compress);

    expect(compress.mock.calls.map(([file, quality]) => [(file as File).name, quality])).toEqual([
      ['large.jpg', 0.4],
      ['medium.jpg', 0.6],
    ]);
    expect(large).toMatchObject({ base64: b64('jpeg@0.4'), quality: 0.4 });
    expect(medium).toMatchObject({ base64: b64('jpeg@0.6'), quality: 0.6 });
    expect(edge).toMatchObject({ base64: b64('bytes of edge.jpg'), quality: undefined });
    expect(small.base64).toBe(b64('bytes of small.jpg'));
    expect(small.base64.startsWith('data:')).toBe(false);
    expect(small.dataUrl).toBe(`data:image/jpeg;base64,${b64('bytes of small.jpg')}`);
  });
});

describe('ImageUploader', () => {
  it('uploads each chosen image as base64 without prefix, shows thumbnails and reports the stored paths', async () => {
    const compress = fakeCompressor();
    const upload = vi.fn(async (_base64: string, file: File) => `feedback/press_${file.name}`);
    const onChange = vi.fn();
    const { container } = render(<ImageUploader upload={upload} onChange={onChange} compress={compress} />);
    const input = fileInput(container);
    expect(input.multiple).toBe(true);
    expect(input.accept).toBe('image/*');

    choose(container, [photo('a.jpg'), photo('b.jpg', 2000 * KB), photo('c.jpg', 12_000 * KB)]);

    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith([
        'feedback/press_a.jpg',
        'feedback/press_b.jpg',
        'feedback/press_c.jpg',
      ]),
    );
    expect(upload.mock.calls.map(([base64]) => base64)).toEqual([
      b64('bytes of a.jpg'),
      b64('jpeg@0.6'),
      b64('jpeg@0.4'),
    ]);
    expect(upload.mock.calls.every(([base64]) => !base64.includes(','))).toBe(true);
    expect(compress.mock.calls.map(([, quality]) => quality)).toEqual([0.6, 0.4]);
    expect(container.querySelectorAll('.adm-image-uploader-cell:not(.adm-image-uploader-upload-button)')).toHaveLength(
      3,
    );
  });

  it('removes an image and reports the remaining paths', async () => {
    const onChange = vi.fn();
    const { container } = render(
      <ImageUploader upload={async (_b, file) => `p/${file.name}`} onChange={onChange} compress={fakeCompressor()} />,
    );
    choose(container, [photo('a.jpg'), photo('b.jpg')]);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(['p/a.jpg', 'p/b.jpg']));

    fireEvent.click(screen.getAllByRole('button', { name: '删除图片' })[0]!);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(['p/b.jpg']));
    expect(screen.getAllByRole('button', { name: '删除图片' })).toHaveLength(1);
  });

  it('shows 上传失败 when the upload rejects and keeps no tile for the failed image', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // antd-mobile logs the rejection
    const onChange = vi.fn();
    const upload = vi.fn(async (_b: string, file: File) => {
      if (file.name === 'bad.jpg') {
        throw new Error('network');
      }
      return `p/${file.name}`;
    });
    const { container } = render(<ImageUploader upload={upload} onChange={onChange} compress={fakeCompressor()} />);
    choose(container, [photo('good.jpg'), photo('bad.jpg')]);

    expect(await screen.findByText('上传失败')).toBeTruthy();
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(['p/good.jpg']));
    expect(screen.getAllByRole('button', { name: '删除图片' })).toHaveLength(1);
  });

  it('treats a failed compression as a failed upload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const upload = vi.fn(async () => 'p/x.jpg');
    const compress = vi.fn<ImageCompressor>(async () => {
      throw new Error('decode');
    });
    const { container } = render(<ImageUploader upload={upload} compress={compress} />);
    choose(container, [photo('huge.heic', 11_000 * KB)]);
    expect(await screen.findByText('上传失败')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
  });

  it('with showStatus, says 上传中... then 上传成功 or 上传失败 on each tile and keeps the failed one', async () => {
    const toastShow = vi.spyOn(Toast, 'show');
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const upload = vi.fn(async (_b: string, file: File) => {
      await gate;
      if (file.name === 'bad.jpg') {
        throw new Error('network');
      }
      return `p/${file.name}`;
    });
    const onChange = vi.fn();
    const onPendingChange = vi.fn();
    const { container } = render(
      <ImageUploader
        upload={upload}
        onChange={onChange}
        onPendingChange={onPendingChange}
        compress={fakeCompressor()}
        showStatus
      />,
    );
    choose(container, [photo('good.jpg'), photo('bad.jpg')]);

    await waitFor(() => expect(screen.getAllByText('上传中...')).toHaveLength(2));
    expect(onPendingChange).toHaveBeenLastCalledWith(2);
    release();

    expect(await screen.findByText('上传成功')).toBeTruthy();
    expect(await screen.findByText('上传失败')).toBeTruthy();
    expect(screen.queryByText('上传中...')).toBeNull();
    await waitFor(() => expect(onPendingChange).toHaveBeenLastCalledWith(0));
    expect(onChange).toHaveBeenLastCalledWith(['p/good.jpg']);
    expect(toastShow).not.toHaveBeenCalled();
    // Both tiles stay, each removable; removing the failed one leaves the stored path alone.
    const remove = screen.getAllByRole('button', { name: '删除图片' });
    expect(remove).toHaveLength(2);
    fireEvent.click(remove[1]!);
    await waitFor(() => expect(screen.queryByText('上传失败')).toBeNull());
    expect(onChange).toHaveBeenLastCalledWith(['p/good.jpg']);
  });

  it('uploads no more than maxCount images, says so, and hides the add button when full', async () => {
    const upload = vi.fn(async (_b: string, file: File) => `p/${file.name}`);
    const onChange = vi.fn();
    const { container } = render(
      <ImageUploader upload={upload} onChange={onChange} maxCount={2} compress={fakeCompressor()} />,
    );
    choose(container, [photo('1.jpg'), photo('2.jpg'), photo('3.jpg')]);

    expect(await screen.findByText('最多只能上传2张图片')).toBeTruthy();
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(['p/1.jpg', 'p/2.jpg']));
    expect(upload).toHaveBeenCalledTimes(2);
    const addButton = container.querySelector<HTMLElement>('.adm-image-uploader-upload-button-wrap');
    expect(addButton?.style.display).toBe('none');
  });
});
