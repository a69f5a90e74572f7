import { defineEntity, p } from '@mikro-orm/core';

/**
 * A fault repair request (报修, spec 3 §3 "Repair request"): the form as filed, with the category's
 * and model's names kept as they were, its readable 服务编码, the staff member it is assigned to and
 * the handling result. `status` 0 in service, 1 completed. Its photos are rows of
 * `aftersales_repair_photo`, so the private-file check finds a photo's request by its path.
 */
export const RepairRequestSchema = defineEntity({
  name: 'RepairRequest',
  tableName: 'aftersales_repair',
  indexes: [{ properties: ['customerId', 'status', 'createdAt'] }, { properties: ['status', 'createdAt'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    upkeepCode: p.string().length(16).unique(),
    customerId: p.uuid(),
    name: p.string().length(30),
    phone: p.string().length(16),
    address: p.string().length(100).default(''),
    categoryId: p.integer(),
    categoryName: p.string().length(30),
    productId: p.integer().nullable(),
    productName: p.string().length(30).default(''),
    /** YYYY-MM-DD (China). */
    purchaseDate: p.string().length(10),
    batchNo: p.string().length(40).default(''),
    deviceImei: p.string().length(64).default(''),
    malfunctionContent: p.string().length(500),
    status: p.smallint().default(0),
    /** The handling result (处理结果); empty until staff write one. */
    remark: p.string().length(500).default(''),
    assigneeId: p.uuid().nullable(),
    assigneeName: p.string().length(32).nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
    completedAt: p.datetime().nullable(),
  },
});

export class RepairRequest extends RepairRequestSchema.class {}
RepairRequestSchema.setClass(RepairRequest);

/** One photo of a repair request: a purchase voucher (`certificate`) or a fault photo (`malfunction`). */
export const RepairPhotoSchema = defineEntity({
  name: 'RepairPhoto',
  tableName: 'aftersales_repair_photo',
  indexes: [{ properties: ['repairId'] }, { properties: ['path'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    repairId: p.integer(),
    customerId: p.uuid(),
    kind: p.string().length(12),
    path: p.string().length(120),
    sort: p.smallint(),
  },
});

export class RepairPhoto extends RepairPhotoSchema.class {}
RepairPhotoSchema.setClass(RepairPhoto);

/** A step staff took on a repair request (assign, result, complete), for the console's history. */
export const RepairStepSchema = defineEntity({
  name: 'RepairStep',
  tableName: 'aftersales_repair_step',
  indexes: [{ properties: ['repairId', 'createdAt'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    repairId: p.integer(),
    kind: p.string().length(10),
    staffId: p.uuid(),
    staffName: p.string().length(32),
    /** The assignee's name, or the result text. */
    text: p.string().length(500),
    createdAt: p.datetime(),
  },
});

export class RepairStep extends RepairStepSchema.class {}
RepairStepSchema.setClass(RepairStep);
