import type SQLite from 'better-sqlite3';
import { ChangeListeners, type AuthChangeFeed } from './authChangeFeed.ts';

/**
 * Another connection's commit into the SQLite file (the operator CLI disabling an account or
 * resetting a password while the server runs) changes the file's `data_version`, which this
 * connection reads in about a microsecond; its own commits do not change it. Any change by
 * another connection forgets everything: they are rare, and which rows they touched is unknown.
 */
export function sqliteChangeFeed(sqlite: SQLite.Database): AuthChangeFeed {
  const readVersion = sqlite.prepare('pragma data_version').pluck();
  const listeners = new ChangeListeners();
  let seen = readVersion.get() as number;
  return {
    get live() {
      return sqlite.open;
    },
    poll() {
      const version = readVersion.get() as number;
      if (version === seen) return;
      seen = version;
      listeners.tell(null);
    },
    onChange: (listener) => listeners.add(listener),
    description: "other connections' commits seen in SQLite's data_version",
    close: async () => undefined,
  };
}
