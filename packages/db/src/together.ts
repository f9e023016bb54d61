/**
 * Sends independent reads together and waits for all of them (postgres.js pipelines them on the transaction's
 * connection, one round trip; PGlite queues them). Each value is turned into a promise exactly once: a Drizzle
 * query runs again every time `then` is called on it. Every query finishes before the answer, so a refusal (a 400)
 * never leaves a sibling running on the transaction while it rolls back.
 */
export function together<A, B>(a: PromiseLike<A>, b: PromiseLike<B>): Promise<[A, B]>;
export function together<A, B, C>(
  a: PromiseLike<A>,
  b: PromiseLike<B>,
  c: PromiseLike<C>,
): Promise<[A, B, C]>;
export function together<A, B, C, D>(
  a: PromiseLike<A>,
  b: PromiseLike<B>,
  c: PromiseLike<C>,
  d: PromiseLike<D>,
): Promise<[A, B, C, D]>;
export async function together(...values: PromiseLike<unknown>[]): Promise<unknown[]> {
  const started = values.map((value) => Promise.resolve(value));
  await Promise.allSettled(started);
  return Promise.all(started);
}
