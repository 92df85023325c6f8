import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { currentActivities } from '../db/schema.ts';

/** SPEC: the activity whose type is 'focus' feeds the dashboard's hero pill. */
export const FOCUS_TYPE = 'focus';
/** Where an item keeps the type it had before it became the focus, so stepping down gives it back. */
export const TYPE_BEFORE_FOCUS = 'typeBeforeFocus';
/** The type of an item that was the focus from the start (the seed's, one made through the API). */
export const FORMER_FOCUS_TYPE = 'activity';

type Activity = typeof currentActivities.$inferSelect;

/**
 * Makes one activity the focus and every other focus activity step down to the type it had before,
 * in one transaction, so the pill never sees two focus items or none. Null when the id is unknown.
 */
export async function makeFocus(db: Db, id: number): Promise<Activity | null> {
  return db.transaction(async (tx) => {
    const [target] = await tx.select().from(currentActivities).where(eq(currentActivities.id, id));
    if (!target) return null;
    const others = await tx.select().from(currentActivities).where(eq(currentActivities.type, FOCUS_TYPE));
    const now = new Date();
    for (const other of others) {
      if (other.id === target.id) continue;
      const { [TYPE_BEFORE_FOCUS]: before, ...rest } = other.metadata ?? {};
      await tx
        .update(currentActivities)
        .set({
          type: typeof before === 'string' && before.trim() ? before : FORMER_FOCUS_TYPE,
          metadata: Object.keys(rest).length > 0 ? rest : null,
          updatedAt: now,
        })
        .where(eq(currentActivities.id, other.id));
    }
    if (target.type === FOCUS_TYPE) return target;
    const [row] = await tx
      .update(currentActivities)
      .set({ type: FOCUS_TYPE, metadata: { ...target.metadata, [TYPE_BEFORE_FOCUS]: target.type }, updatedAt: now })
      .where(eq(currentActivities.id, id))
      .returning();
    return row ?? null;
  });
}
