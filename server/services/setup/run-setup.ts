import type { EntityManager } from '@mikro-orm/postgresql';
import type { TSetupRequest } from '../../../shared/schemas/setup.js';
import { AppError } from '../../app-error.js';
import { Hospital } from '../../db/entities/hospital.js';
import { createAccount } from '../accounts/create-account.js';
import { recordAuthEvent } from '../audit/record-auth-event.js';
import type { ServiceDeps } from '../service-context.js';
import { startSession, type SessionStartContext } from '../sessions/start-session.js';
import { createWard } from '../wards/create-ward.js';
import { needsSetup } from './needs-setup.js';

// Serialises concurrent setups across every process sharing the database.
const SETUP_LOCK = 727_002;

/** Creates the hospital, its first ward and the super-admin manager, and signs that manager in. */
export async function runSetup(em: EntityManager, input: TSetupRequest, ctx: SessionStartContext & ServiceDeps) {
  const { client, now } = ctx;
  // Cheap refusal first, so a finished installation never pays for a hash.
  if (!(await needsSetup(em))) throw new AppError('setup_complete');
  const passwordHash = await ctx.hasher.hash(input.password);
  return em.transactional(async (tx) => {
    await tx.execute('select pg_advisory_xact_lock(?)', [SETUP_LOCK]);
    if (!(await needsSetup(tx))) throw new AppError('setup_complete');
    const hospital = tx.create(Hospital, { name: input.hospitalName, createdAt: now });
    await tx.flush();
    const ward = await createWard(tx, { hospitalId: hospital.id, name: input.wardName }, ctx);
    const user = await createAccount(
      tx,
      {
        hospitalId: hospital.id,
        wardId: ward.id,
        name: input.name,
        username: input.username,
        passwordHash,
        role: 'manager',
        isSuperAdmin: true,
        mustChangePassword: false,
      },
      ctx,
    );
    const token = await startSession(tx, { userId: user.id }, ctx);
    recordAuthEvent(tx, { type: 'setup_completed', client, userId: user.id }, now);
    return { user, token };
  });
}
