import { Migration } from '@mikro-orm/migrations';

// The sign-in throttle's rule, "refused while the (username, address) pair's settled failures, or the address's
// unless the browser is exempt, are at their limit", in one place: `login_refused_by` answers which limit refuses a
// guess (or null), and both the check that precedes a passkey ceremony and `login_claim` (before the address's lock
// and again after it) ask it. `login_claim` keeps its signature and answers.
export class Migration20261126041500_login_refusal_function extends Migration {

  override name = 'Migration20261126041500_login_refusal_function';

  override up(): void | Promise<void> {
    this.addSql(`
      create function login_refused_by(
        p_username_key text, p_ip text, p_since timestamptz, p_pending_since timestamptz,
        p_max_pair int, p_max_address int, p_exempt_from_address boolean
      )
      returns text
      language sql stable as $$
        select case
          when t.pair_failures >= p_max_pair then 'pair'
          when not p_exempt_from_address and t.address_failures >= p_max_address then 'address'
        end
        from login_tally(p_username_key, p_ip, p_since, p_pending_since) t
      $$;`);
    this.addSql(
      loginClaim(
        `
        -- The cheap check first: a flood is refused without a lock or a write.
        refused := login_refused_by(p_username_key, p_ip, p_since, p_pending_since, p_max_pair, p_max_address, p_exempt_from_address);
        if refused is not null then return query select null::int, refused; return; end if;
        perform pg_advisory_xact_lock(p_lock_class, hashtext(p_ip));
        refused := login_refused_by(p_username_key, p_ip, p_since, p_pending_since, p_max_pair, p_max_address, p_exempt_from_address);
        if refused is not null then return query select null::int, refused; return; end if;`,
      ),
    );
  }

  override down(): void | Promise<void> {
    // login_claim as Migration20261125194500_login_claim_function wrote it, the rule inline (`refused` goes unused).
    this.addSql(
      loginClaim(
        `
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
        end if;`,
      ),
    );
    this.addSql(`drop function if exists login_refused_by(text, text, timestamptz, timestamptz, int, int, boolean);`);
  }

}

/**
 * `login_claim` with `checks`, the refusals before and after the address's lock, then what the two versions share:
 * the count of checks in flight and the pending row.
 */
function loginClaim(checks: string): string {
  return `
      create or replace function login_claim(
        p_username_key text, p_ip text, p_now timestamptz, p_since timestamptz, p_pending_since timestamptz,
        p_max_pair int, p_max_address int, p_exempt_from_address boolean, p_lock_class int
      )
      returns table (claim_id int, refused_by text)
      language plpgsql volatile as $$
      declare
        refused text;
        tally record;
        claimed int;
      begin${checks}
        -- Every slot is held by a check under way: no claim, and no refusal; the caller waits for one to settle.
        select * into tally from login_tally(p_username_key, p_ip, p_since, p_pending_since);
        if tally.pair_failures + tally.pair_in_flight >= p_max_pair
          or (not p_exempt_from_address and tally.address_failures + tally.address_in_flight >= p_max_address) then
          return query select null::int, null::text; return;
        end if;
        insert into login_failure (username_key, ip, pending, created_at)
          values (p_username_key, p_ip, true, p_now)
          returning id into claimed;
        return query select claimed, null::text;
      end
      $$;`;
}
