import type { ImportJob, ImportRejection, ImportTour } from './contracts/job-import.js';
import { validCoordinates } from './geo.js';
import { importJobTypes, JOB_EXTERNAL_ID_MAX } from './tours.js';

/**
 * The rules of one imported job or tour that the wire schema does not check (domain §3 Job,
 * §9 "Job External Id: at most 64 characters"): each broken rule is one rejection naming the
 * item's index, the field (a JSON pointer into the item) and a code. Pure: the rules that need
 * the database (known depots and vehicles) are checked by the import itself.
 */

/** The assignment key whose value names the tour a job is on. */
export const TOUR_ASSIGNMENT_KEY = 'TOUR';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const COUNTRY = /^[A-Z]{2}$/;

/** True for a real calendar day `YYYY-MM-DD`. */
function isCalendarDay(value: string): boolean {
    const match = DAY.exec(value);
    if (!match) return false;
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

type Rejection = Omit<ImportRejection, 'list' | 'index'>;

const blank = (value: string | undefined) => value === undefined || value.trim() === '';

function addressErrors(address: ImportJob['address']): Rejection[] {
    const errors: Rejection[] = [];
    if (blank(address.street))
        errors.push({
            field: '/address/street',
            code: 'REQUIRED',
            message: 'The street is required.',
        });
    if (blank(address.postcode))
        errors.push({
            field: '/address/postcode',
            code: 'REQUIRED',
            message: 'The postcode is required.',
        });
    if (!COUNTRY.test(address.countryCode))
        errors.push({
            field: '/address/countryCode',
            code: 'INVALID_COUNTRY_CODE',
            message: 'The country code must be two capital letters (ISO 3166-1 alpha-2).',
        });
    const hasLatitude = address.latitude !== undefined;
    const hasLongitude = address.longitude !== undefined;
    if (hasLatitude !== hasLongitude)
        errors.push({
            field: hasLatitude ? '/address/longitude' : '/address/latitude',
            code: 'REQUIRED',
            message: 'Latitude and longitude come together.',
        });
    else if (
        hasLatitude &&
        !validCoordinates(address.latitude as number, address.longitude as number)
    )
        errors.push({
            field:
                Math.abs(address.latitude as number) > 90
                    ? '/address/latitude'
                    : '/address/longitude',
            code: 'COORDINATES_OUT_OF_RANGE',
            message: 'Latitude must lie within −90…90 and longitude within −180…180.',
        });
    return errors;
}

function assignmentErrors(assignments: ImportJob['assignments']): Rejection[] {
    const errors: Rejection[] = [];
    const seen = new Set<string>();
    assignments.forEach((assignment, index) => {
        const at = `/assignments/${index}`;
        if (blank(assignment.externalDepotId))
            errors.push({
                field: `${at}/externalDepotId`,
                code: 'REQUIRED',
                message: 'The depot (externalDepotId) is required.',
            });
        if (!isCalendarDay(assignment.date))
            errors.push({
                field: `${at}/date`,
                code: 'INVALID_DATE',
                message: 'The date must be a calendar day, YYYY-MM-DD.',
            });
        if (blank(assignment.key))
            errors.push({ field: `${at}/key`, code: 'REQUIRED', message: 'The key is required.' });
        if (blank(assignment.value))
            errors.push({
                field: `${at}/value`,
                code: 'REQUIRED',
                message: 'The value is required.',
            });
        const pair = `${assignment.key.trim().toUpperCase()} ${assignment.date}`;
        if (seen.has(pair))
            errors.push({
                field: `${at}/key`,
                code: 'DUPLICATE_ASSIGNMENT',
                message: 'The job has this key twice for the same date.',
            });
        seen.add(pair);
    });
    return errors;
}

/** The rule breaks of one job, before any database lookup. */
export function importJobErrors(job: ImportJob): Rejection[] {
    const errors: Rejection[] = [];
    const id = job.externalJobId.trim();
    if (id === '')
        errors.push({
            field: '/externalJobId',
            code: 'REQUIRED',
            message: 'The external job id is required.',
        });
    else if (id.length > JOB_EXTERNAL_ID_MAX)
        errors.push({
            field: '/externalJobId',
            code: 'JOB_EXTERNAL_ID_TOO_LONG',
            message: `The external job id has at most ${JOB_EXTERNAL_ID_MAX} characters.`,
        });
    if (!(importJobTypes as readonly string[]).includes(job.type))
        errors.push({
            field: '/type',
            code: 'INVALID_JOB_TYPE',
            message: `The job type must be one of ${importJobTypes.join(', ')}.`,
        });
    errors.push(...addressErrors(job.address));
    if (job.timeFrame && Date.parse(job.timeFrame.from) >= Date.parse(job.timeFrame.to))
        errors.push({
            field: '/timeFrame/to',
            code: 'INVALID_TIME_FRAME',
            message: 'The time frame must end after it starts.',
        });
    const numbers = new Set<string>();
    (job.parcels ?? []).forEach((parcel, index) => {
        const number = parcel.parcelNumber.trim();
        if (number === '')
            errors.push({
                field: `/parcels/${index}/parcelNumber`,
                code: 'REQUIRED',
                message: 'The parcel number is required.',
            });
        else if (numbers.has(number))
            errors.push({
                field: `/parcels/${index}/parcelNumber`,
                code: 'DUPLICATE_PARCEL',
                message: 'The job has this parcel number twice.',
            });
        numbers.add(number);
    });
    errors.push(...assignmentErrors(job.assignments));
    return errors;
}

/** The rule breaks of one tour entry, before any database lookup. */
export function importTourErrors(tour: ImportTour): Rejection[] {
    const errors: Rejection[] = [];
    if (blank(tour.externalDepotId))
        errors.push({
            field: '/externalDepotId',
            code: 'REQUIRED',
            message: 'The depot (externalDepotId) is required.',
        });
    if (!isCalendarDay(tour.date))
        errors.push({
            field: '/date',
            code: 'INVALID_DATE',
            message: 'The date must be a calendar day, YYYY-MM-DD.',
        });
    if (blank(tour.tourNumber))
        errors.push({
            field: '/tourNumber',
            code: 'REQUIRED',
            message: 'The tour number is required.',
        });
    return errors;
}

/**
 * What makes jobs one stop of a tour: their coordinates rounded to about a metre, else their
 * address (postcode, street, house number; case and spacing ignored).
 */
export function stopKeyOf(address: ImportJob['address']): string {
    if (address.latitude !== undefined && address.longitude !== undefined)
        return `@${address.latitude.toFixed(5)},${address.longitude.toFixed(5)}`;
    const part = (value: string | undefined) =>
        (value ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
    return `${part(address.postcode)}|${part(address.street)}|${part(address.houseNo)}`;
}
