/** The calendar month before the one of `now` (`YYYY-MM`, UTC): the licence page's default (domain §9). */
export function previousMonth(now: Date): string {
    const year = now.getUTCFullYear();
    const month = now.getUTCMonth(); // 0-based: the previous month's 1-based number
    return month === 0 ? `${year - 1}-12` : `${year}-${String(month).padStart(2, '0')}`;
}

/** Whether a value is a month the page may ask for: `YYYY-MM`, not after `latest`. */
export function isSelectableMonth(value: string, latest: string): boolean {
    return /^\d{4}-(0[1-9]|1[0-2])$/.test(value) && value <= latest;
}
