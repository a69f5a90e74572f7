/** The profile fields counted by the completion percentage. */
export const PROFILE_COMPLETION_FIELDS = [
  'headimgurl',
  'nickname',
  'sex',
  'roleType',
  'diabetesType',
  'bloodPressureType',
  'phone',
] as const;

/**
 * Profile completion in percent with one decimal: the share of {@link PROFILE_COMPLETION_FIELDS}
 * that hold a value (sex 0 'unknown' counts as missing). The mine page links 'go modify' at 100
 * and 'go complete' below.
 */
export function profileCompletion(
  profile: Partial<Record<(typeof PROFILE_COMPLETION_FIELDS)[number], string | number | null>>,
): number {
  const filled = PROFILE_COMPLETION_FIELDS.filter((field) => {
    const value = profile[field];
    if (value === undefined || value === null || String(value).trim() === '') {
      return false;
    }
    return !(field === 'sex' && Number(value) === 0);
  }).length;
  return Math.round((filled / PROFILE_COMPLETION_FIELDS.length) * 1000) / 10;
}

/** Formats a completion ratio (0–100) with exactly one decimal, as the mine page shows it. */
export function formatCompletion(percent: number): string {
  return `${(Math.round(percent * 10) / 10).toFixed(1)}%`;
}
