/** The urine-analysis page of spec 1 (the home page's 尿液分析 tile). */
export const URINE_DOCTOR_PATH = '/urineDoctor';
/** Where a patient keeps a urine test done elsewhere. */
export const MEDICAL_REPORTS_PATH = '/examiningReport/uploadExaminingReport';
