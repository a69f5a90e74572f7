// Small recordings for the voice upload tests, built byte by byte (no files to keep in the repo).

/** A WAV file: RIFF/WAVE header and `samples` 16-bit mono samples of silence at 8 kHz. */
export function wavClip(samples = 800): Buffer {
  const data = samples * 2;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data, 40);
  return Buffer.concat([header, Buffer.alloc(data)]);
}

/** The start of a WebM file as Chrome's MediaRecorder writes it: an EBML header with DocType webm. */
export function webmClip(): Buffer {
  const docType = Buffer.from([0x42, 0x82, 0x84, ...Buffer.from('webm', 'latin1')]);
  const fields = Buffer.concat([
    Buffer.from([0x42, 0x86, 0x81, 0x01]), // EBMLVersion 1
    Buffer.from([0x42, 0xf7, 0x81, 0x01]), // EBMLReadVersion 1
    Buffer.from([0x42, 0xf2, 0x81, 0x04]), // EBMLMaxIDLength 4
    Buffer.from([0x42, 0xf3, 0x81, 0x08]), // EBMLMaxSizeLength 8
    docType,
    Buffer.from([0x42, 0x87, 0x81, 0x04]), // DocTypeVersion 4
    Buffer.from([0x42, 0x85, 0x81, 0x02]), // DocTypeReadVersion 2
  ]);
  const header = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | fields.length]), fields]);
  // A Segment of unknown size follows, as in a live recording.
  return Buffer.concat([
    header,
    Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
    Buffer.alloc(64),
  ]);
}
