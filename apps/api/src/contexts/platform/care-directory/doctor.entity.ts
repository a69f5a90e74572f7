import { defineEntity, p } from '@mikro-orm/core';

/**
 * A carer patients can link to: a doctor (roleType 1) or an educator nurse (roleType 2). Patients
 * link by the carer's invite code at registration, or choose one in the doctor picker (hospital →
 * department → doctor). `hospital` and `department` keep the names for display; `departmentId`
 * places the carer in the picker (a carer without one is found only by search).
 */
export const DoctorSchema = defineEntity({
  name: 'Doctor',
  tableName: 'doctor',
  properties: {
    id: p.integer().primary().autoincrement(),
    openid: p.string().length(64).unique(),
    name: p.string().length(32),
    hospital: p.string().length(64).default(''),
    department: p.string().length(32).default(''),
    title: p.string().length(32).default(''),
    inviteCode: p.string().length(6).unique(),
    /** 1 doctor, 2 educator nurse (spec 2 §4 "Device binding"). */
    roleType: p.smallint().default(1),
    departmentId: p.integer().nullable().index(),
    /** The carer's work mobile; searched by the picker, shown masked. */
    phone: p.string().length(11).nullable().index(),
    /** The consultation profile (spec 3 §3 Doctor): an item key of the `professional_level` dictionary. */
    professionalLevel: p.string().length(8).nullable(),
    /** 1 when the doctor may write electronic prescriptions. */
    eleRxStatus: p.smallint().default(0),
    /** Strengths (擅长), shown cut at 36 characters. */
    remark: p.string().length(200).default(''),
    headImg: p.string().length(255).default(''),
    /** 1 male, 2 female, 0 not given. */
    sex: p.smallint().default(0),
    /** A post beside the level, e.g. 科室主任; may be empty. */
    job: p.string().length(32).default(''),
  },
});

export class Doctor extends DoctorSchema.class {}
DoctorSchema.setClass(Doctor);
