/** Run `task` over `items` with at most `jobs` in flight; results keep the input order. */
export async function runPool<T, R>(
  items: readonly T[], jobs: number, task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const width = Math.max(1, Math.min(Math.floor(jobs), items.length));
  const results = new Array<R>(items.length);
  // One iterator shared by every worker: each item is taken exactly once.
  const queue = items.entries();
  const worker = async (): Promise<void> => {
    for (const [index, item] of queue) results[index] = await task(item, index);
  };
  await Promise.all(Array.from({ length: width }, worker));
  return results;
}
