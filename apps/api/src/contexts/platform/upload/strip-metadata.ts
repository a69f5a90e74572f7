// Removes what a photo says about where and when it was taken, and with what: EXIF (GPS position,
// time, camera, serial numbers), XMP, IPTC, comments and text chunks, and anything after the image's
// end. Nothing is re-encoded, so the picture stays exactly as it was; a JPEG keeps only its
// orientation, without which a phone photo would show on its side. No npm library does this for
// JPEG, PNG and WebP while keeping the orientation (see
// docs/adr/0088-uploads-lose-metadata-avatars-from-known-hosts.md), hence this one file.

/** The bytes could not be walked as the format they claim to be; such an image is refused. */
export class MalformedImageError extends Error {
  constructor(format: string, detail: string) {
    super(`Malformed ${format}: ${detail}.`);
    this.name = 'MalformedImageError';
  }
}

const u16be = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const u32be = (b: Uint8Array, i: number) => (u16be(b, i) * 0x10000 + u16be(b, i + 2)) >>> 0;
const u32le = (b: Uint8Array, i: number) =>
  ((b[i] ?? 0) | ((b[i + 1] ?? 0) << 8) | ((b[i + 2] ?? 0) << 16) | ((b[i + 3] ?? 0) << 24)) >>> 0;
const ascii = (b: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...b.subarray(start, start + length));

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The EXIF orientation (1–8) of an APP1 "Exif" payload, or 1 when it has none. */
export function exifOrientation(payload: Uint8Array): number {
  if (payload.length < 14 || ascii(payload, 0, 6) !== 'Exif\0\0') {
    return 1;
  }
  const tiff = payload.subarray(6);
  const little = ascii(tiff, 0, 2) === 'II';
  const u16 = (i: number) => (little ? (tiff[i] ?? 0) | ((tiff[i + 1] ?? 0) << 8) : u16be(tiff, i));
  const u32 = (i: number) => (little ? u32le(tiff, i) : u32be(tiff, i));
  if (!little && ascii(tiff, 0, 2) !== 'MM') {
    return 1;
  }
  const ifd = u32(4);
  const count = ifd + 2 <= tiff.length ? u16(ifd) : 0;
  for (let n = 0; n < count; n++) {
    const entry = ifd + 2 + n * 12;
    if (entry + 12 > tiff.length) {
      break;
    }
    if (u16(entry) === 0x0112 && u16(entry + 2) === 3) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

/** An APP1 segment holding nothing but the orientation: EXIF header, one IFD with tag 0x0112. */
function orientationSegment(orientation: number): Uint8Array {
  const payload = [
    ...[0x45, 0x78, 0x69, 0x66, 0, 0], // "Exif\0\0"
    ...[0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8], // big-endian TIFF header, IFD0 at 8
    ...[0, 1], // one entry
    ...[0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0], // Orientation, SHORT, 1 value
    ...[0, 0, 0, 0], // no next IFD
  ];
  return Uint8Array.from([0xff, 0xe1, 0, payload.length + 2, ...payload]);
}

/** APPn segments a decoder needs: JFIF (APP0), the ICC colour profile (APP2) and Adobe's colour transform (APP14). */
function keepsAppSegment(marker: number, payload: Uint8Array): boolean {
  return (
    marker === 0xe0 ||
    (marker === 0xe2 && ascii(payload, 0, 12) === 'ICC_PROFILE\0') ||
    (marker === 0xee && ascii(payload, 0, 5) === 'Adobe')
  );
}

/** A JPEG without APP1 (EXIF, XMP), APP13 (IPTC), other application segments, comments or trailing bytes. */
export function stripJpeg(bytes: Uint8Array): Uint8Array {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) {
    throw new MalformedImageError('JPEG', 'no start-of-image marker');
  }
  const kept: Uint8Array[] = [bytes.subarray(0, 2)];
  let orientation = 1;
  let i = 2;
  let inScan = false;
  let scanStart = 0;
  for (;;) {
    if (inScan) {
      // Entropy-coded data runs until a marker that is not a stuffed 0xFF00, a restart or fill.
      while (
        i < bytes.length &&
        !(
          bytes[i] === 0xff &&
          bytes[i + 1] !== 0 &&
          !((bytes[i + 1] ?? 0) >= 0xd0 && (bytes[i + 1] ?? 0) <= 0xd7) &&
          bytes[i + 1] !== 0xff
        )
      ) {
        i++;
      }
      kept.push(bytes.subarray(scanStart, i));
      inScan = false;
    }
    if (i + 1 >= bytes.length) {
      throw new MalformedImageError('JPEG', 'no end-of-image marker');
    }
    if (bytes[i] !== 0xff) {
      throw new MalformedImageError('JPEG', `expected a marker at byte ${i}`);
    }
    const marker = bytes[i + 1] ?? 0;
    if (marker === 0xff) {
      i++; // fill byte
      continue;
    }
    if (marker === 0xd9) {
      kept.push(bytes.subarray(i, i + 2)); // end of image: anything after it is dropped
      break;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      kept.push(bytes.subarray(i, i + 2));
      i += 2;
      continue;
    }
    const length = u16be(bytes, i + 2);
    if (length < 2 || i + 2 + length > bytes.length) {
      throw new MalformedImageError('JPEG', `segment 0x${marker.toString(16)} overruns the file`);
    }
    const payload = bytes.subarray(i + 4, i + 2 + length);
    const isApp = marker >= 0xe0 && marker <= 0xef;
    if (isApp && marker === 0xe1) {
      orientation = orientation === 1 ? exifOrientation(payload) : orientation;
    } else if ((isApp && keepsAppSegment(marker, payload)) || (!isApp && marker !== 0xfe)) {
      kept.push(bytes.subarray(i, i + 2 + length));
    }
    i += 2 + length;
    if (marker === 0xda) {
      inScan = true;
      scanStart = i;
    }
  }
  if (orientation !== 1) {
    // After SOI and, when there is one, the JFIF segment.
    const afterJfif = kept[1] !== undefined && kept[1][1] === 0xe0 ? 2 : 1;
    kept.splice(afterJfif, 0, orientationSegment(orientation));
  }
  return concat(kept);
}

/** PNG chunks that carry text, EXIF or a timestamp rather than pixels or colour. */
const PNG_METADATA_CHUNKS = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);

/** A PNG without text, EXIF and time chunks, ending at IEND. */
export function stripPng(bytes: Uint8Array): Uint8Array {
  const kept: Uint8Array[] = [bytes.subarray(0, 8)];
  let i = 8;
  for (;;) {
    if (i + 12 > bytes.length) {
      throw new MalformedImageError('PNG', 'no IEND chunk');
    }
    const length = u32be(bytes, i);
    const type = ascii(bytes, i + 4, 4);
    const end = i + 12 + length;
    if (end > bytes.length) {
      throw new MalformedImageError('PNG', `chunk ${type} overruns the file`);
    }
    if (!PNG_METADATA_CHUNKS.has(type)) {
      kept.push(bytes.subarray(i, end));
    }
    i = end;
    if (type === 'IEND') {
      return concat(kept);
    }
  }
}

/** A WebP without its EXIF and XMP chunks (and their flags in VP8X), ending where the RIFF says. */
export function stripWebp(bytes: Uint8Array): Uint8Array {
  const riffEnd = 8 + u32le(bytes, 4);
  if (ascii(bytes, 0, 4) !== 'RIFF' || ascii(bytes, 8, 4) !== 'WEBP' || riffEnd > bytes.length) {
    throw new MalformedImageError('WebP', 'bad RIFF header');
  }
  const kept: Uint8Array[] = [];
  let i = 12;
  while (i < riffEnd) {
    if (i + 8 > riffEnd) {
      throw new MalformedImageError('WebP', 'truncated chunk header');
    }
    const type = ascii(bytes, i, 4);
    const end = i + 8 + u32le(bytes, i + 4) + (u32le(bytes, i + 4) % 2);
    if (end > riffEnd) {
      throw new MalformedImageError('WebP', `chunk ${type} overruns the file`);
    }
    if (type === 'VP8X') {
      const chunk = Uint8Array.from(bytes.subarray(i, end));
      chunk[8] = (chunk[8] ?? 0) & ~0x0c; // clear the EXIF (0x08) and XMP (0x04) flags
      kept.push(chunk);
    } else if (type !== 'EXIF' && type !== 'XMP ') {
      kept.push(bytes.subarray(i, end));
    }
    i = end;
  }
  const body = concat(kept);
  const header = new Uint8Array(12);
  header.set(bytes.subarray(0, 12));
  new DataView(header.buffer).setUint32(4, 4 + body.length, true);
  return concat([header, body]);
}

/**
 * The image without its metadata, for the sniffed type. GIF has no EXIF and is kept as it is.
 * Throws {@link MalformedImageError} when the structure cannot be walked.
 */
export function stripImageMetadata(bytes: Uint8Array, contentType: string): Uint8Array {
  switch (contentType) {
    case 'image/jpeg':
      return stripJpeg(bytes);
    case 'image/png':
      return stripPng(bytes);
    case 'image/webp':
      return stripWebp(bytes);
    default:
      return bytes;
  }
}
