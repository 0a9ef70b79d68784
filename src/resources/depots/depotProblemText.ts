import type { TranslateFunction } from 'react-admin';
import { isDepotProblemRule, type DepotProblemRule } from '../../../domain/depots';

/** An error detail of the depot routes, or a problem the browser preview found: a reason and its values. */
export interface DepotProblemDetail {
    field?: string;
    /** English text of the server: shown only for a reason this browser does not know. */
    message?: string;
    rule?: string;
    params?: Record<string, string | number>;
}

/** Reasons whose text lives outside `app.depots.rules` (the upload dialog's own texts). */
const otherKeys: Partial<Record<DepotProblemRule, string>> = {
    duplicateInFile: 'app.depots.upload.duplicate',
    csvCells: 'app.depots.upload.cells',
    csvHeader: 'app.depots.upload.header',
};

/** The translation key of a reason. */
export const depotProblemKey = (rule: DepotProblemRule): string =>
    otherKeys[rule] ?? `app.depots.rules.${rule}`;

/**
 * The user's-language text of a problem, prefixed with its CSV column when it names one
 * (`regionId: ...`); the server's English message only when the reason is unknown here.
 */
export function depotProblemText(
    translate: TranslateFunction,
    problem: DepotProblemDetail,
    withColumn = true,
): string {
    const column =
        withColumn && typeof problem.params?.column === 'string'
            ? `${problem.params.column}: `
            : '';
    if (!isDepotProblemRule(problem.rule)) return problem.message ?? '';
    return `${column}${translate(depotProblemKey(problem.rule), problem.params ?? {})}`;
}
