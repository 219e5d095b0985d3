import { Migration } from '@mikro-orm/migrations';

// A sign-in's claim on the guess limit in one statement instead of six (a check, then begin, lock, count, insert,
// commit): every sign-in and password change makes one, and each statement was a round trip of the sign-in's
// non-hashing time. `login_tally` counts a guess's two limits; `login_claim` refuses at a limit, or takes the
// address's lock, counts again and inserts a pending claim. In a PL/pgSQL function each statement reads a fresh
// snapshot, so the count after the lock sees every claim committed before it was granted; the lock is held until
// the statement's own transaction ends, after the claim is visible.
export class Migration20261125194500_login_claim_function extends Migration {

  override name = 'Migration20261125194500_login_claim_function';

  override up(): void | Promise<void> {
    this.addSql(`
      create function login_tally(p_username_key text, p_ip text, p_since timestamptz, p_pending_since timestamptz)
      returns table (pair_failures int, pair_in_flight int, address_failures int, address_in_flight int)
      language sql stable as $$
        select
          count(*) filter (where not pending and username_key = p_username_key)::int,
          count(*) filter (where pending and username_key = p_username_key and created_at > p_pending_since)::int,
          count(*) filter (where not pending)::int,
          count(*) filter (where pending and created_at > p_pending_since)::int
        from login_failure
        where ip = p_ip and created_at > p_since
      $$;`);
    this.addSql(`
      create function login_claim(
        p_username_key text, p_ip text, p_now timestamptz, p_since timestamptz, p_pending_since timestamptz,
        p_max_pair int, p_max_address int, p_exempt_from_address boolean, p_lock_class int
      )
      returns table (claim_id int, refused_by text)
      language plpgsql volatile as $$
      declare
        tally record;
        claimed int;
      begin
        -- The cheap check first: a flood is refused without a lock or a write.
        select * into tally from login_tally(p_username_key, p_ip, p_since, p_pending_since);
        if tally.pair_failures >= p_max_pair then return query select null::int, 'pair'; return; end if;
        if not p_exempt_from_address and tally.address_failures >= p_max_address then
          return query select null::int, 'address'; return;
        end if;
        perform pg_advisory_xact_lock(p_lock_class, hashtext(p_ip));
        select * into tally from login_tally(p_username_key, p_ip, p_since, p_pending_since);
        if tally.pair_failures >= p_max_pair then return query select null::int, 'pair'; return; end if;
        if not p_exempt_from_address and tally.address_failures >= p_max_address then
          return query select null::int, 'address'; return;
        end if;
        -- Every slot is held by a check under way: no claim, and no refusal; the caller waits for one to settle.
        if tally.pair_failures + tally.pair_in_flight >= p_max_pair
          or (not p_exempt_from_address and tally.address_failures + tally.address_in_flight >= p_max_address) then
          return query select null::int, null::text; return;
        end if;
        insert into login_failure (username_key, ip, pending, created_at)
          values (p_username_key, p_ip, true, p_now)
          returning id into claimed;
        return query select claimed, null::text;
      end
      $$;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop function if exists login_claim(text, text, timestamptz, timestamptz, timestamptz, int, int, boolean, int);`);
    this.addSql(`drop function if exists login_tally(text, text, timestamptz, timestamptz);`);
  }

}
