type Waiting<T, R> = { item: T; resolve: (value: R) => void; reject: (reason: unknown) => void };

/**
 * Work of one key done in batches, one batch at a time: a batch starts a turn of the event loop after its
 * first item (what is added meanwhile comes along), what arrives while it runs waits for the next, at
 * most `maxBatch` together. `run` answers one settled result per item, in order.
 */
export function batchesPerKey<T, R>(
  run: (key: string, items: T[]) => Promise<PromiseSettledResult<R>[]>,
  maxBatch: number,
): (key: string, item: T) => Promise<R> {
  const queues = new Map<string, Waiting<T, R>[]>();
  const drain = async (key: string, queue: Waiting<T, R>[]) => {
    while (queue.length > 0) {
      // Without it SQLite, which answers without a turn of the loop, would always record batches of one.
      await new Promise((resolve) => setImmediate(resolve));
      const batch = queue.splice(0, maxBatch);
      const results = await run(
        key,
        batch.map((w) => w.item),
      ).catch((reason: unknown) =>
        batch.map((): PromiseSettledResult<R> => ({ status: 'rejected', reason })),
      );
      batch.forEach((waiting, i) => {
        const result = results[i];
        if (result?.status === 'fulfilled') waiting.resolve(result.value);
        else waiting.reject(result ? result.reason : new Error('no result for a batched item'));
      });
    }
    queues.delete(key);
  };
  return (key, item) =>
    new Promise<R>((resolve, reject) => {
      const queued = queues.get(key);
      if (queued) {
        queued.push({ item, resolve, reject });
        return;
      }
      const queue = [{ item, resolve, reject }];
      queues.set(key, queue);
      void drain(key, queue);
    });
}
