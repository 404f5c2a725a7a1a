/**
 * One JSON value in the browser's storage (local storage unless told otherwise). An entry that is
 * missing, unreadable or fails `parse` reads as null; a full, blocked or missing storage is ignored, so a
 * feature that keeps something here still works without it. The storage is looked up inside each call:
 * where site data is blocked, even reading `window.localStorage` throws.
 */
export interface StoredJson<T> {
  read(): T | null;
  write(value: T): void;
  remove(): void;
}

export function storedJson<T>(
  key: string,
  parse: (value: unknown) => T | null,
  storage: () => Storage = () => window.localStorage,
): StoredJson<T> {
  return {
    read() {
      try {
        const raw = storage().getItem(key);
        return raw === null ? null : parse(JSON.parse(raw));
      } catch {
        return null;
      }
    },
    write(value) {
      try {
        storage().setItem(key, JSON.stringify(value));
      } catch {
        // Quota exceeded or storage blocked: the value lives on where it came from.
      }
    },
    remove() {
      try {
        storage().removeItem(key);
      } catch {
        // Storage blocked: nothing was kept.
      }
    },
  };
}
