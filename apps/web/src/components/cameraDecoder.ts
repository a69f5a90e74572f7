// The camera scanner's decoder: ZXing's browser reader on the phone's rear camera. This module is
// its own chunk (`camera-scanner`), imported by CodeScanner.tsx only when the camera is opened, so
// no other page carries ZXing.
import { BrowserMultiFormatReader } from '@zxing/browser';
import { BarcodeFormat, DecodeHintType } from '@zxing/library';

/**
 * The codes a device label carries: the QR code, the Code 128 barcode of the IMEI or SN, and the
 * other common 1D and 2D symbologies of packaging. Fewer formats decode faster on old phones.
 */
const FORMATS = [
  BarcodeFormat.QR_CODE,
  BarcodeFormat.CODE_128,
  BarcodeFormat.CODE_39,
  BarcodeFormat.EAN_13,
  BarcodeFormat.DATA_MATRIX,
];

/** Milliseconds between two decoding attempts on the video's frames. */
const ATTEMPT_INTERVAL_MS = 150;

/**
 * Opens the rear camera into `video` and decodes its frames until one holds a code, then stops
 * the camera and hands over the code's text once. Answers the function that stops the camera
 * (for 取消); rejects as getUserMedia does (NotAllowedError, NotFoundError…).
 */
export async function startCameraDecoder(video: HTMLVideoElement, onText: (text: string) => void): Promise<() => void> {
  const hints = new Map<DecodeHintType, unknown>([[DecodeHintType.POSSIBLE_FORMATS, FORMATS]]);
  const reader = new BrowserMultiFormatReader(hints, { delayBetweenScanAttempts: ATTEMPT_INTERVAL_MS });
  let done = false;
  const controls = await reader.decodeFromConstraints(
    { audio: false, video: { facingMode: 'environment' } },
    video,
    (result, _error, running) => {
      if (result !== undefined && !done) {
        done = true;
        running.stop();
        onText(result.getText());
      }
    },
  );
  return () => {
    done = true;
    controls.stop();
  };
}
