/** Runs `work` over `items` with at most `jobs` at once; `onDone` sees each result as soon as it is ready. */
export async function runPool<T, R>(items: readonly T[], jobs: number, work: (item: T, index: number) => Promise<R>, onDone?: (result: R, index: number) => void): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
      onDone?.(results[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, items.length) }, worker));
  return results;
}
