import v8 from 'node:v8';

/**
 * How far V8 lets its old generation grow past what the last full collection kept: 100 % here, so the
 * heap is collected again once it has doubled. V8's own default is a factor it picks between 1.1 and 4
 * by how fast it collects; the store's requests make garbage quickly and collect it cheaply, so V8
 * chose the top of that range, and the process held about 100 MiB more than with a doubling for no
 * measurable speed (bench/README.md, "Heap growth"). A ceiling on the heap would do more, but turn a
 * large bulk call into "heap out of memory"; this only makes collections come sooner.
 */
export const HEAP_GROWING_PERCENT = 100;

/**
 * Sets the growth for this process. V8 reads the setting at each full collection, so it takes effect
 * from the next one. It cannot go on the `#!` line of bin/storekeep.mjs with the young generation's
 * size: Node refuses it in NODE_OPTIONS, and a start as `node bin/storekeep.mjs` would go without it.
 */
export function limitHeapGrowth(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
