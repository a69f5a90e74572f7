import { Button } from 'antd-mobile';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useApiData } from '../hooks/useApiData';
import { wxReady } from '../wechat/jssdk';
import { canScan, scanCode } from '../wechat/scan';
import styles from './CodeScanner.module.css';

/** What the camera overlay says when the camera cannot be opened; the typed field stays. */
export const CAMERA_MESSAGES = {
  hint: '请将设备标签上的二维码或条形码放入框内',
  denied: '未获得摄像头权限，请在浏览器设置中允许使用摄像头，或手动输入',
  missing: '没有找到可用的摄像头，请手动输入',
  failed: '无法打开摄像头，请手动输入',
} as const;

/** Whether this browser can open a camera: getUserMedia exists (only in a secure context, https or localhost). */
export function hasCamera(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

function cameraProblem(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return CAMERA_MESSAGES.denied;
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError') {
    return CAMERA_MESSAGES.missing;
  }
  return CAMERA_MESSAGES.failed;
}

/** The full-screen camera view; mounted only while scanning, so the camera runs only then. */
function CameraView({ onText, onClose }: { onText: (text: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const latest = useRef(onText);
  latest.current = onText;

  useEffect(() => {
    let stop: (() => void) | null = null;
    let left = false;
    // Focus moves into the view so a screen reader reads its hint and Escape reaches it.
    dialog.current?.focus();
    const element = video.current;
    if (element === null) {
      return undefined;
    }
    import(/* webpackChunkName: "camera-scanner" */ './cameraDecoder')
      .then(({ startCameraDecoder }) =>
        startCameraDecoder(element, (text) => {
          if (!left) {
            latest.current(text);
          }
        }),
      )
      .then(
        (stopCamera) => {
          if (left) {
            stopCamera();
          } else {
            stop = stopCamera;
          }
        },
        (error: unknown) => {
          if (!left) {
            setProblem(cameraProblem(error));
          }
        },
      );
    return () => {
      left = true;
      stop?.();
    };
  }, []);

  return createPortal(
    <div
      ref={dialog}
      tabIndex={-1}
      role="dialog"
      aria-modal="true"
      aria-label="扫描条码"
      onKeyDown={(event) => event.key === 'Escape' && onClose()}
      className={styles.overlay}
    >
      <video ref={video} muted playsInline className={styles.video} aria-hidden="true" />
      <div className={styles.frame} aria-hidden="true" />
      <p className={problem === null ? styles.hint : styles.problem} role={problem === null ? undefined : 'alert'}>
        {problem ?? CAMERA_MESSAGES.hint}
      </p>
      <Button block size="large" className={styles.cancel} onClick={onClose}>
        取消
      </Button>
    </div>,
    document.body,
  );
}

/** A page's scanner: its availability, the scan itself, and the camera view to render. */
export interface CodeScanner {
  /** A scanner can be offered: the messaging app's (its SDK configured for this page) or a camera. */
  available: boolean;
  /** Scans once: the code's text, or null when cancelled or nothing could be read. */
  scan: () => Promise<string | null>;
  /** The camera view while it is open (render it anywhere in the page). */
  view: ReactNode;
}

/**
 * One scanner for a page: inside the messaging app its JS-SDK scanner (`scanQRCode`), elsewhere —
 * or where the SDK cannot be configured — the phone's camera with ZXing, whose code is loaded only
 * when the camera is opened. Pages turn the text into what they need (the domain's `extractImei`).
 */
export function useCodeScanner(): CodeScanner {
  const messagingApp = useApiData(wxReady, '', { enabled: canScan() }).data ?? null;
  const [open, setOpen] = useState(false);
  const pending = useRef<((text: string | null) => void) | null>(null);

  const settle = useCallback((text: string | null) => {
    pending.current?.(text);
    pending.current = null;
    setOpen(false);
  }, []);

  // Leaving the page with the camera open answers the waiting scan.
  useEffect(() => () => pending.current?.(null), []);

  const scan = useCallback((): Promise<string | null> => {
    if (messagingApp !== null) {
      return scanCode();
    }
    pending.current?.(null);
    return new Promise((resolve) => {
      pending.current = resolve;
      setOpen(true);
    });
  }, [messagingApp]);

  return {
    available: messagingApp !== null || hasCamera(),
    scan,
    view: open ? <CameraView onText={settle} onClose={() => settle(null)} /> : null,
  };
}
