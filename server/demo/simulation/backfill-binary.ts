/**
 * The backfill's rows in COPY's binary format (PGlite): the database takes numbers, times and
 * dates as they are instead of parsing their text, which was about half of its work per batch
 * (a waypoint has six times and two coordinates). The same values as the text format: times are
 * the rows' ISO instants, `real` columns the float nearest to the row's number.
 */
import { columnList, type Row, type TableSpec } from './backfill-tables.js';

/** 2000-01-01T00:00:00Z, where PostgreSQL counts its times and dates from. */
const POSTGRES_EPOCH_MS = 946_684_800_000;
const DAY_MS = 86_400_000;
const TWO_32 = 4_294_967_296;
/** `PGCOPY\n\377\r\n\0`, then no flags and no header extension. */
const HEADER = [
    0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00, 0, 0, 0, 0, 0, 0, 0, 0,
];
/** The `text` type's id, which a binary array names for its elements. */
const TEXT_OID = 25;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

class BinaryWriter {
    bytes: Uint8Array<ArrayBuffer> = new Uint8Array(1 << 16);
    view = new DataView(this.bytes.buffer);
    length = 0;
    private readonly encoder = new TextEncoder();

    reserve(size: number): void {
        if (this.length + size <= this.bytes.length) return;
        let capacity = this.bytes.length * 2;
        while (capacity < this.length + size) capacity *= 2;
        const grown = new Uint8Array(capacity);
        grown.set(this.bytes.subarray(0, this.length));
        this.bytes = grown;
        this.view = new DataView(grown.buffer);
    }

    int16(value: number): void {
        this.reserve(2);
        this.view.setInt16(this.length, value);
        this.length += 2;
    }

    int32(value: number): void {
        this.reserve(4);
        this.view.setInt32(this.length, value);
        this.length += 4;
    }

    /** A whole number of up to 53 bits as a big-endian int64. */
    int64(value: number): void {
        this.reserve(8);
        const high = Math.floor(value / TWO_32);
        this.view.setInt32(this.length, high);
        this.view.setUint32(this.length + 4, value - high * TWO_32);
        this.length += 8;
    }

    /** A field: its length, then its bytes. */
    field(size: number): void {
        this.int32(size);
        this.reserve(size);
    }

    float64Field(value: number): void {
        this.field(8);
        this.view.setFloat64(this.length, value);
        this.length += 8;
    }

    float32Field(value: number): void {
        this.field(4);
        this.view.setFloat32(this.length, value);
        this.length += 4;
    }

    /** A UTF-8 text field (ASCII byte by byte; the rest through the encoder). */
    textField(text: string): void {
        const at = this.length;
        this.reserve(4 + 3 * text.length);
        this.length += 4;
        let i = 0;
        for (; i < text.length; i++) {
            const code = text.charCodeAt(i);
            if (code >= 0x80) break;
            this.bytes[this.length++] = code;
        }
        if (i < text.length)
            this.length += this.encoder.encodeInto(
                text.slice(i),
                this.bytes.subarray(this.length),
            ).written;
        this.view.setInt32(at, this.length - at - 4);
    }
}

type Encode = (out: BinaryWriter, cell: Exclude<Row[number], null>) => void;

function integer(cell: unknown, type: string): number {
    const value = Number(cell);
    if (!Number.isSafeInteger(value)) throw new TypeError(`not an ${type}: ${String(cell)}`);
    return value;
}

/**
 * The `YYYY-MM-DDT` of the two days last read, and their midnights: a row's times are of its day
 * and the day before (a job imported the evening before), so rows alternate between two days.
 */
const dayPrefixes = ['\u0000', '\u0000'];
const dayStarts = [0, 0];

/** The digit at `index` of `text`, or NaN. */
function digit(text: string, index: number): number {
    const code = text.charCodeAt(index) - 48;
    return code >= 0 && code <= 9 ? code : Number.NaN;
}

/**
 * Epoch milliseconds of an ISO instant the backfill made (`2026-03-04T07:12:05.000Z`): one of the
 * two days last read by its digits, any other through `Date.parse`.
 */
function instantOf(cell: unknown): number {
    if (typeof cell === 'number' && Number.isFinite(cell)) return cell;
    if (typeof cell !== 'string') throw new TypeError(`not an ISO instant: ${String(cell)}`);
    if (cell.length === 24 && cell.charCodeAt(23) === 90) {
        const slot = cell.startsWith(dayPrefixes[0] as string)
            ? 0
            : cell.startsWith(dayPrefixes[1] as string)
              ? 1
              : -1;
        const hours = digit(cell, 11) * 10 + digit(cell, 12);
        const minutes = digit(cell, 14) * 10 + digit(cell, 15);
        const seconds = digit(cell, 17) * 10 + digit(cell, 18);
        const ms = digit(cell, 20) * 100 + digit(cell, 21) * 10 + digit(cell, 22);
        if (
            slot >= 0 &&
            hours < 24 &&
            minutes < 60 &&
            seconds < 60 &&
            ms >= 0 &&
            cell[13] === ':' &&
            cell[16] === ':' &&
            cell[19] === '.'
        )
            return (
                (dayStarts[slot] as number) + ((hours * 60 + minutes) * 60 + seconds) * 1000 + ms
            );
    }
    const ms = ISO_INSTANT.test(cell) ? Date.parse(cell) : Number.NaN;
    if (!Number.isFinite(ms)) throw new TypeError(`not an ISO instant: ${cell}`);
    const prefix = cell.slice(0, 11);
    const dayStart = Date.parse(`${prefix}00:00:00.000Z`);
    // `Date.parse` takes a 30 February as the 2 March; PostgreSQL refuses it.
    if (new Date(dayStart).toISOString().slice(0, 11) !== prefix)
        throw new TypeError(`not an ISO instant: ${cell}`);
    if (prefix !== dayPrefixes[0]) {
        [dayPrefixes[1], dayStarts[1]] = [dayPrefixes[0] as string, dayStarts[0] as number];
        [dayPrefixes[0], dayStarts[0]] = [prefix, dayStart];
    }
    return ms;
}

function dayOf(cell: unknown): number {
    const match = typeof cell === 'string' ? ISO_DATE.exec(cell) : null;
    if (!match) throw new TypeError(`not a date: ${String(cell)}`);
    const [, year, month, day] = match.map(Number) as [number, number, number, number];
    return (Date.UTC(year, month - 1, day) - POSTGRES_EPOCH_MS) / DAY_MS;
}

/** How a column of `type` is written: any type not named here is an enum, sent as its label. */
function encoderOf(type: string): Encode {
    switch (type) {
        case 'int':
            return (out, cell) => {
                out.field(4);
                out.int32(integer(cell, type));
            };
        case 'bigint':
            return (out, cell) => {
                out.field(8);
                out.int64(integer(cell, type));
            };
        case 'float8':
            return (out, cell) => out.float64Field(Number(cell));
        case 'real':
            return (out, cell) => out.float32Field(Number(cell));
        case 'boolean':
            return (out, cell) => {
                out.field(1);
                out.bytes[out.length++] = cell ? 1 : 0;
            };
        case 'timestamptz':
            // Microseconds since 2000 (the instants have whole milliseconds).
            return (out, cell) => {
                out.field(8);
                out.int64((instantOf(cell) - POSTGRES_EPOCH_MS) * 1000);
            };
        case 'date':
            return (out, cell) => {
                out.field(4);
                out.int32(dayOf(cell));
            };
        case 'jsonb':
            // Format version 1, then the JSON text.
            return (out, cell) => out.textField(`\u0001${JSON.stringify(cell)}`);
        case 'text[]':
            return (out, cell) => {
                const items = cell as readonly unknown[];
                const at = out.length;
                out.int32(0);
                // Dimensions (none for an empty array), no nulls, the element type.
                out.int32(items.length > 0 ? 1 : 0);
                out.int32(0);
                out.int32(TEXT_OID);
                if (items.length > 0) {
                    out.int32(items.length);
                    out.int32(1);
                }
                for (const item of items) out.textField(String(item));
                out.view.setInt32(at, out.length - at - 4);
            };
        default:
            return (out, cell) => out.textField(String(cell));
    }
}

const encoders = new Map<TableSpec, Encode[]>();

/** The rows as the file of `COPY … FROM … WITH (FORMAT binary)`. */
export function copyBinary(spec: TableSpec, rows: readonly Row[]): Uint8Array<ArrayBuffer> {
    let encode = encoders.get(spec);
    if (!encode) {
        encode = spec.columns.map(([, type]) => encoderOf(type));
        encoders.set(spec, encode);
    }
    const out = new BinaryWriter();
    out.reserve(HEADER.length);
    out.bytes.set(HEADER, 0);
    out.length = HEADER.length;
    const count = encode.length;
    for (const row of rows) {
        out.int16(count);
        for (let i = 0; i < count; i++) {
            const cell = row[i] ?? null;
            if (cell === null) out.int32(-1);
            else (encode[i] as Encode)(out, cell);
        }
    }
    out.int16(-1);
    return out.bytes.subarray(0, out.length);
}

/** `COPY <table> (<columns>) FROM '/dev/blob' WITH (FORMAT binary)` (PGlite's in-memory file). */
export const copyBinaryStatement = (spec: TableSpec) =>
    `copy ${spec.name} (${columnList(spec)}) from '/dev/blob' with (format binary)`;
