/**
 * The sender's ids of a depot day: external job ids, parcel numbers and tracking ids, unique per
 * depot and date and the same for the same depot, date and seed.
 */
import { JOB_EXTERNAL_ID_MAX } from '../../../domain/tours.js';
import { unique, type Random } from '../random.js';

export interface DayIds {
    /** `SIM-<depot>-<yyyymmdd>-<n>`: at most 40 characters. */
    job(): string;
    /** A 14-digit parcel number (with a check digit) and a 12-character tracking id. */
    parcel(random: Random): { parcelNumber: string; trackingId: string };
}

/** FNV-1a, 32 bits: a short stable fingerprint of a text. */
function fingerprint(text: string): number {
    let hash = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) {
        hash ^= text.charCodeAt(i);
        hash = Math.imul(hash, 0x01000193);
    }
    return hash >>> 0;
}

/** The depot's id as is when short and plain, else its fingerprint. */
function depotKey(externalDepotId: string): string {
    return /^[A-Za-z0-9]{1,20}$/.test(externalDepotId)
        ? externalDepotId
        : fingerprint(externalDepotId).toString(16).padStart(8, '0');
}

/** The weighted modulo-10 check digit of parcel labels (weights 3 and 1 from the right). */
function checkDigit(digits: string): number {
    let sum = 0;
    for (let i = digits.length - 1, weight = 3; i >= 0; i--, weight = 4 - weight)
        sum += Number(digits[i]) * weight;
    return (10 - (sum % 10)) % 10;
}

const TRACKING_ALPHABET = [...'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'];

export function dayIds(externalDepotId: string, date: string): DayIds {
    const compactDate = date.replaceAll('-', '');
    const jobPrefix = `SIM-${depotKey(externalDepotId)}-${compactDate}-`;
    // Parcel numbers: 2 digits of the depot, 3 of the day, a running number and a check digit,
    // so a depot's numbers do not repeat for almost three years.
    const dayNumber = Math.floor(Date.parse(`${date}T00:00:00Z`) / 86_400_000) % 1_000;
    const parcelPrefix = `${String(fingerprint(externalDepotId) % 100).padStart(2, '0')}${String(dayNumber).padStart(3, '0')}`;
    const trackingIds = new Set<string>();
    let jobs = 0;
    let parcels = 0;
    return {
        job() {
            jobs += 1;
            const id = `${jobPrefix}${String(jobs).padStart(6, '0')}`;
            if (id.length > JOB_EXTERNAL_ID_MAX) throw new Error(`job id too long: ${id}`);
            return id;
        },
        parcel(random) {
            parcels += 1;
            const body = `${parcelPrefix}${String(parcels).padStart(8, '0')}`;
            const trackingId = unique(trackingIds, () => {
                let id = '';
                for (let i = 0; i < 12; i++) id += random.pick(TRACKING_ALPHABET);
                return id;
            });
            return { parcelNumber: `${body}${checkDigit(body)}`, trackingId };
        },
    };
}
