import { defineEntity, p } from '@mikro-orm/core';

/**
 * A hospital of the doctor picker (the spec's `organizationId`). Region codes are the six-digit
 * codes of `@vant/area-data`, the same as the customer's region and the location look-up.
 */
export const HospitalSchema = defineEntity({
  name: 'Hospital',
  tableName: 'hospital',
  indexes: [{ properties: ['province', 'city', 'district'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    /** A stable key of the seed data, so seeding again updates rather than duplicates. */
    code: p.string().length(32).unique(),
    name: p.string().length(64),
    /** Grade as Chinese hospitals are graded, e.g. 三级甲等. */
    level: p.string().length(16).default(''),
    province: p.string().length(12),
    city: p.string().length(12),
    district: p.string().length(12).nullable(),
    address: p.string().length(128).default(''),
  },
});

export class Hospital extends HospitalSchema.class {}
HospitalSchema.setClass(Hospital);

/** A department of a hospital (内分泌科, 心血管内科, …). */
export const DepartmentSchema = defineEntity({
  name: 'Department',
  tableName: 'department',
  uniques: [{ properties: ['hospitalId', 'name'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    hospitalId: p.integer(),
    name: p.string().length(32),
    sort: p.integer().default(0),
  },
});

export class Department extends DepartmentSchema.class {}
DepartmentSchema.setClass(Department);
