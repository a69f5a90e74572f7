/**
 * The care context's public face: doctors and hospitals (consultations come next). It may import
 * platform, identity and health. Other contexts import only this file, never a module inside it.
 */

export { doctorRoutes } from './doctor/doctor.routes';
