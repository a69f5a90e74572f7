import { LockMode, UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import { normalizeDeviceCode } from '@glucoguard/domain';
import { ProductCategory, ProductModel } from '../catalogue/catalogue.entity';
import { RepairPhoto, RepairRequest, RepairStep } from './repair.entity';

export type RepairPhotoKind = 'certificate' | 'malfunction';
export type NewRepair = Omit<
  RepairRequest,
  'id' | 'status' | 'remark' | 'assigneeId' | 'assigneeName' | 'completedAt' | 'updatedAt'
>;

/** Repair requests, their photos and steps, and the catalogue rows the form names. */
export class RepairRepository {
  constructor(private readonly em: EntityManager) {}

  shownCategory(id: number): Promise<ProductCategory | null> {
    return this.em.findOne(ProductCategory, { id, status: 1 });
  }

  shownModel(id: number): Promise<ProductModel | null> {
    return this.em.findOne(ProductModel, { id, status: 1 });
  }

  /**
   * Stores a request with its photos; null when its 服务编码 is taken (the unique index decides; the
   * caller draws another). Run it in a transaction.
   */
  async insert(
    data: NewRepair,
    photos: readonly { kind: RepairPhotoKind; path: string }[],
    now: Date,
  ): Promise<number | null> {
    let id: number;
    try {
      // A savepoint: a clash of codes must not abort the caller's transaction.
      id = await this.em.transactional(async (tx) =>
        Number(await tx.insert(RepairRequest, { ...data, status: 0, remark: '', updatedAt: now, completedAt: null })),
      );
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        return null;
      }
      throw error;
    }
    if (photos.length) {
      await this.em.insertMany(
        RepairPhoto,
        photos.map((p, sort) => ({ repairId: id, customerId: data.customerId, kind: p.kind, path: p.path, sort })),
      );
    }
    return id;
  }

  byId(id: number): Promise<RepairRequest | null> {
    return this.em.findOne(RepairRequest, { id }, { disableIdentityMap: true });
  }

  /**
   * A request read under a row lock (`select … for update`) that holds until the caller's
   * transaction ends: the console's steps on one request run one after another, each reading what
   * the one before wrote. Run it in a transaction.
   */
  lockedById(id: number): Promise<RepairRequest | null> {
    return this.em.findOne(RepairRequest, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, disableIdentityMap: true });
  }

  /** One of the customer's requests; null for a missing one and someone else's alike. */
  own(customerId: string, id: number): Promise<RepairRequest | null> {
    return this.em.findOne(RepairRequest, { id, customerId }, { disableIdentityMap: true });
  }

  /** A page of the customer's requests of one status, newest first. */
  pageOfCustomer(customerId: string, status: number, offset: number, limit: number) {
    return this.em.findAndCount(
      RepairRequest,
      { customerId, status },
      { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], offset, limit, disableIdentityMap: true },
    );
  }

  /** The console's queue: in service oldest first, completed newest first; `keyword` a 服务编码, phone or device code. */
  queue(
    filter: { status?: number; keyword?: string; assigneeId?: string },
    offset: number,
    limit: number,
  ): Promise<[RepairRequest[], number]> {
    const k = filter.keyword;
    const order = filter.status === 0 ? 'asc' : 'desc';
    return this.em.findAndCount(
      RepairRequest,
      {
        ...(filter.status !== undefined && { status: filter.status }),
        ...(filter.assigneeId && { assigneeId: filter.assigneeId }),
        ...(k && { $or: [{ upkeepCode: k.toUpperCase() }, { phone: k }, { deviceImei: normalizeDeviceCode(k) }] }),
      },
      { orderBy: [{ createdAt: order }, { id: order }], offset, limit, disableIdentityMap: true },
    );
  }

  async photos(repairId: number): Promise<RepairPhoto[]> {
    return this.em.find(RepairPhoto, { repairId }, { orderBy: [{ kind: 'asc' }, { sort: 'asc' }] });
  }

  steps(repairId: number): Promise<RepairStep[]> {
    return this.em.find(RepairStep, { repairId }, { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  }

  async addStep(step: Omit<RepairStep, 'id'>): Promise<void> {
    await this.em.insert(RepairStep, step);
  }

  /** Moves a request still in service; false when it is completed (or gone). */
  async updateInService(
    id: number,
    fields: Partial<Pick<RepairRequest, 'assigneeId' | 'assigneeName' | 'remark' | 'status' | 'completedAt'>>,
    now: Date,
  ): Promise<boolean> {
    return (await this.em.nativeUpdate(RepairRequest, { id, status: 0 }, { ...fields, updatedAt: now })) > 0;
  }

  /** Whether `viewer` may see the repair photo at `path`: the customer who filed its request. */
  async customerOwnsPhoto(customerId: string, path: string): Promise<boolean> {
    return (await this.em.count(RepairPhoto, { path, customerId })) > 0;
  }

  /** Whether a photo at `path` belongs to any repair request (staff may see those). */
  async photoExists(path: string): Promise<boolean> {
    return (await this.em.count(RepairPhoto, { path })) > 0;
  }
}
