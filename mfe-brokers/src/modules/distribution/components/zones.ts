/** Every IANA zone the browser knows, UTC first (some engines leave it out of the list), as select options. */
export function zoneOptions(): { value: string; label: string }[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return ['UTC', ...zones.filter((zone) => zone !== 'UTC')].map((zone) => ({ value: zone, label: zone }));
}
