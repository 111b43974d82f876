import { describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { createUser } from '../testing';
import { useTestDatabase } from '../testing/route-suite';
import { findRowByKey, lockRowByKey } from './row-by-key';

describe('one row by its unique key', () => {
  const handle = useTestDatabase();

  it('finds the row whose key holds the value, and nothing for a value no row holds', async () => {
    const user = await createUser(handle.db);
    expect(await findRowByKey(handle.db, users, users.phone, user.phone)).toMatchObject({ id: user.id });
    expect(await findRowByKey(handle.db, users, users.id, user.id)).toMatchObject({ phone: user.phone });
    expect(await findRowByKey(handle.db, users, users.id, 999_999_999)).toBeUndefined();
  });

  it('locks the row inside a transaction and answers it', async () => {
    const user = await createUser(handle.db);
    const locked = await handle.db.transaction((tx) => lockRowByKey(tx, users, users.id, user.id));
    expect(locked).toMatchObject({ id: user.id, phone: user.phone });
    expect(await handle.db.transaction((tx) => lockRowByKey(tx, users, users.id, 999_999_999))).toBeUndefined();
  });
});
