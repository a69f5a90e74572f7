import type { MikroORM } from '@mikro-orm/core';
import { DictionaryRepository } from '../contexts/platform/dictionary/dictionary.repository';
import { dictionaryEntries } from './dictionaries';
import { demoDoctors } from './doctors';
import { Doctor } from '../contexts/platform/care-directory/doctor.entity';
import { SugarSlot } from '../contexts/health/glucose/glucoseSlot.entity';
import { sugarSlots } from './sugarSlots';
import { BloodPressureRange } from '../contexts/health/pressure/pressureRange.entity';
import { bloodPressureRanges } from './bloodPressureRanges';
import { seedDemo, type DemoSeedOptions } from './demo';
import { seedDemoFriends } from './demoFriends';
import { seedCareDirectory } from './careDirectory';
import { seedDemoMeters } from './demoMeters';
import { seedDemoStaff } from './demoStaff';
import { seedDemoChat } from './demoChat';
import { seedDemoConsults } from './demoConsults';
import { seedDemoRx } from './demoRx';
import { seedDemoMonitoring } from './demoMonitoring';
import { seedArticleLibrary } from './articles';
import { seedBannerLibrary } from './banners';
import { seedPharmacyLibrary } from './pharmacies';
import { seedDoctorServices } from './doctorServices';
import { seedDemoMall } from './demoMall';
import { seedDemoCoupons } from './demoCoupons';
import { seedDemoBalances } from './demoBalances';
import { seedDemoOpenClient } from './demoOpenClient';
import { seedAfterSalesCatalogue } from './afterSalesCatalogue';
import { seedDemoAfterSales } from './demoAfterSales';

/**
 * Seeds the reference data every installation needs (dictionaries, slot thresholds, pressure ranges,
 * the care directory, the article library, the banners) and, unless `withDemo` is false, the demo accounts,
 * readings and meters. Idempotent: every step is an upsert or skips what exists, so restarts change nothing.
 */
export async function seed(orm: MikroORM, demo: DemoSeedOptions, withDemo = true): Promise<void> {
  const em = orm.em.fork();
  await new DictionaryRepository(em).upsert(dictionaryEntries);
  await em.upsertMany(Doctor, demoDoctors, { onConflictFields: ['openid'], onConflictAction: 'merge' });
  await seedCareDirectory(em);
  await seedDoctorServices(em);
  await em.upsertMany(SugarSlot, sugarSlots, { onConflictFields: ['timeType'], onConflictAction: 'merge' });
  await em.upsertMany(BloodPressureRange, bloodPressureRanges, {
    onConflictFields: ['sort'],
    onConflictAction: 'merge',
  });
  await seedArticleLibrary(em, demo.now);
  await seedBannerLibrary(em);
  await seedPharmacyLibrary(em);
  await seedAfterSalesCatalogue(em, demo.now);
  if (!withDemo) {
    return;
  }
  await seedDemo(em, demo);
  await seedDemoFriends(em, demo);
  await seedDemoMeters(em, demo.now);
  await seedDemoStaff(em, demo.now);
  await seedDemoChat(em, demo);
  await seedDemoConsults(em, demo);
  await seedDemoRx(em, demo);
  await seedDemoMonitoring(em, demo);
  await seedDemoMall(em, demo.now);
  await seedDemoCoupons(em, demo);
  await seedDemoBalances(em, demo);
  await seedDemoOpenClient(em, demo.now);
  await seedDemoAfterSales(em, demo);
}
