/**
 * Slow work done once per key and shared by every caller: the promise is kept while it is pending or
 * fulfilled, and forgotten when it rejects, so the next call for that key tries again.
 */
export function oncePerKey<T>(make: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const promises = new Map<string, Promise<T>>();
  return (key) => {
    let promise = promises.get(key);
    if (!promise) {
      promise = make(key);
      promises.set(key, promise);
      promise.catch(() => promises.delete(key));
    }
    return promise;
  };
}
