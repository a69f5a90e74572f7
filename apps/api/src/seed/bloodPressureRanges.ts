/**
 * The pressure range configuration (spec 2 §3), in mmHg, after the Chinese hypertension guideline's
 * grades: below 90/60 low; normal; high-normal; grades 1 to 3. A reading takes the worse sort of its
 * systolic and diastolic values; sorts above 3 are high, 2 to 3 normal, else low (the domain's rule).
 */
export const bloodPressureRanges = [
  { sort: 1, name: '低血压', sbpMin: 1, sbpMax: 89, dbpMin: 1, dbpMax: 59 },
  { sort: 2, name: '正常', sbpMin: 90, sbpMax: 119, dbpMin: 60, dbpMax: 79 },
  { sort: 3, name: '正常高值', sbpMin: 120, sbpMax: 139, dbpMin: 80, dbpMax: 89 },
  { sort: 4, name: '1级高血压', sbpMin: 140, sbpMax: 159, dbpMin: 90, dbpMax: 99 },
  { sort: 5, name: '2级高血压', sbpMin: 160, sbpMax: 179, dbpMin: 100, dbpMax: 109 },
  { sort: 6, name: '3级高血压', sbpMin: 180, sbpMax: 250, dbpMin: 110, dbpMax: 250 },
];
