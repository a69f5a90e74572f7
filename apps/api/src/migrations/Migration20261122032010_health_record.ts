import { Migration } from '@mikro-orm/migrations';

export class Migration20261122032010_health_record extends Migration {

  override name = 'Migration20261122032010_health_record';

  override up(): void | Promise<void> {
    this.addSql(`create table "department" ("id" serial primary key, "hospital_id" int not null, "name" varchar(32) not null, "sort" int not null default 0);`);
    this.addSql(`alter table "department" add constraint "department_hospital_id_name_unique" unique ("hospital_id", "name");`);

    this.addSql(`create table "health_record" ("customer_id" uuid not null, "patient_name" varchar(16) null, "id_card" varchar(18) null, "marital_status" varchar(8) null, "job" varchar(8) null, "emergency_contact" varchar(20) null, "emergency_phone" varchar(11) null, "ensure_date" date null, "complications" jsonb not null, "complications_remark" varchar(20) null, "blood_pressure_ensure_date" date null, "treatment_type_str" varchar(200) null, "labour_intensity" varchar(8) null, "exercise_frequency" varchar(8) null, "sleep_status" varchar(8) null, "peacetime_emotion" varchar(8) null, "food_habit" varchar(8) null, "smoking_status" varchar(8) null, "smoking_daily" smallint null, "smoking_remark" varchar(50) null, "drinking_status" varchar(8) null, "drinking_type" varchar(8) null, "drinking_daily" smallint null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("customer_id"));`);

    this.addSql(`create table "hospital" ("id" serial primary key, "code" varchar(32) not null, "name" varchar(64) not null, "level" varchar(16) not null default '', "province" varchar(12) not null, "city" varchar(12) not null, "district" varchar(12) null, "address" varchar(128) not null default '');`);
    this.addSql(`alter table "hospital" add constraint "hospital_code_unique" unique ("code");`);
    this.addSql(`create index "hospital_province_city_district_index" on "hospital" ("province", "city", "district");`);

    this.addSql(`alter table "doctor" add "role_type" smallint not null default 1, add "department_id" int null, add "phone" varchar(11) null;`);
    this.addSql(`create index "doctor_department_id_index" on "doctor" ("department_id");`);
    this.addSql(`create index "doctor_phone_index" on "doctor" ("phone");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "department" cascade;`);
    this.addSql(`drop table if exists "health_record" cascade;`);
    this.addSql(`drop table if exists "hospital" cascade;`);

    this.addSql(`drop index "doctor_department_id_index";`);
    this.addSql(`drop index "doctor_phone_index";`);
    this.addSql(`alter table "doctor" drop column "role_type", drop column "department_id", drop column "phone";`);
  }

}
