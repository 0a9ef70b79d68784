import type { BackOfficeUser } from '../../../../domain/contracts/back-office-users.js';
import {
    spreadsheetCsv,
    spreadsheetXlsx,
    type SpreadsheetCell,
    type SpreadsheetColumn,
} from '../../../shared/spreadsheet.js';

/** At most this many rows in one export or download file. */
export const MAX_EXPORT_ROWS = 50_000;

/** The columns of the export and download files, in order. */
const exportColumns: readonly SpreadsheetColumn[] = [
    { header: 'Last name', type: 'text', width: 18 },
    { header: 'First name', type: 'text', width: 18 },
    { header: 'E-mail', type: 'text', width: 32 },
    { header: 'Type', type: 'text', width: 24 },
    { header: 'Mobile', type: 'text', width: 18 },
    { header: 'Landline', type: 'text', width: 18 },
    { header: 'Roles', type: 'text', width: 60 },
    { header: 'Last login', type: 'date', width: 22 },
    { header: 'Created', type: 'date', width: 22 },
];

/** One user as the file's cells: roles with their scopes as "Role (Scope), ...". */
function exportCells(user: BackOfficeUser): SpreadsheetCell[] {
    const roles = user.permissions
        .map((permission) => `${permission.roleName} (${permission.scopeName})`)
        .join(', ');
    return [
        user.lastName,
        user.firstName,
        user.email,
        user.type,
        user.mobilePhone,
        user.landLine,
        roles,
        user.lastLogin ? new Date(user.lastLogin) : null,
        new Date(user.created),
    ];
}

/** RFC 4180 CSV with a UTF-8 byte order mark and a header row (see `spreadsheetCsv`). */
export function usersCsv(users: readonly BackOfficeUser[]): Buffer {
    return spreadsheetCsv(exportColumns, users.map(exportCells));
}

/** An .xlsx workbook with one sheet "Users": the header row, then one row per user. */
export function usersXlsx(users: readonly BackOfficeUser[]): Promise<Buffer> {
    return spreadsheetXlsx(exportColumns, users.map(exportCells), 'Users');
}
