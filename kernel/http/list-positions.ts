import { LRUCache } from 'lru-cache';

/** How many lists keep positions, and how many positions each keeps (the newest). */
const MAX_LISTS = 256;
const MAX_POSITIONS_PER_LIST = 64;

/**
 * Where rows of a list stand: for a list (its query's SQL and values) and a row's offset in it, the
 * keyset cursor of that row. A page asked by number past the first rows (`paginate`) is then read as
 * "the rows after the row before it", from the ordering's index, instead of walking every row an
 * OFFSET skips: a client that walks a list by page numbers (`page=1, 2, 3…`, as many integrations do),
 * or asks the same deep page again, pays for the first page, not for its depth.
 *
 * Kept only as long as nothing changed: the kernel calls `invalidate()` whenever the response cache is
 * invalidated (a committed change of this process, another process's change noticed), and a position
 * learned by a request that began before a change is not kept. Positions are exact in one process; with
 * several, as fresh as the response cache.
 */
export class ListPositions {
  private readonly lists = new LRUCache<string, Map<number, string>>({ max: MAX_LISTS });
  private current = 0;

  /** Read before a request's first statement; `remember` must carry it back. */
  get generation(): number {
    return this.current;
  }

  /** The cursor of the row at `offset` of `list`, when known. */
  at(list: string, offset: number): string | undefined {
    return this.lists.get(list)?.get(offset);
  }

  /** Keeps the position of the row at `offset`, unless something changed since `generation`. */
  remember(list: string, offset: number, cursor: string, generation: number): void {
    if (generation !== this.current) return;
    let positions = this.lists.get(list);
    if (!positions) this.lists.set(list, (positions = new Map()));
    positions.delete(offset);
    positions.set(offset, cursor);
    if (positions.size > MAX_POSITIONS_PER_LIST) positions.delete(positions.keys().next().value!);
  }

  /** Forgets every position: rows may have been added, removed or reordered. */
  invalidate(): void {
    this.current++;
    this.lists.clear();
  }

  /** How many lists hold positions (tests). */
  get size(): number {
    return this.lists.size;
  }
}
