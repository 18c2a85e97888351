// A farm's long history for the back-office bench: the demo data and the
// bench's 45 campsites, then up to 1,000,000 bookings with their payments and
// audit entries, generated inside PostgreSQL (generate_series), not row by row
// from here. Stays run back to back on each unit, backwards from a year ahead,
// so a larger count reaches further into the past; the last 12 months look
// the same at any count. Names, emails and references vary as a real guest
// list does, so that a search matches a few rows, not all or none.
import pg from "pg";
import { openDatabase } from "#server/db/client.ts";
import { seedDemoData } from "#server/db/seed.ts";
import { addBenchCampsites } from "./seed";

/** References are 'BK' and 6 digits: the space holds 1,000,000 bookings in all. */
export const MAX_BOOKINGS = 1_000_000;

const firstNames = [
  "Sarah",
  "Tom",
  "Priya",
  "Jack",
  "Olivia",
  "Noah",
  "Charlotte",
  "William",
  "Amelia",
  "James",
  "Isla",
  "Henry",
  "Mia",
  "Lachlan",
  "Grace",
  "Oliver",
  "Chloe",
  "Ethan",
  "Zoe",
  "Lucas",
  "Ruby",
  "Liam",
  "Ella",
  "Cooper",
  "Matilda",
  "Harrison",
  "Sophie",
  "Archie",
  "Emily",
  "Riley",
  "Hannah",
  "Mason",
  "Lily",
  "Hamish",
  "Ava",
  "Angus",
  "Georgia",
  "Fletcher",
  "Harper",
  "Wei",
];
const lastNames = [
  "Smith",
  "Jones",
  "Williams",
  "Brown",
  "Wilson",
  "Taylor",
  "Johnson",
  "White",
  "Martin",
  "Anderson",
  "Thompson",
  "Nguyen",
  "Thomas",
  "Walker",
  "Harris",
  "Lee",
  "Ryan",
  "Robinson",
  "Kelly",
  "King",
  "Davis",
  "Wright",
  "Evans",
  "Roberts",
  "Green",
  "Hall",
  "Wood",
  "Jackson",
  "Clarke",
  "Patel",
  "Khan",
  "Lewis",
  "James",
  "Phillips",
  "Mitchell",
  "Turner",
  "Campbell",
  "Cooper",
  "Murphy",
  "Edwards",
  "Young",
  "Hughes",
  "Baker",
  "Morris",
  "Scott",
  "Hill",
  "Adams",
  "Collins",
  "Parker",
  "Bell",
  "Stewart",
  "Cook",
  "Morgan",
  "Murray",
  "O'Brien",
  "Watson",
  "Sharma",
  "Chen",
  "Wang",
  "Singh",
  "Kennedy",
  "Gray",
  "McDonald",
  "Fraser",
  "Hunter",
  "Reid",
  "Graham",
  "Ross",
  "Russell",
  "Webb",
  "Marshall",
  "Ward",
  "Price",
  "Bennett",
  "Sullivan",
  "Burke",
  "Quinn",
  "Doyle",
  "Byrne",
  "Walsh",
  "Fitzgerald",
  "Gallagher",
  "Henderson",
  "Hamilton",
  "Ferguson",
  "Kaur",
  "Tran",
  "Le",
  "Pham",
  "Hoang",
  "Kim",
  "Park",
  "Rossi",
  "Russo",
  "Romano",
  "Costa",
  "Papadopoulos",
  "Nikolaidis",
  "Schmidt",
  "Muller",
  "Svensson",
  "Larsen",
  "Jensen",
  "Novak",
  "Kowalski",
  "Silva",
  "Santos",
  "Garcia",
  "Lopez",
  "Hernandez",
  "Tanaka",
  "Sato",
  "Suzuki",
  "Ali",
  "Hussain",
  "Ahmed",
  "Cohen",
  "Levy",
  "Featherstonehaugh",
  "Wollongbar",
  "Kookaburra",
  "Yarraman",
  "Barrington",
  "Whitlam",
];

const sqlArray = (values: string[]) =>
  `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", ")}]::text[]`;

/** The bulk of the history, as one transaction of set-based statements. */
const historySql = (wanted: number, ownerEmail: string) => `
-- A bulk load: no per-row live-update NOTIFY, no per-row foreign key checks.
set session_replication_role = replica;

create temp table bench_units as
  select (row_number() over (order by c.name, u.name) - 1)::int as k,
         u.id as unit_id, u.campsite_id, c.price_per_night_cents as price
    from campsite_units u join campsites c on c.id = u.campsite_id
   where c.name like 'Bench Campsite %';

-- The free references in a shuffled order: a reference says nothing of a booking's age.
create temp table bench_refs as
  select (row_number() over (order by md5(n::text)) - 1)::int as i,
         'BK' || lpad(n::text, 6, '0') as ref
    from generate_series(0, 999999) n
   where not exists (select 1 from bookings b where b.booking_reference = 'BK' || lpad(n::text, 6, '0'));

create temp table bench_rows as
  select i, r.ref, u.unit_id, u.campsite_id, u.price,
         -- each booking owns a 4-day slot on its unit, newest slot a year ahead
         current_date + 360 - 4 * (i / (select count(*) from bench_units)::int + 1) as check_in,
         1 + (i * 7) % 3 as nights,
         (i * 2654435761::bigint % 100)::int as h,
         ${sqlArray(firstNames)} as firsts, ${sqlArray(lastNames)} as lasts
    from generate_series(0, ${wanted - 1}) i
    join bench_refs r using (i)
    join bench_units u on u.k = i % (select count(*) from bench_units)::int;

insert into bookings (booking_reference, guest_first_name, guest_last_name, guest_email,
    guest_phone, number_of_guests, campsite_id, campsite_unit_id, check_in_date, check_out_date,
    status, total_amount_cents, final_amount_cents, hold_expires_at, cancelled_at,
    checked_in_at, checked_out_at, created_at, updated_at)
select ref, first, last,
       lower(first) || '.' || lower(regexp_replace(last, '[^A-Za-z]', '', 'g')) || (i % 9973) || '@example.com',
       '04' || lpad(((i * 48271::bigint) % 100000000)::text, 8, '0'),
       1 + i % 4, campsite_id, unit_id, check_in, check_in + nights, status,
       nights * price, nights * price,
       case when status = 'pending' then now() + interval '20 minutes' end,
       case when status in ('cancelled', 'refunded') then created + interval '3 days' end,
       case when status in ('paid', 'confirmed') and check_in + nights < current_date
            then check_in + time '14:30' end,
       case when status in ('paid', 'confirmed') and check_in + nights < current_date
            then check_in + nights + time '09:45' end,
       created,
       case when status in ('cancelled', 'refunded') then created + interval '3 days' else created end
  from (
    select *, firsts[1 + (i * 31) % array_length(firsts, 1)] as first,
           lasts[1 + ((i * 17) % 1009) % array_length(lasts, 1)] as last,
           case when i < 12 then 'pending'
                when h < 55 then 'paid' when h < 70 then 'confirmed' when h < 82 then 'cancelled'
                when h < 95 then 'expired' else 'refunded' end as status,
           -- booked 1 to 120 days ahead, never later than now; to the microsecond, as now() is
           least(check_in - (1 + (i * 13) % 120), current_date - (i % 365))
             + (i % 86400) * interval '1 second' + (i % 999983) * interval '1 microsecond'
             - interval '1 day' as created
      from bench_rows
  ) b;

-- A card payment for each stay that was paid: kept, or refunded when it was undone.
insert into payments (booking_id, provider, stripe_session_id, stripe_payment_intent_id,
    guest_email, amount_cents, currency, status, refunded_amount_cents, captured_amount_cents,
    created_at, updated_at)
select b.id, 'test', 'cs_bench_' || b.booking_reference, 'pi_bench_' || b.booking_reference,
       b.guest_email, b.final_amount_cents, 'aud',
       case when b.status = 'refunded' or (b.status = 'cancelled' and b.final_amount_cents % 2 = 0)
            then 'refunded' else 'succeeded' end,
       case when b.status = 'refunded' or (b.status = 'cancelled' and b.final_amount_cents % 2 = 0)
            then b.final_amount_cents else 0 end,
       b.final_amount_cents, b.created_at + interval '4 minutes', b.updated_at + interval '4 minutes'
  from bookings b
 where b.status in ('paid', 'cancelled', 'refunded')
   and b.booking_reference in (select ref from bench_refs);

-- The money ledger, as migration 0014 fills it from payments: each payment taken when it was
-- made, what went back when its row last changed (the figures read only this, decision 0027).
insert into ledger_entries (booking_id, payment_id, kind, method, cause, amount_cents, gst_cents,
    farm_day, occurred_at)
select p.booking_id, p.id, 'payment', 'card', 'sale', p.amount_cents, round(p.amount_cents / 11.0)::int,
       (p.created_at at time zone 'Australia/Brisbane')::date, p.created_at
  from payments p where p.booking_id in (select id from bookings where booking_reference in (select ref from bench_refs));
insert into ledger_entries (booking_id, payment_id, kind, method, cause, amount_cents, gst_cents,
    farm_day, occurred_at)
select p.booking_id, p.id, 'refund', 'card', 'cancellation', -p.refunded_amount_cents,
       -round(p.refunded_amount_cents / 11.0)::int,
       (p.updated_at at time zone 'Australia/Brisbane')::date, p.updated_at
  from payments p
 where p.refunded_amount_cents > 0
   and p.booking_id in (select id from bookings where booking_reference in (select ref from bench_refs));

-- The audit log: the desk's check-in marks, and the cancellations.
insert into audit_log (actor_user_id, action, entity_type, entity_id, details, created_at)
select (select id from "user" where email = '${ownerEmail}'),
       'booking.checked_in', 'booking', b.id::text,
       jsonb_build_object('day', b.check_in_date), b.checked_in_at
  from bookings b where b.checked_in_at is not null;
insert into audit_log (actor_user_id, action, entity_type, entity_id, details, created_at)
select case when b.status = 'refunded' then null else (select id from "user" where email = '${ownerEmail}') end,
       case when b.status = 'refunded' then 'booking.refunded_at_provider' else 'booking.cancelled' end,
       'booking', b.id::text, '{}'::jsonb, b.cancelled_at
  from bookings b where b.cancelled_at is not null;

set session_replication_role = origin;
`;

/**
 * Drops the loaded tables' indexes that no constraint needs, returning their
 * definitions: building an index once over a million rows is many times
 * quicker than keeping it up to date row by row.
 */
async function dropPlainIndexes(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `select i.indexname as name, i.indexdef as definition
       from pg_indexes i
      where i.schemaname = 'public'
        and i.tablename in ('bookings', 'payments', 'audit_log', 'ledger_entries')
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  );
  for (const { name } of rows) await client.query(`drop index "${name}"`);
  return rows.map((r) => r.definition);
}

/**
 * Seeds the database at `url` (migrated, with the owner `ownerEmail` already
 * made) with the demo, the bench's campsites and `count` bookings in all.
 */
export async function seedHistory(url: string, count: number, ownerEmail: string) {
  const handle = await openDatabase({ url });
  try {
    await seedDemoData(handle.db);
    await addBenchCampsites(handle.db);
  } finally {
    await handle.close();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>("select count(*)::int as n from bookings");
    const wanted = Math.min(count, MAX_BOOKINGS) - (rows[0]?.n ?? 0);
    await client.query("begin");
    const rebuild = await dropPlainIndexes(client);
    await client.query(historySql(wanted, ownerEmail.replace(/'/g, "''")));
    await client.query("set local maintenance_work_mem = '256MB'");
    for (const definition of rebuild) await client.query(definition);
    await client.query("commit");
    // A database at rest, as a farm's is: statistics and visibility map up to date.
    await client.query("vacuum analyze");
    await client.query("checkpoint");
    const counted = await client.query<{ bookings: number; payments: number; audit: number }>(
      `select (select count(*) from bookings)::int as bookings,
              (select count(*) from payments)::int as payments,
              (select count(*) from audit_log)::int as audit`,
    );
    return counted.rows[0] ?? { bookings: 0, payments: 0, audit: 0 };
  } finally {
    await client.end();
  }
}
