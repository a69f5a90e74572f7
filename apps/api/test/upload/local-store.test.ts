import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidKeyError, isValidKey, LocalDiskStore, StorageError } from '../../src/providers/storage/storage';
import { png1x1 } from './images';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'local-store-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const TRAVERSAL_KEYS = [
  '../outside.png',
  'uploads/../../outside.png',
  'uploads/./x.png',
  '/etc/passwd',
  'uploads//x.png',
  'uploads/x.png/',
  'uploads\\..\\x.png',
  'uploads/.hidden.png',
  'uploads/%2e%2e/x.png',
  'Uploads/X.PNG',
  'uploads/x.png\0.txt',
  '',
  `uploads/${'a'.repeat(520)}.png`,
];

describe('LocalDiskStore', () => {
  it('creates its root on demand and reads back what it wrote, typed by extension', async () => {
    const store = new LocalDiskStore(join(dir, 'not', 'yet', 'there'));
    await store.put('uploads/273/2025/03/14/press_a.png', png1x1(), 'image/png');

    const object = await store.get('uploads/273/2025/03/14/press_a.png');
    expect(object?.contentType).toBe('image/png');
    expect(Buffer.from(object!.body)).toEqual(png1x1());
    expect(await readdir(join(dir, 'not/yet/there/uploads/273/2025/03/14'))).toEqual(['press_a.png']);
  });

  it('replaces an object atomically and leaves no temporary file behind', async () => {
    const store = new LocalDiskStore(dir);
    await store.put('uploads/x.png', png1x1([0, 0, 0, 255]), 'image/png');
    await store.put('uploads/x.png', png1x1([1, 2, 3, 4]), 'image/png');

    expect(Buffer.from((await store.get('uploads/x.png'))!.body)).toEqual(png1x1([1, 2, 3, 4]));
    expect(await readdir(join(dir, 'uploads'))).toEqual(['x.png']);
  });

  it('answers null for a missing object, a folder, or a path through a file', async () => {
    const store = new LocalDiskStore(dir);
    await store.put('uploads/x.png', png1x1(), 'image/png');
    expect(await store.get('uploads/y.png')).toBeNull();
    expect(await store.get('uploads')).toBeNull();
    expect(await store.get('uploads/x.png/inside.png')).toBeNull();
  });

  it('deletes an object, and takes a missing one or a folder as nothing to do', async () => {
    const store = new LocalDiskStore(dir);
    await store.put('uploads/a/x.png', png1x1(), 'image/png');
    await store.put('uploads/a/y.png', png1x1(), 'image/png');
    await store.delete('uploads/a/x.png');
    expect(await store.get('uploads/a/x.png')).toBeNull();
    expect(await readdir(join(dir, 'uploads/a'))).toEqual(['y.png']);
    await store.delete('uploads/a/x.png');
    await store.delete('uploads/b/none.png');
    await store.delete('uploads/a');
    await store.delete('uploads/a/y.png/inside.png');
    expect(await store.get('uploads/a/y.png')).not.toBeNull();
  });

  it('refuses a content type its extension would not reproduce', async () => {
    const store = new LocalDiskStore(dir);
    await expect(store.put('uploads/x.png', png1x1(), 'image/jpeg')).rejects.toThrow(StorageError);
    await expect(store.put('uploads/x.png', png1x1(), 'image/jpeg')).rejects.toThrow(
      /serves "uploads\/x.png" as image\/png/,
    );
  });

  it.each(TRAVERSAL_KEYS)('refuses the key %j for writing and reading', async (key) => {
    const store = new LocalDiskStore(join(dir, 'root'));
    expect(isValidKey(key)).toBe(false);
    await expect(store.put(key, png1x1(), 'image/png')).rejects.toThrow(InvalidKeyError);
    await expect(store.get(key)).rejects.toThrow(InvalidKeyError);
    await expect(store.delete(key)).rejects.toThrow(InvalidKeyError);
  });

  it('never reads a file outside its root, even one that exists', async () => {
    await writeFile(join(dir, 'outside.png'), png1x1());
    await mkdir(join(dir, 'root'));
    const store = new LocalDiskStore(join(dir, 'root'));
    await expect(store.get('../outside.png')).rejects.toThrow(InvalidKeyError);
  });
});
