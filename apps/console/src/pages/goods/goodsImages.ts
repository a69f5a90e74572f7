// Goods pictures in the console: which files the pickers take, how big, and where a stored address is
// shown from. An address is either absolute (a seeded picture the API draws, `/api/…`, or an https
// address) or a stored upload's path (`uploads/…`), served under /api/files/ like every upload.

/** The picture types the upload operation stores. */
export const GOODS_IMAGE_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp';

/** The upload operation takes up to about 10 MB of picture. */
export const GOODS_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** Where the browser loads a stored goods picture from. */
export function imageSrc(address: string): string {
  if (/^(https?:)?\/\//.test(address) || address.startsWith('/') || address.startsWith('data:')) {
    return address;
  }
  return `/api/files/${address}`;
}

/** A comma list of addresses (goodsUrl, iconUrl) as a list, blanks left out. */
export function splitImages(list: string | null | undefined): string[] {
  return (list ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

/** A file's bytes as base64 without the `data:` prefix (what the upload operations take). */
export function base64Of(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result.replace(/^data:[^,]*,/, '') : '');
    reader.onerror = () => reject(reader.error ?? new Error('读取文件失败'));
    reader.readAsDataURL(file);
  });
}
