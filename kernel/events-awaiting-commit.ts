import { AwaitingCommit } from './db/awaiting-commit.ts';

/**
 * An event this instance wrote already leased to itself (`locked_until`), kept in memory so that it is
 * dispatched after its commit without being claimed from the table.
 */
export interface LeasedEvent {
  id: number;
  type: string;
  /** As written: the JSON text of its data. */
  data: string;
  created_at: Date;
  /** When its lease runs out (ms since the epoch, the store clock's). */
  leased_until: number;
}

/** What the events of a transaction come to once it has committed. */
export interface CommittedEvents {
  /** Whether one of them may change an anonymous (cacheable) answer. */
  public: boolean;
  /** The events written with this instance's lease, in id order. */
  leased: LeasedEvent[];
  /** Whether some were written without one: the next dispatch round claims them from the table. */
  unleased: boolean;
  /**
   * The ids of the public ones whose ids the inserts told (all but the rows of a multi-row insert on
   * MySQL/MariaDB where its ids may not follow one another): the once-a-second reading of the events
   * table passes over them (http/foreign-changes.ts).
   */
  publicIds: number[];
}

/** The events of each open transaction, told to `onCommit` once it has committed (db/awaiting-commit.ts). */
export function awaitingEventCommits(onCommit: (events: CommittedEvents) => void): AwaitingCommit<CommittedEvents> {
  return new AwaitingCommit<CommittedEvents>({
    empty: () => ({ public: false, leased: [], unleased: false, publicIds: [] }),
    merge: (into, events) => {
      into.public ||= events.public;
      into.unleased ||= events.unleased;
      into.leased.push(...events.leased);
      into.publicIds.push(...events.publicIds);
    },
    onCommit,
  });
}
