import type { EntityManager } from '@mikro-orm/postgresql';
import type { TSetStaffProfileRequest, TStaffMember } from '../../../../shared/schemas/rota/staff.js';
import { StaffProfile } from '../../../db/entities/staff-profile.js';
import { User } from '../../../db/entities/user.js';
import type { ServiceContext } from '../../service-context.js';
import { findWardContract } from '../contracts/find-ward-contract.js';
import { limitReached, WARD_LIMITS } from '../limits.js';
import { lockWard } from '../lock-ward.js';
import { findWardMember } from './find-ward-member.js';
import { staffMemberView } from './list-staff.js';

/** Sets (creates or replaces) the profile of an account of the ward: it is rostered from now on. The ward's staff name at most 50 distinct skills. */
export async function setStaffProfile(em: EntityManager, input: TSetStaffProfileRequest & { wardId: number }, ctx: ServiceContext): Promise<TStaffMember> {
  return em.transactional(async (tx) => {
    await lockWard(tx, input.wardId);
    const user = await findWardMember(tx, input.wardId, input.userId);
    const contract = input.contractId === null ? null : await findWardContract(tx, input.wardId, input.contractId);
    // Under the ward's lock: two profiles cannot pass the limit of distinct skills together.
    const [row] = await tx.execute<{ skills: number }[]>(
      `select count(distinct skill)::int as skills from (
         select jsonb_array_elements_text(sp.skills::jsonb) as skill from staff_profile sp join app_user u on u.id = sp.user_id where u.ward_id = ? and sp.user_id <> ?
         union all select jsonb_array_elements_text(?::jsonb)) s`,
      [input.wardId, user.id, JSON.stringify(input.skills)],
    );
    if (row!.skills > WARD_LIMITS.skills) throw limitReached('skills');
    let profile = await tx.findOne(StaffProfile, { user: user.id });
    if (!profile) {
      const profiles = await tx.count(StaffProfile, { user: { ward: input.wardId } });
      if (profiles >= WARD_LIMITS.staff) throw limitReached('staff');
      profile = tx.create(StaffProfile, { user: tx.getReference(User, user.id), skills: input.skills, contract, createdAt: ctx.now, updatedAt: ctx.now });
    } else {
      tx.assign(profile, { skills: input.skills, contract, updatedAt: ctx.now });
    }
    await tx.flush();
    return staffMemberView(user, profile);
  });
}
