/** Anonymous sessions: the basket owner before sign-in (SPEC 4). */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { sessions, type Executor } from '@shop/db';

export class SessionService {
  constructor(private readonly db: Executor) {}

  async create(ip: string): Promise<string> {
    const sessionId = randomUUID();
    await this.db.insert(sessions).values({ sessionId, ip: ip.slice(0, 100) });
    return sessionId;
  }

  async exists(sessionId: string): Promise<boolean> {
    const rows = await this.db.select({ id: sessions.sessionId }).from(sessions).where(eq(sessions.sessionId, sessionId)).limit(1);
    return rows.length > 0;
  }
}
