import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { authErrors } from '../../../../domain/contracts/common.js';
import {
    TourPerformanceDetail,
    TourPerformanceExportQuery,
    TourPerformanceList,
    TourPerformanceParams,
    TourPerformanceQuery,
    TourPerformanceRollups,
} from '../../../../domain/contracts/tour-performance.js';
import { queryPath, requireAction } from '../../../access/route-access.js';
import { spreadsheetContentTypes } from '../../../shared/spreadsheet.js';
import { depotOfPath } from '../live/live-access.js';
import { dayRows, performanceRollups, tourNumberRows } from './performance-figures.js';
import { performanceFile, performanceFileName } from './performance-export.js';
import { depotToday, performanceRange } from './performance-range.js';
import {
    rollupSums,
    sumsByTourDay,
    sumsByTourNumber,
    type PerformanceSelection,
} from './performance-repository.js';

const tags = ['tour-commander'];
const BASE = '/tour-performance';

/** A file to save (the reply is untyped: the schema's 200 describes the file as a string). */
function sendFile(reply: FastifyReply, format: 'csv' | 'xlsx', name: string, body: Buffer) {
    return reply
        .header('content-type', spreadsheetContentTypes[format])
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(body);
}

/**
 * Tour performance (domain §2, issue 16 parts 2 and 7): a depot's tour numbers over a range of
 * days, one tour number's days, the list as a CSV or Excel file, and the roll-ups per driver,
 * subcontractor and tour number. Everything needs r:tour-perf at the depot (`path`; subcontractor
 * users at their subcontractor under it) and reads only the tours within the caller's scopes. A
 * path that names no depot is refused like one outside the caller's scopes.
 */
export const tourPerformanceRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    const { db } = fastify;
    const access = requireAction(
        'r:tour-perf',
        { context: 'depot', path: queryPath() },
        { coverage: 'some' },
    );
    /** The depot and the checked range: what every route reads. */
    const selectionOf = async (query: { path: string; from: string; to: string }) => {
        const depot = await depotOfPath(db, query.path);
        const range = performanceRange(query, depotToday(depot.timeZone));
        const selection: PerformanceSelection = { depotId: depot.internalDepotId, ...range };
        return { depot, range, selection };
    };

    fastify.get(
        BASE,
        {
            config: { access },
            schema: {
                tags,
                summary:
                    "The depot's tour numbers over a range of days (at most 92): days driven, stops, jobs and failures by reason, driving and service time, distance, ETA deviation, sequence fidelity and adherence, star rating, missed windows by cause",
                querystring: TourPerformanceQuery,
                response: { 200: TourPerformanceList, ...authErrors },
            },
        },
        async (request) => {
            const { range, selection } = await selectionOf(request.query);
            const groups = await sumsByTourNumber(db, request.access.scopes, selection);
            return { ...range, tours: tourNumberRows(groups) };
        },
    );

    fastify.get(
        `${BASE}/tours/:tourNumber`,
        {
            config: { access },
            schema: {
                tags,
                summary:
                    "One tour number's days in the range with their figures, tour, driver and subcontractor; no days when it did not run then",
                params: TourPerformanceParams,
                querystring: TourPerformanceQuery,
                response: { 200: TourPerformanceDetail, ...authErrors },
            },
        },
        async (request) => {
            const { tourNumber } = request.params;
            const { range, selection } = await selectionOf(request.query);
            const days = await sumsByTourDay(db, request.access.scopes, selection, tourNumber);
            return { tourNumber, ...range, days: dayRows(days) };
        },
    );

    fastify.get(
        `${BASE}/export`,
        {
            config: { access },
            schema: {
                tags,
                summary:
                    'The tour numbers of the range as a CSV file (UTF-8 with BOM) or an Excel workbook, one column per figure',
                querystring: TourPerformanceExportQuery,
                produces: [spreadsheetContentTypes.xlsx, 'text/csv'],
                response: { 200: Type.String({ description: 'xlsx or CSV file' }), ...authErrors },
            },
        },
        async (request, reply) => {
            const { format } = request.query;
            const { depot, range, selection } = await selectionOf(request.query);
            const groups = await sumsByTourNumber(db, request.access.scopes, selection);
            const body = await performanceFile(format, tourNumberRows(groups));
            return sendFile(
                reply,
                format,
                performanceFileName(depot.externalDepotId, range, format),
                body,
            );
        },
    );

    fastify.get(
        `${BASE}/rollups`,
        {
            config: { access },
            schema: {
                tags,
                summary:
                    'The started tours of the range per driver, per subcontractor and per tour number: tours, done stops, sequence adherence and fidelity, missed arrival windows by most likely cause',
                querystring: TourPerformanceQuery,
                response: { 200: TourPerformanceRollups, ...authErrors },
            },
        },
        async (request) => {
            const { range, selection } = await selectionOf(request.query);
            const groups = await rollupSums(db, request.access.scopes, selection);
            return { ...range, ...performanceRollups(groups) };
        },
    );
};
