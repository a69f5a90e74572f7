import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gif1x1, jpegWithMetadata, minimalJpeg, png1x1, realJpeg, webp1x1 } from '../../../../test/upload/images';
import {
  exifOrientation,
  MalformedImageError,
  stripImageMetadata,
  stripJpeg,
  stripPng,
  stripWebp,
} from './strip-metadata';

const has = (bytes: Uint8Array, text: string) => Buffer.from(bytes).includes(Buffer.from(text, 'latin1'));
const segmentsOf = (jpeg: Uint8Array) => {
  const markers: number[] = [];
  for (let i = 2; i < jpeg.length;) {
    const marker = jpeg[i + 1] ?? 0;
    markers.push(marker);
    if (marker === 0xda || marker === 0xd9) {
      break;
    }
    i += 2 + (((jpeg[i + 2] ?? 0) << 8) | (jpeg[i + 3] ?? 0));
  }
  return markers;
};

describe('stripJpeg', () => {
  it('removes EXIF with GPS, XMP, comments and trailing bytes, keeping only the orientation', () => {
    const dirty = jpegWithMetadata(realJpeg(), 6);
    expect(
      has(dirty, 'PhoneMaker') && has(dirty, 'GPSLatitude') && has(dirty, 'Room 1203') && has(dirty, 'trailing secret'),
    ).toBe(true);
    const clean = stripJpeg(dirty);
    for (const secret of ['PhoneMaker', 'GPSLatitude', 'xmpmeta', 'Room 1203', 'trailing secret']) {
      expect(has(clean, secret), secret).toBe(false);
    }
    expect(Buffer.from(clean.subarray(-2))).toEqual(Buffer.from([0xff, 0xd9]));
    // JFIF first, then an EXIF segment with nothing but the orientation, then the original's own segments.
    expect(segmentsOf(clean).slice(0, 3)).toEqual([0xe0, 0xe1, 0xe2]);
    const app1At = 2 + 2 + (((clean[4] ?? 0) << 8) | (clean[5] ?? 0));
    expect(
      exifOrientation(
        clean.subarray(app1At + 4, app1At + 2 + (((clean[app1At + 2] ?? 0) << 8) | (clean[app1At + 3] ?? 0))),
      ),
    ).toBe(6);
    // The picture itself is untouched: the clean file is the original plus that one 36-byte segment.
    expect(clean.length).toBe(realJpeg().length + 36);
  });

  it('leaves a JPEG that has nothing to hide byte for byte as it was', () => {
    expect(Buffer.from(stripJpeg(realJpeg()))).toEqual(realJpeg());
    expect(Buffer.from(stripJpeg(minimalJpeg()))).toEqual(minimalJpeg());
    // Orientation 1 (upright) needs no segment at all.
    expect(Buffer.from(stripJpeg(jpegWithMetadata(realJpeg(), 1)))).toEqual(realJpeg());
  });

  it.each([
    ['no start marker', Buffer.from([0x00, 0x01, 0x02])],
    ['a segment longer than the file', Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0x7f, 0xff, 0x45])],
    ['no end marker', realJpeg().subarray(0, -2)],
  ])('refuses a JPEG with %s', (_what, bytes) => {
    expect(() => stripJpeg(bytes)).toThrow(MalformedImageError);
  });
});

describe('stripPng', () => {
  const chunk = (type: string, data: string) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), Buffer.from(data, 'latin1')]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    typed.copy(out, 4);
    out.writeUInt32BE(crc32(typed), 8 + data.length);
    return out;
  };

  it('removes text, EXIF and time chunks and anything after IEND', () => {
    const png = png1x1();
    const iend = png.length - 12;
    const dirty = Buffer.concat([
      png.subarray(0, 33),
      chunk('tEXt', 'Comment\0home'),
      chunk('eXIf', 'MM\0*GPS'),
      chunk('tIME', '\x07\xea\x0b\x14\x0a\x00\x00'),
      png.subarray(33, iend),
      chunk('iTXt', 'XML:com.adobe.xmp\0\0\0\0\0GPS'),
      png.subarray(iend),
      Buffer.from('after the end'),
    ]);
    const clean = stripPng(dirty);
    expect(Buffer.from(clean)).toEqual(png);
  });

  it('refuses a chunk that runs past the file', () => {
    expect(() =>
      stripPng(Buffer.concat([png1x1().subarray(0, 8), Buffer.from([0, 0, 0x10, 0, 0x49, 0x44, 0x41, 0x54])])),
    ).toThrow(MalformedImageError);
  });
});

describe('stripWebp', () => {
  it('removes EXIF and XMP chunks, clears their VP8X flags and fixes the RIFF size', () => {
    const vp8x = Buffer.concat([
      Buffer.from('VP8X', 'latin1'),
      Buffer.from([10, 0, 0, 0]),
      Buffer.from([0x0c, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
    ]);
    const exif = Buffer.concat([
      Buffer.from('EXIF', 'latin1'),
      Buffer.from([5, 0, 0, 0]),
      Buffer.from('GPS!!\0', 'latin1'),
    ]);
    const xmp = Buffer.concat([
      Buffer.from('XMP ', 'latin1'),
      Buffer.from([4, 0, 0, 0]),
      Buffer.from('here', 'latin1'),
    ]);
    const plain = webp1x1();
    const body = Buffer.concat([vp8x, plain.subarray(12), exif, xmp]);
    const dirty = Buffer.concat([
      Buffer.from('RIFF', 'latin1'),
      Buffer.from([(4 + body.length) & 0xff, 0, 0, 0]),
      Buffer.from('WEBP', 'latin1'),
      body,
    ]);
    const clean = Buffer.from(stripWebp(dirty));
    expect(has(clean, 'GPS') || has(clean, 'here')).toBe(false);
    expect(clean.readUInt32LE(4)).toBe(clean.length - 8);
    expect(clean[20]).toBe(0);
    expect(Buffer.from(stripWebp(plain))).toEqual(plain);
  });
});

describe('stripImageMetadata', () => {
  it('keeps a GIF as it is', () => {
    expect(stripImageMetadata(gif1x1(), 'image/gif')).toEqual(gif1x1());
  });
});
