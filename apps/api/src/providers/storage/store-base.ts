// What every object store shares: the interface, its error, and the key rules. Keys are built by the
// upload service, but the file-serving route receives them from the URL, so every store checks them the
// same way before touching a disk path or an S3 URL.

export interface StoredObject {
  body: Uint8Array;
  contentType: string;
}

export interface ObjectStore {
  readonly name: 'local' | 's3';
  /** Writes the object, replacing one with the same key. Invalid keys throw InvalidKeyError. */
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The object, or null when no object has that key. Invalid keys throw InvalidKeyError. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; a key that names nothing is not an error. Invalid keys throw InvalidKeyError. */
  delete(key: string): Promise<void>;
}

/** A store that could not do its job (unreachable, refused, misconfigured). The message never carries secrets. */
export class StorageError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'StorageError';
  }
}

/** Longest key accepted; ours are about 70 characters, S3 allows 1024 bytes. */
export const MAX_KEY_LENGTH = 512;

// Lowercase letters, digits, '_', '.', '-' in segments joined by single slashes. A segment may not start
// with '.', which rules out '.', '..', hidden files and the local store's own temporary files at once.
const SEGMENT = '[a-z0-9_-][a-z0-9_.-]*';
const KEY_PATTERN = new RegExp(`^${SEGMENT}(?:/${SEGMENT})*$`);

/** Whether `key` is safe to use as an object key on every store (no traversal, no odd characters). */
export function isValidKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && KEY_PATTERN.test(key);
}

export class InvalidKeyError extends Error {
  constructor(key: string) {
    // The key is shown cut short and JSON-quoted so a hostile one cannot forge log lines.
    super(
      `Invalid object key ${JSON.stringify(key.slice(0, 80))}: use lowercase a-z, 0-9, "_", ".", "-" in "/"-separated parts, none starting with "."`,
    );
    this.name = 'InvalidKeyError';
  }
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) {
    throw new InvalidKeyError(key);
  }
}

/** Image types the product stores, by file extension. */
const TYPES_BY_EXTENSION: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  // Voice clips (chat).
  webm: 'audio/webm',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  // Product manuals (after-sales).
  pdf: 'application/pdf',
};

/** The content type a key's extension stands for; anything else is opaque bytes. */
export function contentTypeForKey(key: string): string {
  const dot = key.lastIndexOf('.');
  const ext = dot > key.lastIndexOf('/') ? key.slice(dot + 1) : '';
  return TYPES_BY_EXTENSION[ext] ?? 'application/octet-stream';
}
