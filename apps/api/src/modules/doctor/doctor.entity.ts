import { defineEntity, p } from '@mikro-orm/core';

/** A doctor patients can link to with the doctor's invite code (scanned or typed at registration). */
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
  },
});

export class Doctor extends DoctorSchema.class {}
DoctorSchema.setClass(Doctor);
