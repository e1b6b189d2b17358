// The home page's shortcut categories (22, 23, 24) on a new site.
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryBus } from '@oj/protocol/bus';
import { createTestDatabase, type TestDatabase } from '../../test/support/db';
import { testContext } from '../judge/test-harness';
import { createTrainingCapability } from './index';

describe('home shortcut categories', () => {
  let tdb: TestDatabase;
  const bus = createMemoryBus();
  afterAll(async () => {
    await bus.close();
    await tdb?.drop();
  });

  it('are created once on a site without categories, and new ids follow them', async () => {
    tdb = await createTestDatabase('postgres');
    const ctx = testContext(tdb.db, bus);
    for (let i = 0; i < 2; i++) {
      const cap = createTrainingCapability(ctx, { seedHomeCategories: true });
      await cap.start!();
      await cap.stop!();
    }
    const ids = async () =>
      (
        await tdb.db
          .selectFrom('training_category' as never)
          .select('id' as never)
          .orderBy('id' as never)
          .execute()
      ).map((r) => Number((r as { id: number }).id));
    expect(await ids()).toEqual([22, 23, 24]);
    await tdb.db
      .insertInto('training_category' as never)
      .values({ name: 'next' } as never)
      .execute();
    expect(await ids()).toEqual([22, 23, 24, 25]);
  });
});
