import { afterEach, describe, expect, it } from 'vitest';
import { prepareReport, setReportImageTools } from './prepareReport';

const KB = 1024;
const MB = 1024 * KB;
const photo = (bytes: number, type = 'image/png') => new File([new Uint8Array(bytes).fill(7)], 'photo', { type });
const blob = (bytes: number) => new Blob([new Uint8Array(bytes).fill(1)], { type: 'image/jpeg' });
const base64Of = (bytes: number, fill: number) => btoa(String.fromCharCode(...new Uint8Array(bytes).fill(fill)));

afterEach(() => setReportImageTools(null));

describe('prepareReport', () => {
  it('sends a small photo as chosen, with a preview only when the preview is smaller', async () => {
    setReportImageTools({ compress: () => Promise.reject(new Error('not needed')), preview: async () => blob(3) });
    expect(await prepareReport(photo(6))).toEqual({ ok: true, data: base64Of(6, 7), pressData: base64Of(3, 1) });
    setReportImageTools({ preview: async () => blob(9) });
    expect(await prepareReport(photo(6))).toEqual({ ok: true, data: base64Of(6, 7) });
  });

  it('sends the photo alone when the browser cannot draw a preview', async () => {
    setReportImageTools({ preview: () => Promise.reject(new Error('no canvas')) });
    expect(await prepareReport(photo(6, 'image/jpeg'))).toEqual({ ok: true, data: base64Of(6, 7) });
  });

  it.each([
    [1025 * KB + 1, 0.6],
    [10241 * KB + 1, 0.4],
  ])('recompresses a photo of %i bytes at quality %s', async (size, quality) => {
    const qualities: number[] = [];
    setReportImageTools({
      compress: async (_file, q) => {
        qualities.push(q);
        return blob(2);
      },
      preview: async () => blob(1),
    });
    expect(await prepareReport(photo(size))).toEqual({ ok: true, data: base64Of(2, 1), pressData: base64Of(1, 1) });
    expect(qualities).toEqual([quality]);
  });

  it('refuses a photo still 10 MB after recompression, and any format but jpg and png', async () => {
    setReportImageTools({ compress: async () => blob(10 * MB), preview: async () => blob(1) });
    expect(await prepareReport(photo(12 * MB, 'image/jpeg'))).toEqual({ ok: false, message: '报告图片需小于10MB' });
    expect(await prepareReport(photo(10, 'image/webp'))).toEqual({ ok: false, message: '报告图片只支持jpg、png格式' });
  });
});
