import Papa from 'papaparse';
import type { TranslateFunction } from 'react-admin';
import {
    addressInfoCsvColumns,
    checkAddressInfoRecords,
    isAddressInfoRule,
    type AddressInfoCheck,
    type AddressInfoCsvColumn,
    type AddressInfoRule,
} from '../../../../domain/addressDeliveryInfo';
import type { ErrorDetail } from '../../../../domain/contracts/common';

/**
 * The browser's reading of a chosen file: papaparse and the shared rules of
 * domain/addressDeliveryInfo.ts, so the preview judges each row as the server will (the server
 * parses the raw file again and decides).
 */
export function previewAddressInfoCsv(text: string): AddressInfoCheck {
    const records = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
        skipEmptyLines: false,
        delimiter: ',',
    }).data;
    return checkAddressInfoRecords(records);
}

/** One line of the problems table: the row, the column (when the problem is in one cell), the reason. */
export interface AddressInfoProblemLine {
    row: string;
    column?: AddressInfoCsvColumn;
    rule?: AddressInfoRule;
    params: Record<string, string | number>;
    /** The server's English text: shown only for a reason this browser does not know. */
    message?: string;
}

const isColumn = (value: unknown): value is AddressInfoCsvColumn =>
    typeof value === 'string' && (addressInfoCsvColumns as readonly string[]).includes(value);

/** A problem found by the preview as a table line. */
export function lineOfProblem(
    problem: AddressInfoCheck['problems'][number],
): AddressInfoProblemLine {
    return {
        row: String(problem.row),
        column: problem.column,
        rule: problem.rule,
        params: problem.params,
    };
}

/** An error detail of the server's 400 ADDRESS_INFO_UPLOAD_INVALID (`field: 'row <n>'`) as a table line. */
export function lineOfDetail(detail: ErrorDetail): AddressInfoProblemLine {
    const column = detail.params?.column;
    return {
        row: detail.field?.startsWith('row ') ? detail.field.slice(4) : (detail.field ?? ''),
        column: isColumn(column) ? column : undefined,
        rule: isAddressInfoRule(detail.rule) ? detail.rule : undefined,
        params: detail.params ?? {},
        message: detail.message,
    };
}

/** The user's-language reason of a line; the server's English text for a reason unknown here. */
export const reasonText = (translate: TranslateFunction, line: AddressInfoProblemLine): string =>
    line.rule ? translate(`app.addressInfo.rules.${line.rule}`, line.params) : (line.message ?? '');
