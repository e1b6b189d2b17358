// Avatar bytes in the platform's content-addressed blob store (disk or NATS object store).
import type { AppContext } from '../platform/context';
import type { AvatarStorage } from './ports';

export function blobAvatarStorage(blobs: AppContext['blobs']): AvatarStorage {
  return {
    save: (bytes) => blobs.put(Buffer.from(bytes)),
    load: (key) => blobs.get(key),
  };
}
