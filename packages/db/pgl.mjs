import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";

let t = Date.now();
const pg = await PGlite.create({ extensions: { btree_gist } });
console.log("create mem", Date.now() - t);
await pg.exec(
  `create extension if not exists btree_gist; create role app_user nologin; create table t (id uuid primary key default gen_random_uuid(), tenant_id uuid not null, r int); alter table t enable row level security; create policy p on t using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid) with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid); grant select, insert on t to app_user;`,
);
await pg.exec(
  `insert into t (tenant_id, r) values ('00000000-0000-0000-0000-000000000001', 1), ('00000000-0000-0000-0000-000000000002', 2)`,
);
const r = await pg.transaction(async (tx) => {
  await tx.query(`select set_config('app.tenant_id', '00000000-0000-0000-0000-000000000001', true)`);
  await tx.query("set local role app_user");
  return tx.query("select * from t");
});
console.log(r.rows);
console.log((await pg.query("select current_user")).rows);
t = Date.now();
const c = await pg.clone();
console.log("clone", Date.now() - t);
