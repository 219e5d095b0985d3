import { Migration } from '@mikro-orm/migrations';

/** The tables that feed a schedule's score besides its own cells, and how a changed row names its wards. */
const SOURCES: { table: string; wards: (rows: string) => string }[] = [
  { table: 'ward_rota_settings', wards: (rows) => `select r.ward_id from ${rows} r` },
  { table: 'shift_type', wards: (rows) => `select r.ward_id from ${rows} r` },
  { table: 'forbidden_succession', wards: (rows) => `select s.ward_id from ${rows} r join shift_type s on s.id = r.shift_type_id` },
  { table: 'contract', wards: (rows) => `select r.ward_id from ${rows} r` },
  { table: 'staff_profile', wards: (rows) => `select u.ward_id from ${rows} r join app_user u on u.id = r.user_id` },
  { table: 'coverage_requirement', wards: (rows) => `select r.ward_id from ${rows} r` },
  // A leave counts wherever its person holds cells: their home ward, and the ward it was made in.
  { table: 'rota_request', wards: (rows) => `select r.ward_id from ${rows} r union select u.ward_id from ${rows} r join app_user u on u.id = r.user_id` },
  { table: 'holiday', wards: (rows) => `select w.id from ${rows} r join ward w on w.hospital_id = r.hospital_id` },
];

/**
 * `rota_revision`: a counter per ward raised, by statement-level triggers, whenever a row that feeds the ward's
 * schedules' scores changes (see RotaRevision). Accounts raise it only when their name, activity or ward changes,
 * never on a sign-in.
 */
export class Migration20261127191000_rota_revision extends Migration {

  override name = 'Migration20261127191000_rota_revision';

  override up(): void | Promise<void> {
    this.addSql(`create table "rota_revision" ("ward_id" int not null, "revision" int not null, constraint "rota_revision_pkey" primary key ("ward_id"));`);
    this.addSql(`
      create function rota_bump(p_wards int[]) returns void language sql as $$
        insert into rota_revision (ward_id, revision)
        select distinct w, 1 from unnest(p_wards) w where w is not null
        order by 1
        on conflict (ward_id) do update set revision = rota_revision.revision + 1;
      $$;`);
    for (const { table, wards } of SOURCES) {
      this.addSql(`
        create function rota_bump_${table}() returns trigger language plpgsql as $$
        begin
          perform rota_bump(array(${wards('changed')}));
          if tg_op = 'UPDATE' then perform rota_bump(array(${wards('before')})); end if;
          return null;
        end $$;`);
      this.addSql(`create trigger rota_bump_${table}_insert after insert on "${table}" referencing new table as changed for each statement execute function rota_bump_${table}();`);
      this.addSql(`create trigger rota_bump_${table}_update after update on "${table}" referencing old table as before new table as changed for each statement execute function rota_bump_${table}();`);
      this.addSql(`create trigger rota_bump_${table}_delete after delete on "${table}" referencing old table as changed for each statement execute function rota_bump_${table}();`);
    }
    this.addSql(`
      create function rota_bump_app_user() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' then
          perform rota_bump(array(select r.ward_id from changed r));
        else
          perform rota_bump(array(
            select x.ward_id from changed n join before o on o.id = n.id,
              lateral (values (n.ward_id), (o.ward_id)) x(ward_id)
             where (n.name, n.active, n.ward_id) is distinct from (o.name, o.active, o.ward_id)));
        end if;
        return null;
      end $$;`);
    this.addSql(`create trigger rota_bump_app_user_update after update on "app_user" referencing old table as before new table as changed for each statement execute function rota_bump_app_user();`);
    this.addSql(`create trigger rota_bump_app_user_delete after delete on "app_user" referencing old table as changed for each statement execute function rota_bump_app_user();`);
  }

}
