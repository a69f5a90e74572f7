/**
 * The after-sales context's public face (spec 3 §2.8): the catalogue patients read without an
 * account (product types, models with their manuals and warranty terms, guides, banners, guarantee
 * platforms, authorised shops, the service policy) and the services of a bought meter (warranty
 * records, repairs, dealer enquiries). It sits to the right of devices and commerce: it may import
 * platform, identity, health, devices and commerce through their index.ts, and none of them imports
 * it; notices reach the patient through its events, subscribed in src/composition.ts.
 */
export { catalogueRoutes } from './catalogue/catalogue.routes';
export { warrantyRoutes } from './warranty/warranty.routes';
export { repairRoutes } from './repair/repair.routes';
export { dealerRoutes } from './dealer/dealer.routes';
export { repairEvents } from './repair/repair.events';
export { repairPhotoVisibleTo } from './repair/repair.files';
export { setWarrantyDevices } from './warranty/warranty.ports';
